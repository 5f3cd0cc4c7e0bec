"""The SRD's nudge for a Knack too broad ("Shooting") comes while the hero is made, beside the
Knack's field, and never stops Create (DESIGN.md §2: warn, don't refuse): for a Knack typed
while the form was on its way back from the server, too, not only on the sheet afterwards."""

import pytest
from playwright.sync_api import expect

from characters.models import Character
from tests.browser.conftest import ARTIFACTS
from tests.browser.hero_making import hold_posts, tintin_on_a_phone, wait_until_held

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

BROAD = "“Shooting” is a bit broad"


def test_a_knack_typed_while_the_form_is_on_its_way_is_warned_about_beside_it(in_hand, password):
    phone = tintin_on_a_phone(in_hand, password)
    held, release = hold_posts(phone)
    phone.get_by_role("radio", name="The Investigator").check()
    wait_until_held(phone, held)
    knack = phone.get_by_label("Knack 1")
    knack.press_sequentially("Shooting")
    phone.wait_for_timeout(600)  # the hint's own request waits for the typing to stop
    release()
    expect(phone.get_by_role("heading", name="The Investigator")).to_be_visible()
    expect(knack).to_have_value("Shooting")
    hint = phone.locator("#knack-hint-0")
    expect(hint).to_contain_text(BROAD)
    hint.scroll_into_view_if_needed()
    ARTIFACTS.mkdir(exist_ok=True)  # what the player sees: the screen, not the whole page
    phone.screenshot(path=ARTIFACTS / "knack-broad-while-creating-390.png")


def test_a_knack_left_at_once_is_warned_about_and_the_hero_is_made_all_the_same(in_hand, password):
    phone = tintin_on_a_phone(in_hand, password, "/characters/new/?archetype=investigator")
    phone.get_by_label("Name").fill("Tintin")
    phone.get_by_role("button", name="Roll a drive (1d6)").tap()
    expect(phone.get_by_text("Drive roll (1d6):")).to_be_visible()
    knack = phone.get_by_label("Knack 1")
    knack.fill("Shooting")
    knack.press("Tab")  # on to the next field: the Knack is checked as it is left
    expect(phone.locator("#knack-hint-0")).to_contain_text(BROAD)
    expect(knack).to_have_attribute("aria-describedby", "knack-hint-0")
    phone.get_by_role("button", name="Create character").tap()
    expect(phone.get_by_role("heading", level=1, name="Tintin")).to_be_visible()
    assert Character.objects.get().knacks.get().text == "Shooting"
