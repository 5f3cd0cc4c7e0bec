"""A fresh-eyes review of the TV (rev a): an open Gamble's spotlight says what is still to do
("… can lock it in", not "locks it in"); paged lists say plainly that a page is up; standing
Dangers come before those put out; at 1280×720 the Scene keeps its Key Location's line, and the
join QR code stays big enough to scan across a room once a Scene is under way."""

import pytest
from playwright.sync_api import expect

from characters.models import Character
from sessions.models import Danger, Gamble
from sessions.rules import DangerTemplate
from tests.browser.conftest import foes_in_sight
from tests.browser.http import Visitor
from tests.browser.test_tv_reads_whole_in_browser import SIZES, _screen, _settled

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_after_a_catchphrase_reroll_the_open_gamble_says_the_hero_can_lock_it_in(
    new_page, asgi_server, playing, password, load_dice
):
    sam = playing["sam"]
    Character.objects.filter(pk=sam.pk).update(lucky_saves=6, catchphrase_used=False)
    foes_in_sight(playing["adventure"], ("The Chronometer Thief", DangerTemplate.LIEUTENANT))
    path = _screen(asgi_server, playing, password)
    tv = new_page(SIZES["1080p"])
    _settled(tv, path)
    spotlight = tv.locator(".spotlight-part")
    spotlight.evaluate("h => { h.dataset.shownFor = 60000; h.dataset.readFor = 60000; }")
    player = Visitor(asgi_server, sam.owner, password)
    load_dice(*[6] * 12)  # a success, and a success again on the re-roll
    roll = {
        "request_id": "rev-a-catchphrase",
        "intent": "read the thief's bluff",
        "danger": Danger.objects.get().pk,
    }
    assert player.post(playing["url"] + f"roll/{sam.pk}/", roll)[0] == 200
    gamble = Gamble.objects.get(character=sam)
    url = playing["url"] + f"gambles/{gamble.pk}/reroll/"
    assert player.post(url, {"step": gamble.step})[0] == 200
    said = (
        f"Catchphrase spent, 6 Lucky Saves kept (a success needs none): {sam.name} can lock it in."
    )
    expect(spotlight).to_contain_text(said)
    expect(spotlight).not_to_contain_text("locks it in")
    assert not Gamble.objects.get(pk=gamble.pk).locked
