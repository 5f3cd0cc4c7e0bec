"""The log names who did what (issue 35 item 4): a roll the Director types in for a hero (the
roll-for page, a Rest, a Catchphrase) says "typed in by the Director" on every surface that
shows it (the table's log, the latest Gamble, the TV, the log page, both exports, the recap),
the event keeps it in its data, and a player's own typed roll says nothing of the Director."""

import html
import json

import pytest

from sessions.models import Adventure, Gamble, Investigation, RealDice, TableEvent
from sessions.rules import LoadedDice, use_dice
from tests.conftest import HTMX, player_client
from tests.gambles import gamble_form

pytestmark = pytest.mark.django_db

TYPED = "Sam Okafor rolled by hand (typed in by the Director): 5."


def _either(playing) -> Adventure:
    Adventure.objects.filter(pk=playing["adventure"].pk).update(real_dice=RealDice.EITHER)
    return Adventure.objects.get(pk=playing["adventure"].pk)


def _director_types_sams_roll(director, playing) -> Gamble:
    sam = playing["sam"]
    with use_dice(LoadedDice([])):  # the faces must come from the Director's typing
        response = director.post(
            playing["url"] + f"roll/{sam.pk}/",
            gamble_form("typed-0001", faces="5", intent="pick the lock"),
            headers=HTMX,
        )
    assert response.status_code == 200
    return Gamble.objects.get()


def _text(response) -> str:
    assert response.status_code == 200
    return html.unescape(response.content.decode())


def test_a_roll_typed_in_by_the_director_says_so_everywhere(director, playing):
    adventure = _either(playing)
    gamble = _director_types_sams_roll(director, playing)
    event = TableEvent.objects.get(kind="gamble_rolled")
    assert TYPED in event.summary
    assert event.data[TableEvent.TYPED_IN] is True
    assert event.actor == adventure.director
    assert gamble.typed_in

    # The players' table: its log and the latest Gamble beside its dice.
    table = _text(player_client(playing["ada"]).get(playing["url"]))
    assert TYPED in table
    assert "Rolled by hand (typed in by the Director): 5." in table
    # The TV.
    director.post(playing["url"] + "screen/", {"enabled": "1"})
    tv = _text(director.get(f"/screen/{Adventure.objects.get().screen_token}/"))
    assert TYPED in tv
    # The log page and both exports.
    log = f"/adventures/{adventure.pk}/log/"
    assert TYPED in _text(director.get(log))
    assert TYPED in _text(director.get(log + "markdown/"))
    exported = json.loads(director.get(log + "json/").content)
    assert any(TYPED in row["summary"] for row in exported["events"])

    # The recap.
    director.post(
        playing["url"] + f"gambles/{gamble.pk}/lock/", {"step": gamble.step}, headers=HTMX
    )
    assert director.post(f"/adventures/{adventure.pk}/recaps/new/").status_code == 302
    body = adventure.recaps.get().body
    assert "Sam rolled a Gamble by hand, typed in by the Director." in body

    # The table's dice page counts the die among those rolled by hand, without saying the
    # players typed it in (a fresh-eyes defect).
    dice = _text(director.get(f"/adventures/{adventure.pk}/dice/"))
    assert "Dice rolled by hand: 1 die" in dice
    assert "typed in by the players" not in dice
    assert "typed in at the table (by the players, or by the Director for a hero)" in dice


def test_a_players_own_typed_roll_names_no_director(playing):
    _either(playing)
    sam = playing["sam"]
    with use_dice(LoadedDice([])):
        player_client(sam).post(
            playing["url"] + f"roll/{sam.pk}/",
            gamble_form("own-0001", faces="5"),
            headers=HTMX,
        )
    event = TableEvent.objects.get(kind="gamble_rolled")
    assert "Sam Okafor rolled by hand: 5." in event.summary
    assert "Director" not in event.summary
    assert TableEvent.TYPED_IN not in event.data
    assert not Gamble.objects.get().typed_in


def test_a_catchphrase_typed_in_by_the_director_says_so(director, playing):
    _either(playing)
    gamble = _director_types_sams_roll(director, playing)
    with use_dice(LoadedDice([])):
        response = director.post(
            playing["url"] + f"gambles/{gamble.pk}/reroll/",
            {"step": gamble.step, "faces": "6", "confirm": "yes"},  # a success re-rolled
            headers=HTMX,
        )
    assert response.status_code == 200
    event = TableEvent.objects.get(kind="catchphrase")
    assert "Sam Okafor rolled by hand (typed in by the Director): 6." in event.summary
    assert event.data[TableEvent.TYPED_IN] is True


def test_a_rest_typed_in_by_the_director_says_so_in_the_recap(director, playing):
    adventure = _either(playing)
    sam = playing["sam"]
    with use_dice(LoadedDice([4])):  # Ada's die: the app's
        director.post(playing["url"] + "rest/", {f"faces-{sam.pk}": "2"}, headers=HTMX)
    event = TableEvent.objects.get(kind="rest")
    assert "Sam Okafor rolled by hand 2 (typed in by the Director)" in event.summary
    assert "Ada rolls 4" in event.summary
    assert director.post(f"/adventures/{adventure.pk}/recaps/new/").status_code == 302
    body = adventure.recaps.get().body
    assert "Sam rolled a Rest die by hand, typed in by the Director" in body


def test_an_investigation_typed_in_by_the_director_says_so(director, playing):
    _either(playing)
    sam = playing["sam"]
    asked = director.post(
        playing["url"] + "investigate/",
        {"character": sam.pk, "text": "the ledger"},
        headers=HTMX,
    )
    assert asked.status_code == 200
    investigation = Investigation.objects.get()
    with use_dice(LoadedDice([])):
        response = director.post(
            playing["url"] + f"investigate/{investigation.pk}/roll/", {"faces": "4"}, headers=HTMX
        )
    assert response.status_code == 200
    event = TableEvent.objects.get(kind="investigated")
    assert "Sam Okafor rolled by hand (typed in by the Director): 4." in event.summary
    assert event.data[TableEvent.TYPED_IN] is True
