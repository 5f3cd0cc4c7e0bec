"""Blammo! on a phone (issue 35 item 4): a hero with Blammo! Dice finds them one tap away, a
button of their own in Roll!'s row (no longer folded under "More"), on the first screen and
clear of Roll!, at 360 and 390 px; opened, the sound effects come above Roll!."""

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import HAND_IDS, HAND_SIZES, gamble_panel, screenshot, seated

pytestmark = [pytest.mark.browser, pytest.mark.looks, pytest.mark.django_db(transaction=True)]


def _apart(one: dict, other: dict) -> bool:
    return (
        one["x"] + one["width"] <= other["x"]
        or other["x"] + other["width"] <= one["x"]
        or one["y"] + one["height"] <= other["y"]
        or other["y"] + other["height"] <= one["y"]
    )


@pytest.mark.parametrize("viewport", HAND_SIZES, ids=HAND_IDS)
def test_blammo_is_one_tap_away_beside_more_and_clear_of_roll(in_hand, playing, password, viewport):
    page = seated(in_hand, viewport, "bob", password, playing["url"])
    panel = gamble_panel(page, "Sam Okafor")
    blammo = panel.get_by_text("Blammo! (2)", exact=True)
    more = panel.get_by_text("More: advantages", exact=False)
    roll = panel.get_by_role("button", name="Roll!")
    for thing in (blammo, more, roll):
        expect(thing).to_be_in_viewport(ratio=1)
    boxes = [blammo.bounding_box(), more.bounding_box(), roll.bounding_box()]
    # One row with Roll!, under More.
    middle = [box["y"] + box["height"] / 2 for box in boxes]
    assert abs(middle[0] - middle[2]) < 4, boxes
    assert boxes[1]["y"] < boxes[2]["y"], boxes
    assert _apart(boxes[0], boxes[2]), boxes
    assert _apart(boxes[1], boxes[2]), boxes
    assert boxes[0]["height"] >= 44
    screenshot(page, f"phone-blammo-row-{viewport['width']}x{viewport['height']}")

    panel.get_by_label("What are you attempting?").fill("Kick the door in")
    blammo.tap()
    sound = panel.get_by_label("Sound effect 1")
    expect(sound).to_be_visible()
    sound.fill("KA-POW!")
    expect(panel.locator(".odds")).to_contain_text("2 dice")  # the Blammo! die counts, live
    assert sound.bounding_box()["y"] < roll.bounding_box()["y"]
    screenshot(page, f"phone-blammo-open-{viewport['width']}x{viewport['height']}")
    roll.scroll_into_view_if_needed()
    roll.tap()
    expect(panel.get_by_text("Attempting: “Kick the door in”")).to_be_visible(timeout=20_000)
    expect(panel.locator(".trackers-line")).to_contain_text("Blammo! Dice 1")  # one spent
