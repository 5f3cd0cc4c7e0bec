"""A player who locks in a Gamble sees what it came to on their own phone, at the top of the
Gamble panel over the fresh form, until their next roll."""

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import gamble_panel, screenshot, seated, try_and_roll

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}


def test_the_verdict_stays_over_the_fresh_form(new_page, playing, password, load_dice):
    phone = seated(new_page, PHONE, "bob", password, playing["url"])
    panel = gamble_panel(phone, playing["sam"].name)
    load_dice(2)
    try_and_roll(panel)
    panel.get_by_role("button", name="Lock in").click()
    result = panel.locator(".just-locked")
    expect(result).to_contain_text("Blunder!")
    expect(result).to_contain_text("Blammo! Die")
    # Its dice too, as they settled (fresh-eyes review, item 2), not only the log's words.
    expect(result.get_by_role("img", name="Dice: 2")).to_be_visible()
    expect(panel.get_by_role("button", name="Roll!")).to_be_visible()
    # Above the fresh form, on the panel's first screen.
    assert (
        result.bounding_box()["y"] < panel.get_by_role("button", name="Roll!").bounding_box()["y"]
    )
    screenshot(phone, "phone-own-result")
    # The "More" fold's arrow is inside its summary, level with the fields above (not drawn
    # on the panel's border).
    more = panel.locator("details.gamble-extras > summary")
    field = panel.get_by_label("What are you attempting?")
    assert more.bounding_box()["x"] >= field.bounding_box()["x"] - 0.5
    # Still there after a reload, gone with the next roll.
    phone.reload()
    expect(gamble_panel(phone, playing["sam"].name).locator(".just-locked")).to_contain_text(
        "Blunder!"
    )
    panel = gamble_panel(phone, playing["sam"].name)
    load_dice(6)
    try_and_roll(panel)
    expect(panel.get_by_role("button", name="Lock in")).to_be_visible()
    expect(panel.locator(".just-locked")).to_have_count(0)
