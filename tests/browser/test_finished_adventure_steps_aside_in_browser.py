"""Once the Adventure is finished, nothing invites a Gamble: the phone's hero bar keeps the
hero's trackers but no "Gamble" button, and the TV shows no empty Wide Shot box."""

import pytest
from playwright.sync_api import expect

from sessions.models import Adventure
from tests.browser.conftest import log_in, screenshot
from tests.browser.http import Visitor

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}
TV = {"width": 1280, "height": 720}


def test_no_gamble_button_and_no_empty_wide_shot_after_the_end(
    new_page, asgi_server, playing, password
):
    director = Visitor(asgi_server, playing["adventure"].director, password)
    assert director.post(playing["url"] + "screen/", {"enabled": "1"})[0] == 200
    phone = new_page(PHONE)
    log_in(phone, "bob", password)
    phone.goto(playing["url"])
    bar = phone.locator("[data-hero-bar]").first
    expect(bar.get_by_role("link", name="Gamble")).to_be_visible()

    assert director.post(playing["url"] + "scene/end/", {"lock_open": "yes"})[0] == 200
    # Between Scenes there is nothing to gamble: the bar offers no "Gamble" (a review's slip).
    bar = phone.locator("[data-hero-bar]").first
    expect(phone.get_by_text("Gambles wait for a Scene in play")).to_be_visible()
    expect(bar.get_by_role("link")).to_have_count(0)
    assert director.post(playing["url"] + "finish/", {"confirm": "yes"})[0] == 200
    phone.reload()
    expect(phone.get_by_text("The Adventure is over: no more Gambles")).to_be_visible()
    bar = phone.locator("[data-hero-bar]").first
    expect(bar).to_contain_text("Peril")
    expect(bar.get_by_role("link")).to_have_count(0)
    screenshot(phone, "phone-finished")

    tv = new_page(TV)
    tv.goto(f"/screen/{Adventure.objects.get().screen_token}/")
    expect(tv.locator(".panel.wideshot")).to_be_hidden()
    screenshot(tv, "tv-finished")
