"""A player's Gamble on a phone (fresh-eyes evening): the choices, then what they come to (the
odds line), then Roll!, which says how many dice it throws at every step. Opened, the Blammo!
box says its odds under the sound effects, just before Roll!, and says no Blammo! Die counts
until a sound effect is typed; Roll! stays on the first screen."""

import pytest
from playwright.sync_api import expect

from characters.models import Knack
from tests.browser.conftest import HAND_IDS, HAND_SIZES, gamble_panel, screenshot, seated

pytestmark = [pytest.mark.browser, pytest.mark.looks, pytest.mark.django_db(transaction=True)]


def _below(upper, lower) -> None:
    top, bottom = upper.bounding_box(), lower.bounding_box()
    assert top["y"] + top["height"] <= bottom["y"] + 1, (top, bottom)


@pytest.mark.parametrize("viewport", HAND_SIZES, ids=HAND_IDS)
def test_the_odds_come_before_roll_and_roll_counts_its_dice(in_hand, playing, password, viewport):
    Knack.objects.create(character=playing["sam"], text="Brawling in cramped places")
    page = seated(in_hand, viewport, "bob", password, playing["url"])
    panel = gamble_panel(page, "Sam Okafor")
    odds = panel.get_by_role("status").filter(has_text="to succeed")
    roll = panel.get_by_role("button", name="Roll!")
    expect(roll).to_have_text("Roll! (1 die)")
    expect(roll).to_be_in_viewport(ratio=1)
    _below(odds, roll)
    _below(panel.get_by_label("What are you attempting?"), odds)

    panel.get_by_label("Brawling in cramped places").check()
    expect(odds).to_contain_text("2 dice")
    expect(roll).to_have_text("Roll! (2 dice)")
    expect(roll).to_be_in_viewport(ratio=1)
    # Its count under "Roll!", the button stays beside Blammo! in one row.
    blammo = panel.get_by_text("Blammo! (2)", exact=True).bounding_box()
    button = roll.bounding_box()
    assert abs(blammo["y"] + blammo["height"] / 2 - button["y"] - button["height"] / 2) < 4
    screenshot(page, f"phone-odds-before-roll-{viewport['width']}x{viewport['height']}")

    # Blammo! opened, nothing typed yet: Roll! still says 2 dice, and the box says why, by the
    # field and just above Roll!.
    panel.get_by_text("Blammo! (2)", exact=True).tap()
    sound = panel.get_by_label("Sound effect 1")
    echo = panel.locator(".odds-echo")
    expect(echo).to_contain_text("2 dice")
    expect(echo).to_contain_text("type a sound effect to add one")
    expect(roll).to_have_text("Roll! (2 dice)")
    _below(sound, echo)
    _below(echo, roll)

    sound.press_sequentially("KA-POW!")
    expect(echo).to_contain_text("3 dice")
    expect(echo).not_to_contain_text("type a sound effect")
    expect(roll).to_have_text("Roll! (3 dice)")
    expect(odds).to_contain_text("3 dice")  # the line itself, for a screen reader
    roll.scroll_into_view_if_needed()
    expect(echo).to_be_in_viewport(ratio=1)
    screenshot(page, f"phone-blammo-odds-by-roll-{viewport['width']}x{viewport['height']}")
