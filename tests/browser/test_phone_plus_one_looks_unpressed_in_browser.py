"""A player's phone (390x844) after the roll and after a +1 (a fresh-eyes review of the room's
screens): the +1 (Lucky Save) buttons look like any button not pressed. A phone's browser
keeps :hover on the last thing touched, and the +1 just tapped, drawn again under the finger,
stayed tinted as if still held down. A focus ring shows for the keyboard's focus only."""

import pytest
from playwright.sync_api import expect

from characters.models import Character
from tests.browser.conftest import ARTIFACTS, gamble_panel, seated

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}
# How a button looks: its fill, its shadow, where it sits, its ring.
LOOK = """b => { const s = getComputedStyle(b);
  const ring = s.outlineStyle === 'none' || s.outlineWidth === '0px' ? 'none' : s.outlineStyle;
  return {fill: s.backgroundColor, shadow: s.boxShadow, moved: s.transform, ring}; }"""
UNPRESSED = {
    "fill": "rgb(255, 255, 255)",
    "shadow": "rgb(29, 26, 22) 3px 3px 0px 0px",
    "moved": "none",
    "ring": "none",
}


def test_the_plus_one_looks_unpressed_after_the_roll_and_after_a_tap(
    in_hand, playing, password, load_dice
):
    Character.objects.filter(pk=playing["sam"].pk).update(lucky_saves=6)
    page = seated(in_hand, PHONE, "bob", password, playing["url"])
    panel = gamble_panel(page, "Sam Okafor")
    panel.get_by_label("What are you attempting?").fill("kick the boiler door in")
    panel.get_by_text("More: advantages").tap()
    panel.get_by_label("External advantages").fill("1")
    load_dice(4, 1)
    # Pressed with the pointer, as a phone's browser does: it stays where the finger was.
    panel.get_by_role("button", name="Roll!").click()
    one = panel.get_by_role("button", name="+1 on die 1 (Lucky Save)")
    two = panel.get_by_role("button", name="+1 on die 2 (Lucky Save)")
    expect(two).to_be_visible()
    expect(page.locator(".htmx-request")).to_have_count(0)
    assert one.evaluate(LOOK) == UNPRESSED
    assert two.evaluate(LOOK) == UNPRESSED

    # Twice on the 1: the second time, the +1 is drawn again where it was, under the finger.
    for saves, label in ((1, "a Lucky Save"), (2, "2 Lucky Saves")):
        two.click()
        lifted = panel.get_by_role("img", name=f"Die 2: {1 + saves} (raised by {label})")
        expect(lifted).to_be_visible()
        expect(page.locator(".htmx-request")).to_have_count(0)
        # The +1 just tapped, given the focus back, looks as the one never touched: no tint,
        # no ring, not pushed in.
        expect(two).to_be_focused()
        assert two.evaluate(LOOK) == UNPRESSED
        assert one.evaluate(LOOK) == UNPRESSED
    expect(panel.get_by_text("2 Lucky Saves", exact=True)).to_be_visible()
    panel.locator(".dice-row").screenshot(path=ARTIFACTS / "phone-plus-one-after-a-tap-390x844.png")

    # The keyboard's focus shows its ring.
    page.keyboard.press("Shift+Tab")
    expect(one).to_be_focused()
    assert one.evaluate(LOOK)["ring"] == "solid"
    panel.locator(".dice-row").screenshot(path=ARTIFACTS / "phone-plus-one-keyboard-390x844.png")
