"""The banners pinned at the top of a player's phone at 390x844 never cover the Gamble's heading
they send the player to (a fresh-eyes look at the phone): two calls at once (the Tumult's turn
and the Group Gamble's), one followed; and the enemies' blow pinned on its own, with the hero
bar's "Gamble" tapped (the page padded only for the calls' banner, so the heading and the top of
the form landed under the notice)."""

import pytest
from playwright.sync_api import expect

from sessions.models import WideShot
from sessions.rules import DangerTemplate
from tests.browser.conftest import (
    foes_in_sight,
    gamble_panel,
    seated,
    tumult_against_them_all,
)
from tests.browser.http import Visitor

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}

# The boxes of what is pinned at the top of the phone (the calls' banners, the pause's bar).
PINNED = """() => [...document.querySelectorAll('body *')]
  .filter(el => ['fixed', 'sticky'].includes(getComputedStyle(el).position))
  .filter(el => el.checkVisibility())
  .map(el => el.getBoundingClientRect())
  .filter(box => box.height && box.top < innerHeight / 2)
  .map(box => ({top: box.top, bottom: box.bottom}))"""


def _clear_of_the_banners(phone, heading) -> None:
    expect(heading).to_be_in_viewport()
    top = heading.bounding_box()["y"]
    pinned = phone.evaluate(PINNED)
    assert pinned, "a banner is pinned at the top"
    covered = [box for box in pinned if box["bottom"] > top + 1]
    assert not covered, (top, pinned)


def _scene(asgi_server, playing, password):
    """The Scene's Wide Shot locked (no call for it) and a Tumult against the Brass Brute."""
    WideShot.objects.update(locked=True)
    (brute,) = foes_in_sight(playing["adventure"], ("The Brass Brute", DangerTemplate.LIEUTENANT))
    tumult_against_them_all(asgi_server, playing, password)
    director = Visitor(asgi_server, playing["adventure"].director, password)
    director.get(playing["url"])
    return director, brute


@pytest.mark.parametrize("who", [("carol", "Ada"), ("bob", "Sam Okafor")], ids=["ada", "sam"])
def test_a_call_followed_lands_with_its_heading_below_the_banners(
    in_hand, asgi_server, playing, password, who
):
    user, hero = who
    director, _ = _scene(asgi_server, playing, password)
    assert director.post(playing["url"] + "group/", {"text": "outrun the flood"})[0] == 200

    phone = seated(in_hand, PHONE, user, password, playing["url"])
    banner = phone.get_by_role("navigation", name="Waiting on you")
    expect(banner.get_by_role("link", name=f"{hero}: your turn in the Tumult")).to_be_visible()
    # Read from further down, the Group Gamble's call is followed back up (Sam's, too long
    # for one line beside the first, waits in the fold under it).
    phone.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    if user == "bob":
        banner.get_by_text("1 more waiting on you").tap()
    banner.get_by_role("link", name=f"{hero}: roll for the Group Gamble").tap()
    phone.wait_for_function("location.hash.startsWith('#gamble-')")
    _clear_of_the_banners(
        phone, gamble_panel(phone, hero).get_by_role("heading", name=f"{hero}: Gamble")
    )


def test_the_bars_gamble_lands_below_a_notice_pinned_on_its_own(
    in_hand, asgi_server, playing, password
):
    director, brute = _scene(asgi_server, playing, password)
    phone = seated(in_hand, PHONE, "carol", password, playing["url"])
    struck = {f"split-{brute.pk}-{playing['ada'].pk}": "1"}
    assert director.post(playing["url"] + "tumult/enemies/", struck)[0] == 200
    expect(phone.get_by_text("The enemies strike!")).to_be_visible()
    expect(phone.get_by_role("navigation", name="Waiting on you")).to_have_count(0)
    phone.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    phone.locator(".hero-bar").get_by_role("link", name="Gamble").tap()
    phone.wait_for_function("location.hash.startsWith('#gamble-title-')")
    panel = gamble_panel(phone, "Ada")
    _clear_of_the_banners(phone, panel.get_by_role("heading", name="Ada: Gamble"))
    _clear_of_the_banners(phone, panel.get_by_label("What are you attempting?"))
