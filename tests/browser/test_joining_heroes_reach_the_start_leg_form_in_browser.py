"""Fresh-eyes defect (the Director's table, 1366x768): the Director opened the table before
the players joined; after they joined, the Start Leg form still had no by-hand Lucky Saves die
for them. The Pacing tools hear every hero who joins, live: a die for each as they sit down."""

import pytest
from playwright.sync_api import expect

from characters.models import Character
from sessions.models import Adventure, Leg, RealDice, Scene
from tests.browser.conftest import screenshot, seated, tool_group
from tests.browser.http import Visitor

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LAPTOP = {"width": 1366, "height": 768}


def test_a_hero_who_joins_gets_a_lucky_saves_die_on_the_open_start_leg_form(
    new_page, asgi_server, adventure, bob, carol, password
):
    Leg.objects.filter(adventure=adventure).update(status=Leg.Status.PLANNED)
    Scene.objects.update(status=Scene.Status.PLANNED)
    Adventure.objects.filter(pk=adventure.pk).update(real_dice=RealDice.EITHER)
    url = f"/adventures/{adventure.pk}/table/"
    page = seated(new_page, LAPTOP, "alice", password, url)
    pacing = tool_group(page, "Pacing")
    start = pacing.locator("form").filter(has=page.get_by_role("button", name="Start Leg"))
    expect(start).to_be_visible()
    expect(start.get_by_role("textbox")).to_have_count(0)  # nobody seated yet
    screenshot(page, "start-leg-before-anyone-joins")

    for user, name in ((bob, "Sam Okafor"), (carol, "Ada Quill")):
        hero = Character.objects.create(owner=user, name=name, archetype="brawler")
        player = Visitor(asgi_server, user, password)
        status, _ = player.post(f"/join/{adventure.invite_code}/", {"character": hero.pk})
        assert status == 200, status
        expect(start.get_by_label(name)).to_be_visible()
    expect(start.get_by_role("textbox")).to_have_count(2)
    screenshot(page, "start-leg-after-two-joined")
