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


def test_the_end_takes_the_directors_line_for_the_table_away_live(
    new_page, asgi_server, playing, password
):
    """A fresh-eyes Director: after The End, "Post my line to the table" stayed offered (and
    was refused) until a reload."""
    desk = new_page({"width": 1366, "height": 768})
    log_in(desk, playing["adventure"].director.username, password)
    desk.goto(playing["url"])
    notes = desk.get_by_role("region", name="Your notes")
    expect(notes.get_by_role("button", name="Post my line to the table")).to_be_visible()
    director = Visitor(asgi_server, playing["adventure"].director, password)
    assert director.post(playing["url"] + "finish/", {"confirm": "yes"})[0] == 200
    expect(notes).to_contain_text("The Adventure is finished: its log is kept as it was played.")
    expect(notes.get_by_role("button", name="Post my line to the table")).to_have_count(0)
