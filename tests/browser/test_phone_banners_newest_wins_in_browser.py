"""The banners at the top of a player's phone (issue 35 item 1): only the newest news has one.
A Rest's banner gives way to a Danger's hit outside a Tumult, which gets a banner of its own,
at phone size, in sight at the top of the page."""

import pytest
from playwright.sync_api import expect

from sessions.actions import dangers
from sessions.models import Danger
from sessions.rules import DangerTemplate
from tests.browser.conftest import HAND_IDS, HAND_SIZES, screenshot, seated
from tests.browser.http import Visitor

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize("viewport", HAND_SIZES, ids=HAND_IDS)
def test_a_dangers_hit_puts_the_rest_banner_away(in_hand, asgi_server, playing, password, viewport):
    adventure, sam = playing["adventure"], playing["sam"]
    dangers.add_danger(adventure, "Lieutenant Kray", DangerTemplate.LIEUTENANT, None)
    kray = Danger.objects.get(name="Lieutenant Kray")
    Danger.objects.filter(pk=kray.pk).update(revealed=True)
    bob = seated(in_hand, viewport, "bob", password, playing["url"])
    director = Visitor(asgi_server, adventure.director, password)
    director.get(playing["url"])

    assert director.post(playing["url"] + "rest/")[0] == 200
    rest = bob.get_by_role("status").filter(has_text="A Rest")
    expect(rest).to_contain_text("Sam")

    peril = {"character": sam.pk, "delta": 2, "reason": f"danger-{kray.pk}", "detail": ""}
    assert director.post(playing["url"] + "peril/", peril)[0] == 200
    hit = bob.get_by_role("alert").filter(has_text="A Danger strikes!")
    expect(hit).to_contain_text("Peril from Lieutenant Kray")
    expect(rest).to_have_count(0)  # the older news went
    bob.evaluate("window.scrollTo(0, 0)")
    expect(hit).to_be_in_viewport(ratio=1)
    screenshot(bob, f"phone-danger-hit-after-rest-{viewport['width']}x{viewport['height']}")

    # The Director eases it: that is the newest news now, and the hit's banner goes.
    peril = {"character": sam.pk, "delta": -1, "reason": "rest", "detail": ""}
    status, body = director.post(playing["url"] + "peril/", peril)
    assert status == 200, body
    expect(bob.get_by_role("status").filter(has_text="Peril eased")).to_be_visible()
    expect(hit).to_have_count(0)
