"""At 390×844 the Roll button is on the phone's first screen when it is the hero's turn to
Gamble (issue 34, the room's screens, item 9): in a Tumult, with the turn's call, the Wide
Shot's call and the enemies' Peril banner up, Roll shows whole above the hero bar, unscrolled."""

import pytest
from playwright.sync_api import expect

from sessions.actions import dangers
from sessions.models import Danger
from sessions.rules import DangerTemplate
from tests.browser.conftest import ARTIFACTS, PHONE, gamble_panel, seated
from tests.browser.http import Visitor

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _roll_on_the_first_screen(page) -> None:
    page.evaluate("window.scrollTo(0, 0)")
    roll = gamble_panel(page, "Sam Okafor").get_by_role("button", name="Roll!")
    expect(roll).to_be_visible()
    box = roll.bounding_box()
    bar = page.locator("[data-hero-bar]").first.bounding_box()
    assert box["y"] >= 0, box
    assert box["y"] + box["height"] <= bar["y"], (box, bar)


def test_roll_is_on_the_first_screen_on_the_heros_turn_in_a_tumult(
    new_page, asgi_server, playing, password
):
    adventure, sam = playing["adventure"], playing["sam"]
    dangers.add_danger(
        adventure, "Lieutenant Kray of the Brass Citadel", DangerTemplate.LIEUTENANT, None
    )
    kray = Danger.objects.get(name="Lieutenant Kray of the Brass Citadel")
    Danger.objects.filter(pk=kray.pk).update(revealed=True)
    phone = seated(new_page, PHONE, "bob", password, playing["url"])
    _roll_on_the_first_screen(phone)

    director = Visitor(asgi_server, adventure.director, password)
    director.get(playing["url"])
    assert director.post(playing["url"] + "tumult/start/")[0] == 200
    expect(phone.get_by_role("link", name="Sam Okafor: your turn in the Tumult")).to_be_visible()
    _roll_on_the_first_screen(phone)
    phone.screenshot(path=ARTIFACTS / "phone-roll-first-screen-tumult-390.png")

    # A round later, the enemies' Peril banner came and went: Roll is still on the first screen.
    split = {f"split-{kray.pk}-{sam.pk}": 1}
    assert director.post(playing["url"] + "tumult/enemies/", split)[0] == 200
    expect(phone.get_by_role("alert").filter(has_text="The enemies strike!")).to_be_visible()
    assert director.post(playing["url"] + "tumult/next/")[0] == 200
    expect(phone.get_by_role("link", name="Sam Okafor: your turn in the Tumult")).to_be_visible()
    _roll_on_the_first_screen(phone)
    phone.reload()
    expect(phone.locator("[data-live-status]")).to_have_text("Live")
    _roll_on_the_first_screen(phone)
