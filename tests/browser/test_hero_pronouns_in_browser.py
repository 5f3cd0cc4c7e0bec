"""On a phone, a player chooses their hero's pronouns beside the name, by the "Pronouns" label,
and changes them on the hero's edit page: the story then tells the hero by them."""

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from characters.models import Character
from tests.browser.conftest import ARTIFACTS, HAND_SIZES, log_in, screenshot

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_player_chooses_pronouns_on_creation_and_changes_them_on_edit(in_hand, password):
    get_user_model().objects.create_user("tintin", password=password)
    phone = in_hand(HAND_SIZES[0])
    log_in(phone, "tintin", password)
    phone.goto("/characters/new/?archetype=investigator")
    pronouns = phone.get_by_label("Pronouns")
    expect(pronouns).to_have_value("they")
    # The example follows the choice (a fresh-eyes review: "her badge" under they/them).
    expect(pronouns).to_have_accessible_description("How the story tells of them: “their badge”.")
    pronouns.select_option(label="he/him")
    expect(pronouns).to_have_accessible_description("How the story tells of them: “his badge”.")
    phone.locator(".name-and-pronouns").screenshot(path=ARTIFACTS / "pronouns-example-390x844.png")
    pronouns.select_option(label="she/her")
    expect(pronouns).to_have_accessible_description("How the story tells of them: “her badge”.")
    # Refused (no name yet): the page comes back with the choice and its example.
    phone.get_by_role("button", name="Create character").click()
    expect(phone.get_by_text("Every hero needs a name.").first).to_be_visible()
    pronouns = phone.get_by_label("Pronouns")
    expect(pronouns).to_have_value("she")
    expect(pronouns).to_have_accessible_description("How the story tells of them: “her badge”.")
    phone.get_by_label("Name").fill("Ada Quill")
    box = pronouns.bounding_box()
    assert box is not None
    assert box["x"] + box["width"] <= 390
    screenshot(phone, "pronouns-creation-phone")
    phone.get_by_role("button", name="Create character").click()
    expect(phone.get_by_role("heading", name="Ada Quill", exact=True)).to_be_visible()
    hero = Character.objects.get(name="Ada Quill")
    assert hero.pronouns == "she"

    phone.goto(f"/characters/{hero.pk}/edit/")
    expect(phone.get_by_label("Pronouns")).to_have_value("she")
    expect(phone.get_by_label("Pronouns")).to_have_accessible_description(
        "How the story tells of them: “her badge”."
    )
    phone.get_by_label("Pronouns").select_option(label="he/him")
    phone.get_by_role("button", name="Save changes").click()
    expect(phone.get_by_role("heading", name="Ada Quill", exact=True)).to_be_visible()
    hero.refresh_from_db()
    assert hero.pronouns == "he"


@pytest.mark.parametrize("size", HAND_SIZES, ids=["390", "360"])
def test_on_a_phone_the_name_has_a_row_of_its_own(in_hand, password, size):
    """Half a row beside Pronouns, "Professor Augusta Ravenscroft" was cut as it was typed."""
    get_user_model().objects.create_user("tintin", password=password)
    phone = in_hand(size)
    log_in(phone, "tintin", password)
    phone.goto("/characters/new/?archetype=investigator")
    name = phone.get_by_label("Name")
    name.fill("Professor Augusta Ravenscroft")
    pronouns = phone.get_by_label("Pronouns")
    name_box, pronouns_box = name.bounding_box(), pronouns.bounding_box()
    assert name_box is not None
    assert pronouns_box is not None
    assert pronouns_box["y"] >= name_box["y"] + name_box["height"], "Pronouns beside the Name"
    assert name_box["width"] >= size["width"] * 0.75
    assert name.evaluate("e => e.scrollWidth <= e.clientWidth"), "the name typed is cut"
    phone.locator(".name-and-pronouns").screenshot(
        path=ARTIFACTS / f"pronouns-name-row-{size['width']}.png"
    )
