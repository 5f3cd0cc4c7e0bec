"""On a phone, a player chooses their hero's pronouns beside the name, by the "Pronouns" label,
and changes them on the hero's edit page: the story then tells the hero by them."""

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from characters.models import Character
from tests.browser.conftest import HAND_SIZES, log_in, screenshot

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_player_chooses_pronouns_on_creation_and_changes_them_on_edit(in_hand, password):
    get_user_model().objects.create_user("tintin", password=password)
    phone = in_hand(HAND_SIZES[0])
    log_in(phone, "tintin", password)
    phone.goto("/characters/new/?archetype=investigator")
    pronouns = phone.get_by_label("Pronouns")
    expect(pronouns).to_have_value("they")
    expect(pronouns).to_have_accessible_description("How the story tells of them: “her badge”.")
    phone.get_by_label("Name").fill("Ada Quill")
    pronouns.select_option(label="she/her")
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
    phone.get_by_label("Pronouns").select_option(label="he/him")
    phone.get_by_role("button", name="Save changes").click()
    expect(phone.get_by_role("heading", name="Ada Quill", exact=True)).to_be_visible()
    hero.refresh_from_db()
    assert hero.pronouns == "he"
