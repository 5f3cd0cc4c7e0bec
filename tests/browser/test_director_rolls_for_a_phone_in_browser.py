"""The Director rolls for a hero (the roll-for page): its player's phone is never silent about it
(issue 34, the room's screens, item 4). A banner at the top and a notice in the hero's panel say
"the Director is rolling for you" live, the dice show as they fall, and once locked in the
phone shows the result as for its own roll, and the banner goes."""

import re

import pytest
from playwright.sync_api import expect

from sessions.models import Gamble
from tests.browser.conftest import ARTIFACTS, PHONE, gamble_panel, seated
from tests.browser.http import Visitor

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_phone_shows_the_director_rolling_for_its_hero_and_then_the_result(
    new_page, asgi_server, playing, password, load_dice
):
    sam = playing["sam"]
    phone = seated(new_page, PHONE, "bob", password, playing["url"])
    banner = phone.get_by_role("navigation", name="Waiting on you")
    calling = banner.get_by_role("link", name=re.compile("the Director is rolling for you"))
    expect(calling).to_have_count(0)

    director = Visitor(asgi_server, playing["adventure"].director, password)
    director.get(playing["url"])
    load_dice(5, 2)
    roll = {"request_id": "for-sam-01", "intent": "climb the drainpipe", "advantages": 1}
    assert director.post(playing["url"] + f"roll/{sam.pk}/", roll)[0] == 200

    expect(calling).to_be_in_viewport()
    mine = gamble_panel(phone, "Sam Okafor")
    notice = mine.get_by_role("status").filter(has_text="The Director is rolling for")
    expect(notice).to_be_visible()
    expect(mine.get_by_role("img", name="Die 1: 5")).to_be_visible()
    phone.screenshot(path=ARTIFACTS / "phone-director-rolling-for-you.png")
    calling.click()
    expect(mine.get_by_text("The Director is rolling for Sam Okafor.")).to_be_in_viewport()

    gamble = Gamble.objects.get(character=sam)
    lock = {"step": gamble.step}
    assert director.post(playing["url"] + f"gambles/{gamble.pk}/lock/", lock)[0] == 200
    expect(mine.get_by_role("status").filter(has_text="Your last Gamble")).to_contain_text(
        "The Director locks in Sam Okafor's Gamble: Success!"
    )
    expect(calling).to_have_count(0)
    expect(mine.get_by_text("The Director is rolling for")).to_have_count(0)
    phone.screenshot(path=ARTIFACTS / "phone-director-rolled-for-you.png")
