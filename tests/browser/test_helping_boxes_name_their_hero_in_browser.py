"""Issue 34 item 1: each "Helping out" box sends the hero it names, even after a live redraw
changed who can help (Sam knocked out, then back): a box kept through the redraw (hx-preserve,
by its id) was kept by its place, so "Sam" carried Cleo's hero. The log names who helped."""

import pytest
from playwright.sync_api import expect

from characters.models import Character
from sessions.models import CastMember
from tests.browser.conftest import PHONE, gamble_panel, more_dice, seated, try_and_roll
from tests.browser.http import Visitor

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_each_helping_box_sends_the_hero_it_names_after_a_live_redraw(
    new_page, asgi_server, playing, password, make_user, load_dice
):
    adventure, sam = playing["adventure"], playing["sam"]
    cleo = Character.objects.create(
        owner=make_user("dana"), name="Cleo Marsh", archetype="explorer"
    )
    CastMember.objects.create(adventure=adventure, character=cleo)
    # Sam is out when Ada's phone draws her Gamble: only Cleo can help.
    Character.objects.filter(pk=sam.pk).update(incapacitated=True)

    page = seated(new_page, PHONE, "carol", password, playing["url"])
    panel = gamble_panel(page, "Ada")
    more_dice(panel)
    expect(panel.get_by_label("Cleo Marsh")).to_be_visible()
    expect(panel.get_by_label("Sam Okafor")).to_have_count(0)

    # Sam is back; the Director's Peril for Ada redraws her panel live, now with Sam first.
    Character.objects.filter(pk=sam.pk).update(incapacitated=False)
    director = Visitor(asgi_server, adventure.director, password)
    director.get(playing["url"])
    status, _ = director.post(
        playing["url"] + "peril/",
        {
            "character": playing["ada"].pk,
            "delta": 1,
            "reason": "weird",
            "detail": "a slip on the stairs",
        },
    )
    assert status == 200
    expect(panel.get_by_label("Sam Okafor")).to_be_visible()

    assert panel.get_by_label("Sam Okafor").get_attribute("value") == str(sam.pk)
    assert panel.get_by_label("Cleo Marsh").get_attribute("value") == str(cleo.pk)

    panel.get_by_label("Sam Okafor").check()
    # The server's odds line, not only the count the page makes at once (its chances faded,
    # .odds-counting): a late answer redrawing the form raced the roll.
    expect(panel.locator(".odds:not(.odds-counting)")).to_contain_text("2 dice")
    load_dice(5, 2)
    try_and_roll(panel)
    panel.get_by_role("button", name="Lock in").click()
    expect(panel.get_by_role("button", name="Roll!")).to_be_visible()
    log = page.locator("#log-list")
    expect(log).to_contain_text("helped by Sam Okafor")
    expect(log).not_to_contain_text("helped by Cleo Marsh")
