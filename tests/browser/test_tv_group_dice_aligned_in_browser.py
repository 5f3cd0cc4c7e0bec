"""A Group Gamble on the TV: every member's dice sit in one column, whatever the length of the
hero's name (a name that wraps never pushes its dice aside; issue #34, step 6)."""

import pytest
from playwright.sync_api import expect

from characters.models import Character
from sessions.models import Gamble
from tests.browser.conftest import shared_screen
from tests.browser.http import Visitor
from tests.browser.test_tv_stage_in_browser import SIZES

pytestmark = [pytest.mark.browser, pytest.mark.looks, pytest.mark.django_db(transaction=True)]


def test_group_gamble_dice_line_up_whatever_the_name(
    new_page, asgi_server, playing, password, load_dice
):
    sam, ada = playing["sam"], playing["ada"]
    Character.objects.filter(pk=sam.pk).update(name="Sam 'Anvil' Okafor-Whitlock")
    path = shared_screen(asgi_server, playing, password)
    director = Visitor(asgi_server, playing["adventure"].director, password)
    bob = Visitor(asgi_server, sam.owner, password)
    carol = Visitor(asgi_server, ada.owner, password)
    url = playing["url"]
    tv = new_page(SIZES["1080p"])
    tv.goto(path)
    expect(tv.locator("[data-live-status]")).to_have_text("Live")
    tv.locator(".spotlight-part").evaluate("holder => holder.dataset.shownFor = 60000")

    def post(who, action, data=None):
        assert who.post(url + action, data or {})[0] == 200, action

    post(
        director,
        "group/",
        {"text": "Hold the vault door shut while the brass thief hammers at it"},
    )
    for who, hero, dice in ((bob, sam, (1, 2)), (carol, ada, (2, 3))):
        load_dice(*dice)
        post(who, f"roll/{hero.pk}/", {"request_id": f"group-gamble-{hero.pk}", "intent": "hold"})
        gamble = Gamble.objects.filter(character=hero).latest("pk")
        post(who, f"gambles/{gamble.pk}/lock/", {"step": gamble.step})
    spotlight = tv.locator(".spotlight-part")
    expect(spotlight).to_contain_text("came good")
    rows = spotlight.locator(".spot-members li")
    expect(rows).to_have_count(2)
    # The long name is whole and its dice start where the
    # other hero's do; the verdicts line up too.
    lefts = rows.locator(".member-dice").evaluate_all(
        "all => all.map((dice) => Math.round(dice.getBoundingClientRect().left))"
    )
    assert len(set(lefts)) == 1, lefts
    results = rows.locator(".spot-result").evaluate_all(
        "all => all.map((r) => Math.round(r.getBoundingClientRect().left))"
    )
    assert len(set(results)) == 1, results
    expect(spotlight).to_contain_text("Sam 'Anvil' Okafor-Whitlock")
    tv.screenshot(path="artifacts/tv-group-dice-aligned-1920.png")
