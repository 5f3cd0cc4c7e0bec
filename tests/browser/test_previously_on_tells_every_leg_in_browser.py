"""\"Previously on…\" on the TV (1080p) and a phone (390x844) tells the story so far: every
Leg's recap, a card each under its own title (it told the last Leg alone)."""

import pytest
from playwright.sync_api import expect

from sessions.models import Leg, Recap, Scene
from tests.browser.conftest import log_in
from tests.browser.test_tv_previously_and_campaign_flow_in_browser import LAPTOP, _screen_on, _tv
from tests.integration.test_previously_on_tells_the_story_so_far import LEG_ONE, LEG_TWO

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}


def test_previously_on_tells_every_leg_so_far(new_page, asgi_server, playing, password):
    adventure = playing["adventure"]
    two = Leg.objects.create(adventure=adventure, position=2, title="The Drowned Ledger")
    for leg, body in ((adventure.legs.first(), LEG_ONE), (two, LEG_TWO)):
        Recap.objects.create(
            adventure=adventure, leg=leg, title=leg.title, body=body, published="2026-01-01T00:00Z"
        )
    Scene.objects.update(status=Scene.Status.DONE)
    tv = _tv(new_page, "1080p", _screen_on(asgi_server, adventure, password))
    phone = new_page(PHONE)
    log_in(phone, playing["sam"].owner.username, password)
    phone.goto(playing["url"])
    cockpit = new_page(LAPTOP)
    log_in(cockpit, adventure.director.username, password)
    cockpit.goto(playing["url"])

    cockpit.get_by_role("button", name="Play “Previously on…”").click()
    first = tv.locator(".previously-page").filter(has_text="A Ticking in the Rain")
    expect(first.locator(".previously-text")).to_contain_text("threw Sam Okafor", timeout=12_000)
    tv.screenshot(path="artifacts/tv-previously-every-leg-1080p.png")
    story = phone.get_by_role("region", name="The Clockwork Monsoon")
    expect(story.get_by_role("article", name="A Ticking in the Rain")).to_contain_text(
        "Ada pocketed the ledger"
    )
    expect(story).to_contain_text("caught the villain's satchel")
    phone.screenshot(path="artifacts/phone-previously-every-leg.png", full_page=True)
