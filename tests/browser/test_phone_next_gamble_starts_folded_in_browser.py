"""A player's next Gamble starts folded (a fresh-eyes phone, item 2: after Sam spent a Blammo!
die and rolled, his next Gamble opened with "Spend Blammo! Dice" already open, and "More:
advantages, help" stayed open too): the folds a player opens stay open through the live
redraws of the Gamble being composed, and the hero's next Gamble comes folded. At 390x844 and
360x740, in the hand."""

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import ARTIFACTS, gamble_panel, seated
from tests.browser.http import Visitor

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONES = [{"width": 390, "height": 844}, {"width": 360, "height": 740}]
PHONE_IDS = ["390x844", "360x740"]


@pytest.mark.parametrize("viewport", PHONES, ids=PHONE_IDS)
def test_the_next_gamble_starts_folded(
    in_hand, asgi_server, playing, password, load_dice, viewport
):
    adventure, url = playing["adventure"], playing["url"]
    page = seated(in_hand, viewport, "bob", password, url)
    panel = gamble_panel(page, "Sam Okafor")
    more = panel.locator("details.gamble-extras")
    blammo = panel.locator("details.gamble-blammo")
    panel.get_by_label("What are you attempting?").fill("Kick the door in")
    more.locator("summary").tap()
    panel.get_by_text("Blammo! (2)", exact=True).tap()
    panel.get_by_label("Sound effect 1").fill("KA-POW!")
    expect(panel.locator(".odds")).to_contain_text("2 dice")

    # The Director's Peril for Ada redraws Sam's panel live: the same Gamble, still open.
    director = Visitor(asgi_server, adventure.director, password)
    director.get(url)
    peril = {"character": playing["ada"].pk, "delta": 1, "reason": "weird", "detail": "a slip"}
    assert director.post(url + "peril/", peril)[0] == 200
    expect(page.get_by_role("region", name="The Cast")).to_contain_text("Peril 1")
    expect(more).to_have_attribute("open", "")
    expect(blammo).to_have_attribute("open", "")
    expect(panel.get_by_label("Sound effect 1")).to_have_value("KA-POW!")

    load_dice(6, 5)
    roll = panel.get_by_role("button", name="Roll!")
    roll.scroll_into_view_if_needed()
    roll.tap()
    expect(panel.locator(".trackers-line")).to_contain_text("Blammo! Dice 1")
    panel.get_by_role("button", name="Lock in").tap()

    # His next Gamble: folded, the Blammo! box shut, no sound effect in it.
    expect(panel.get_by_label("What are you attempting?")).to_have_value("")
    expect(panel.get_by_text("Blammo! (1)", exact=True)).to_be_visible()
    expect(more).not_to_have_attribute("open", "")
    expect(blammo).not_to_have_attribute("open", "")
    expect(panel.get_by_text("Spend Blammo! Dice")).to_be_hidden()
    page.screenshot(
        path=ARTIFACTS / f"phone-next-gamble-folded-{viewport['width']}x{viewport['height']}.png"
    )
    # And live redraws of it keep it so.
    assert director.post(url + "peril/", peril)[0] == 200
    expect(page.get_by_role("region", name="The Cast")).to_contain_text("Peril 2")
    expect(more).not_to_have_attribute("open", "")
    expect(blammo).not_to_have_attribute("open", "")
