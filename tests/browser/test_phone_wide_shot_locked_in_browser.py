"""Once the Director locks the Wide Shot, a player's phone (390x844) no longer shows the "What
does <hero> see?" field and a greyed "Change my detail": their detail reads in the board, as
canon (fresh-eyes game night)."""

import re

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import ARTIFACTS, seated
from tests.browser.http import Visitor

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_locked_wide_shot_takes_the_form_away(in_hand, asgi_server, playing, password):
    adventure = playing["adventure"]
    phone = seated(in_hand, {"width": 390, "height": 844}, "bob", password, playing["url"])
    board = phone.get_by_role("region", name=re.compile("Wide Shot"))
    board.get_by_label("What does Sam Okafor see?").fill("a parrot asleep on the ceiling fan")
    board.get_by_role("button", name="Add my detail").tap()
    expect(board.get_by_role("button", name="Change my detail")).to_be_visible()
    director = Visitor(asgi_server, adventure.director, password)
    director.get(playing["url"])
    assert director.post(playing["url"] + "wideshot/lock/", {"locked": "1"})[0] == 200
    expect(board.get_by_text("Locked: canon")).to_be_visible()
    expect(board.get_by_label("What does Sam Okafor see?")).to_have_count(0)
    expect(board.get_by_role("button", name="Change my detail")).to_have_count(0)
    expect(board.get_by_text("a parrot asleep on the ceiling fan")).to_be_visible()
    # The whole board is canon, not the player's own line alone (a fresh-eyes player read
    # "Sam Okafor's detail is canon" as the others' details turned down).
    whole = board.get_by_text("The Director locked the Wide Shot: every detail is canon.")
    expect(whole).to_be_visible()
    expect(board).not_to_contain_text("Sam Okafor's detail is canon")
    board.scroll_into_view_if_needed()
    phone.screenshot(path=str(ARTIFACTS / "phone-wide-shot-locked-390x844.png"))
