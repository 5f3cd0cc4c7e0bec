"""The Latest Gamble says every consequence of its lock-in in the log's words (issue 34, the
room's screens, item 2), when the Gamble locked in last is the older one (rolled before
another hero's): the one a move changed last is the latest (a fresh-eyes evening), on SQLite
and PostgreSQL alike."""

import pytest

from sessions.models import Gamble, TableEvent
from sessions.rules import LoadedDice, use_dice
from tests.conftest import player_client
from tests.gambles import gamble_form

pytestmark = pytest.mark.django_db


def _roll(client, playing, hero, request_id):
    roll = gamble_form(request_id, intent="run", advantages=1)
    assert client.post(playing["url"] + f"roll/{hero.pk}/", roll).status_code in (200, 302)
    return Gamble.objects.filter(character=hero).latest("pk")


def _lock(client, playing, gamble):
    lock = {"step": gamble.step}
    assert client.post(playing["url"] + f"gambles/{gamble.pk}/lock/", lock).status_code in (
        200,
        302,
    )


def test_the_latest_gamble_says_its_consequences_when_an_older_one_locks_in_after_it(playing):
    sam, ada = playing["sam"], playing["ada"]
    bob, carol = player_client(sam), player_client(ada)
    with use_dice(LoadedDice([6, 1, 5, 3])):
        sams = _roll(bob, playing, sam, "older-sam-01")
        adas = _roll(carol, playing, ada, "newer-ada-01")
    _lock(carol, playing, adas)
    _lock(bob, playing, sams)
    assert TableEvent.objects.filter(kind="gamble_locked").first().data["gamble"] == sams.pk
    logged = TableEvent.objects.get(kind="gamble_locked", character=sam).summary
    assert "One 1 rolled: Peril +1." in logged

    latest = bob.get(playing["url"] + "part/latest/").content.decode()
    assert "Sam Okafor" in latest
    assert "One 1 rolled: Peril +1." in latest
