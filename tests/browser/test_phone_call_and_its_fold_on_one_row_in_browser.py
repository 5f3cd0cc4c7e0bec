"""A player's phone at 360x780 in a Tumult with a Group Gamble called (a fresh-eyes review): the
hero's turn and the fold under it ("1 more waiting on you") took two rows, about a quarter of the
screen. The fold sits beside the call, one compact row, every word whole (never cut with "…");
opened, it reads whole under the call."""

import pytest
from playwright.sync_api import expect

from sessions.models import WideShot
from sessions.rules import DangerTemplate
from tests.browser.conftest import ARTIFACTS, foes_in_sight, seated, tumult_against_them_all
from tests.browser.http import Visitor
from tests.browser.test_phone_calls_whole_and_gambles_told_in_browser import ALL_WHOLE

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 360, "height": 780}


def test_the_fold_sits_beside_the_call_on_one_row(in_hand, asgi_server, playing, password):
    WideShot.objects.update(locked=True)
    foes_in_sight(playing["adventure"], ("The Brass Brute", DangerTemplate.LIEUTENANT))
    tumult_against_them_all(asgi_server, playing, password)
    director = Visitor(asgi_server, playing["adventure"].director, password)
    director.get(playing["url"])
    assert director.post(playing["url"] + "group/", {"text": "outrun the flood"})[0] == 200

    phone = seated(in_hand, PHONE, "bob", password, playing["url"])
    banner = phone.get_by_role("navigation", name="Waiting on you")
    turn = banner.get_by_role("link", name="Sam Okafor: your turn in the Tumult")
    more = banner.get_by_text("1 more waiting on you")
    expect(turn).to_be_visible()
    expect(more).to_be_visible()
    phone.evaluate("window.scrollTo(0, 0)")
    phone.screenshot(path=str(ARTIFACTS / "phone-call-and-fold-one-row-360x780.png"))
    call, fold = turn.bounding_box(), more.bounding_box()
    # One row: the fold beside the call, not under it.
    assert fold["y"] < call["y"] + call["height"], (call, fold)
    assert fold["x"] > call["x"] + call["width"] - 1, (call, fold)
    assert banner.bounding_box()["height"] <= 80, banner.bounding_box()
    assert banner.evaluate(ALL_WHOLE)
    # Opened, the folded call reads whole under the first.
    more.tap()
    group = banner.get_by_role("link", name="Sam Okafor: roll for the Group Gamble")
    expect(group).to_be_visible()
    assert group.bounding_box()["y"] >= call["y"] + call["height"] - 1
    assert banner.evaluate(ALL_WHOLE)
