"""A quick player on a phone makes a hero without waiting for the server: the name typed
while the archetype's tables were on their way, the rolls pressed one after another, the
Knacks typed while a roll was on its way, and Create pressed at once. Nothing typed is lost,
no press is dropped; and a refused form shows its first error where the player is looking."""

import pytest
from playwright.sync_api import expect

from characters.archetypes import ARCHETYPES
from characters.models import Character
from tests.browser.conftest import ARTIFACTS, HAND_IDS, HAND_SIZES, screenshot
from tests.browser.hero_making import hold_posts, tintin_on_a_phone, wait_until_held

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_quick_player_keeps_every_word_typed(in_hand, password):
    phone = tintin_on_a_phone(in_hand, password)
    held, release = hold_posts(phone)

    phone.get_by_role("radio", name="The Investigator").check()
    phone.get_by_label("Name").fill("Tintin")  # while the archetype's tables are on their way
    wait_until_held(phone, held)
    held.pop(0).continue_()
    expect(phone.get_by_role("heading", name="The Investigator")).to_be_visible()

    phone.get_by_role("button", name="Roll a drive (1d6)").tap()
    phone.get_by_role("button", name="Roll Equipment (d66)").tap()
    phone.get_by_label("Knack 1").fill("Spotting a forged banknote")
    phone.get_by_role("button", name="Create character").tap()
    release()

    expect(phone.get_by_role("heading", level=1, name="Tintin")).to_be_visible()
    hero = Character.objects.get()
    assert hero.name == "Tintin"
    assert hero.drive in [drive.name for drive in ARCHETYPES["investigator"].drives]
    equipment = [item.text for item in hero.equipment.all()]
    assert len(equipment) == 2, "the Equipment roll pressed during the drive roll was made"
    assert [knack.text for knack in hero.knacks.all()] == ["Spotting a forged banknote"]
    screenshot(phone, "quick-hero-created-390")


def test_a_refused_hero_shows_the_first_error_in_view(in_hand, password):
    phone = tintin_on_a_phone(in_hand, password)
    phone.get_by_role("radio", name="The Investigator").check()
    expect(phone.get_by_role("heading", name="The Investigator")).to_be_visible()
    phone.get_by_role("button", name="Roll a drive (1d6)").tap()
    expect(phone.get_by_text("Drive roll (1d6):")).to_be_visible()
    phone.get_by_label("Knack 1").fill("Spotting a forged banknote")
    phone.get_by_role("button", name="Create character").tap()  # no name: refused

    name = phone.get_by_label("Name")
    expect(name).to_be_focused()
    expect(name).to_be_in_viewport()
    expect(phone.get_by_text("Every hero needs a name.").last).to_be_in_viewport()
    ARTIFACTS.mkdir(exist_ok=True)  # what the player sees: the screen, not the whole page
    phone.screenshot(path=ARTIFACTS / "refused-hero-error-in-view-390.png")
    assert not Character.objects.exists()


def test_a_refused_plain_post_shows_the_first_error_in_view(in_hand, password):
    """Before htmx has wired the form (a slow phone), Create posts the whole page: the page
    that comes back opens at the first error too, not at its top."""
    phone = tintin_on_a_phone(in_hand, password, "/characters/new/?archetype=investigator")
    phone.evaluate(
        "() => { const form = document.getElementById('character-form');"
        " form.removeAttribute('hx-post'); form.replaceWith(form.cloneNode(true)); }"
    )
    phone.get_by_label("Knack 1").fill("Spotting a forged banknote")  # and no name: refused
    with phone.expect_navigation():
        phone.get_by_role("button", name="Create character").tap()

    name = phone.get_by_label("Name")
    expect(name).to_be_focused()
    expect(name).to_be_in_viewport()
    expect(phone.get_by_label("Knack 1")).to_have_value("Spotting a forged banknote")
    assert phone.evaluate("window.scrollY") > 0, "the page opened at the error, not its top"
    assert not Character.objects.exists()


@pytest.mark.parametrize("size", HAND_SIZES, ids=HAND_IDS)
def test_a_quick_player_at_full_speed_makes_the_hero_typed(in_hand, password, size):
    """The reviewer's evening: nothing held back, just fingers faster than the server."""
    phone = tintin_on_a_phone(in_hand, password, size=size)
    phone.get_by_role("radio", name="The Investigator").check()
    phone.get_by_label("Name").fill("Tintin")
    phone.get_by_role("button", name="Roll a drive (1d6)").tap()
    phone.get_by_role("button", name="Roll Equipment (d66)").tap()
    phone.get_by_label("Knack 1").fill("Spotting a forged banknote")
    phone.get_by_role("button", name="Create character").tap()

    expect(phone.get_by_role("heading", level=1, name="Tintin")).to_be_visible()
    hero = Character.objects.get()
    assert [knack.text for knack in hero.knacks.all()] == ["Spotting a forged banknote"]


def test_create_pressed_twice_makes_one_hero(in_hand, password):
    phone = tintin_on_a_phone(in_hand, password, "/characters/new/?archetype=investigator")
    phone.get_by_label("Name").fill("Tintin")
    _held, release = hold_posts(phone)
    create = phone.get_by_role("button", name="Create character")
    create.tap()
    create.tap()
    release()

    expect(phone.get_by_role("heading", level=1, name="Tintin")).to_be_visible()
    phone.reload()  # had a second post gone, it would be in by now
    expect(phone.get_by_role("heading", level=1, name="Tintin")).to_be_visible()
    assert Character.objects.count() == 1
