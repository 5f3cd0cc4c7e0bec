"""The Director undoes a player's Gamble (a fresh-eyes phone: the fresh form came back empty,
"What are you attempting?" to type again): the fresh form holds what the undone Gamble asked,
its words, the Knacks and Equipment ticked, the advantages and penalties and its aim."""

import re

import pytest

from characters.models import Equipment, Knack
from sessions.models import Danger, Gamble, next_to_undo
from sessions.rules import LoadedDice, use_dice
from tests.conftest import HTMX, player_client
from tests.gambles import gamble_form

pytestmark = pytest.mark.django_db

INTENT = "Leap onto the moving tram"


def _undo(director, playing):
    offered = next_to_undo(playing["adventure"].pk)
    return director.post(playing["url"] + "undo/", {"event": offered.pk}, headers=HTMX)


def _form(page: str) -> str:
    return re.search(r'<form[^>]*class="gamble-form".*?</form>', page, re.S)[0]


def test_the_fresh_form_after_an_undone_gamble_holds_what_it_asked(director, playing):
    sam = playing["sam"]
    Knack.objects.create(character=sam, text="Brawling in bars", position=0)
    Knack.objects.create(character=sam, text="Climbing", position=1)
    Equipment.objects.create(character=sam, text="Grappling hook", position=0)
    danger = Danger.objects.get()
    Danger.objects.filter(pk=danger.pk).update(revealed=True)
    client = player_client(sam)
    with use_dice(LoadedDice([1, 3, 5, 2, 4])):
        sent = gamble_form(
            "request-0001",
            INTENT,
            knacks=["Climbing"],
            equipment=["Grappling hook"],
            advantages=1,
            penalties=1,
            danger=danger.pk,
        )
        rolled = client.post(playing["url"] + f"roll/{sam.pk}/", sent, headers=HTMX)
    assert rolled.status_code == 200
    assert Gamble.objects.exists()

    assert _undo(director, playing).status_code == 200
    assert not Gamble.objects.exists()

    form = _form(client.get(playing["url"]).content.decode())
    assert f"{INTENT}</textarea>" in form
    assert re.search(r'value="Climbing"[^>]*checked', form)
    assert not re.search(r'value="Brawling in bars"[^>]*checked', form)
    assert re.search(r'value="Grappling hook"[^>]*checked', form)
    assert re.search(rf'<option value="{danger.pk}" selected>', form)
    assert re.search(r'name="advantages"[^>]*value="1"', form)
    assert re.search(r'name="penalties"[^>]*value="1"', form)


def test_a_gamble_rolled_again_after_the_undo_leaves_the_next_form_empty(director, playing):
    sam = playing["sam"]
    client = player_client(sam)
    roll = playing["url"] + f"roll/{sam.pk}/"
    with use_dice(LoadedDice([6])):
        assert (
            client.post(roll, gamble_form("request-0001", INTENT), headers=HTMX).status_code == 200
        )
    assert _undo(director, playing).status_code == 200
    with use_dice(LoadedDice([6])):
        again = client.post(roll, gamble_form("request-0002", "Kick the door"), headers=HTMX)
    assert again.status_code == 200
    gamble = Gamble.objects.get()
    url = playing["url"] + f"gambles/{gamble.pk}/lock/"
    assert client.post(url, {"step": gamble.step}, headers=HTMX).status_code == 200
    form = _form(client.get(playing["url"]).content.decode())
    assert INTENT not in form
    assert "Kick the door</textarea>" not in form
