"""An Investigation asked for while a Group Gamble's spotlight is up takes the TV's spotlight
(it had none till its die was rolled): the newest moment wins."""

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import shared_screen
from tests.browser.test_tv_stage_in_browser import READ, SIZES, _moves

pytestmark = [pytest.mark.browser, pytest.mark.looks, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize("size", ["720p", "1080p"])
def test_an_investigation_asked_for_takes_the_spotlight_from_a_group_gamble(
    new_page, asgi_server, playing, password, size
):
    _roll, _lock, direct = _moves(asgi_server, playing, password)
    tv = new_page(SIZES[size])
    tv.goto(shared_screen(asgi_server, playing, password))
    expect(tv.locator("[data-live-status]")).to_have_text("Live")
    spotlight = tv.locator(".spotlight-part")
    direct("group/", {"text": "Outrun the flood"})
    expect(spotlight).to_contain_text("Group Gamble!")
    direct("investigate/", {"character": playing["sam"].pk, "text": "the torn ledger"})
    expect(spotlight).to_contain_text(
        "Sam Okafor takes a closer look at the torn ledger", timeout=READ * 2
    )
    expect(spotlight).to_contain_text("One die decides what they learn.")
    expect(spotlight).to_be_visible()
    tv.wait_for_timeout(500)  # the photograph after the spotlight's entrance
    tv.screenshot(path=f"artifacts/tv-moment-investigation-asked-{SIZES[size]['width']}.png")
