"""What a player's Gamble panel says of the Scene so far, read with the hero's Gamble form
(no read of its own per hero): the Investigation they rolled and the clues told since, till
their next Gamble is locked in or the Scene ends; and, on an open Gamble, the Director's try
at ending the Scene."""

import html

import pytest

from sessions.actions import corrections, investigations, narration
from sessions.models import Gamble, Investigation, TableEvent
from sessions.rules import LoadedDice, use_dice
from tests.conftest import HTMX, player_client
from tests.gambles import gamble_form

pytestmark = pytest.mark.django_db

FOUND = "You investigated</strong> the ledger's torn pages: rolled 4"


def _page(playing) -> str:
    response = player_client(playing["sam"]).get(playing["url"])
    assert response.status_code == 200
    return html.unescape(response.content.decode())


def _investigate(playing) -> None:
    adventure, sam = playing["adventure"], playing["sam"]
    investigations.ask_to_investigate(
        adventure, sam.pk, "The ledger's torn pages", adventure.director
    )
    asked = Investigation.objects.get()
    investigations.investigate(adventure, asked.pk, sam.owner, LoadedDice([4]))


def test_the_investigator_sees_what_they_found_till_their_next_gamble(playing):
    _investigate(playing)
    narration.narrate(playing["adventure"], "A left-handed clerk tore them out.", None)
    page = _page(playing)
    assert FOUND in page
    assert "A left-handed clerk tore them out." in page
    # Ada's player sees nothing of Sam's findings on Ada's panel.
    ada = html.unescape(player_client(playing["ada"]).get(playing["url"]).content.decode())
    assert "investigated</strong>" not in ada

    sam = player_client(playing["sam"])
    url = playing["url"] + f"roll/{playing['sam'].pk}/"
    with use_dice(LoadedDice([6])):
        sam.post(url, gamble_form("after-look-01"), headers=HTMX)
    gamble = Gamble.objects.get()
    sam.post(playing["url"] + f"gambles/{gamble.pk}/lock/", {"step": gamble.step}, headers=HTMX)
    assert FOUND not in _page(playing)


def test_an_undone_investigation_is_not_shown(playing):
    _investigate(playing)
    assert FOUND in _page(playing)
    newest = TableEvent.objects.first()
    corrections.undo(playing["adventure"], newest.pk, playing["adventure"].director)
    assert FOUND not in _page(playing)


def test_the_director_trying_to_end_the_scene_warns_the_open_gamble(director, playing):
    sam = player_client(playing["sam"])
    with use_dice(LoadedDice([6])):
        sam.post(
            playing["url"] + f"roll/{playing['sam'].pk}/",
            gamble_form("warned-0001"),
            headers=HTMX,
        )
    assert "The Director means to end the Scene" not in _page(playing)
    director.post(playing["url"] + "scene/end/", headers=HTMX)
    assert Gamble.objects.get().scene_end_warned
    assert "The Director means to end the Scene" in _page(playing)
    director.post(playing["url"] + "scene/end/", {"lock_open": "yes"}, headers=HTMX)
    assert Gamble.objects.get().locked


def test_the_investigators_own_phone_tells_it_in_one_voice(playing, director):
    """ "You investigated …: rolled 4, you learn …", never "You investigated …, Sam Okafor
    learns …" (fresh-eyes review on the phone: mixed voice); the Director rolling for Sam
    reads it of Sam, in the third person throughout, as the other players' screens tell it."""
    _investigate(playing)
    page = _page(playing)
    assert "rolled 4, you learn <strong>a solid lead</strong>." in page
    assert "Sam Okafor learns" not in page
    rolled_for = html.unescape(
        director.get(playing["url"] + f"for/{playing['sam'].pk}/").content.decode()
    )
    assert "Sam Okafor investigated</strong> the ledger's torn pages: rolled 4" in rolled_for
    assert "rolled 4, Sam Okafor learns <strong>a solid lead</strong>." in rolled_for
    ada = html.unescape(player_client(playing["ada"]).get(playing["url"]).content.decode())
    assert "you learn" not in ada
