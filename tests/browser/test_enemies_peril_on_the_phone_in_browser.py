"""The enemies' turn of a Tumult on a player's phone (issue 34, the room's screens, item 8): the
Peril the enemies deal the player's hero shows at the top of the phone, live, in a banner, in
the log's own words (a hero spared sees none); the next round puts it away."""

import pytest
from playwright.sync_api import expect

from sessions.actions import dangers
from sessions.models import Danger, TableEvent
from sessions.rules import DangerTemplate
from tests.browser.conftest import ARTIFACTS, PHONE, log_in
from tests.browser.http import Visitor

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_phone_shows_the_peril_the_enemies_deal_its_hero_in_a_banner(
    new_page, asgi_server, playing, password
):
    adventure, sam = playing["adventure"], playing["sam"]
    dangers.add_danger(adventure, "Lieutenant Kray", DangerTemplate.LIEUTENANT, None)
    kray = Danger.objects.get(name="Lieutenant Kray")
    Danger.objects.filter(pk=kray.pk).update(revealed=True)
    bob, carol = new_page(PHONE), new_page(PHONE)
    log_in(bob, "bob", password)
    log_in(carol, "carol", password)
    for page in (bob, carol):
        page.goto(playing["url"])
        expect(page.locator("[data-live-status]")).to_have_text("Live")
    director = Visitor(asgi_server, adventure.director, password)
    director.get(playing["url"])
    assert director.post(playing["url"] + "tumult/start/")[0] == 200
    bob.evaluate("window.scrollTo(0, document.documentElement.scrollHeight / 2)")

    assert (
        director.post(playing["url"] + "tumult/enemies/", {f"split-{kray.pk}-{sam.pk}": 2})[0]
        == 200
    )
    struck = TableEvent.objects.get(kind="enemies_turn").data["struck"][0]
    line = struck["line"]
    assert line == "Lieutenant Kray → Sam Okafor: Peril +2 (now 2)."
    # Told to Sam's own player (a fresh-eyes evening: it spoke of Sam as of someone else).
    assert struck["yours"] == "Lieutenant Kray strikes: you take Peril +2 (now 2 of 6)."
    banner = bob.get_by_role("alert").filter(has_text="The enemies strike!")
    expect(banner).to_contain_text(struck["yours"])
    bob.evaluate("window.scrollTo(0, 0)")
    expect(banner).to_be_in_viewport(ratio=1)
    bob.screenshot(path=ARTIFACTS / "phone-enemies-peril-banner.png")
    # Carol's Ada was spared: no alarm on her phone, but what the enemies did, as the TV
    # tells it (issue 35 item 6).
    expect(carol.locator("#log-list > li").first).to_contain_text("the enemies' turn")
    expect(carol.get_by_role("alert").filter(has_text="The enemies strike!")).to_have_count(0)
    told = carol.get_by_role("status").filter(has_text="The enemies strike!")
    expect(told).to_contain_text(line)
    carol.evaluate("window.scrollTo(0, 0)")
    expect(told).to_be_in_viewport(ratio=1)
    carol.screenshot(path=ARTIFACTS / "phone-enemies-turn-spared.png")

    # The next round: the banners go.
    assert director.post(playing["url"] + "tumult/next/")[0] == 200
    expect(banner).to_have_count(0)
    expect(told).to_have_count(0)
