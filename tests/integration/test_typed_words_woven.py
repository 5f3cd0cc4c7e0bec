"""Typed words woven into the app's sentences read right wherever they are told (the fresh
eyes' review): another hero's name first is no task, never lowered; an ending's lock-in tells
the Gamble as typed, in the first person or not."""

import html
import re

import pytest
from django.test import Client

from sessions.models import Adventure, TableEvent
from sessions.rules import LoadedDice, use_dice
from tests.conftest import HTMX, player_client
from tests.gambles import gamble_form

pytestmark = pytest.mark.django_db


@pytest.fixture
def bob_client(playing):
    return player_client(playing["sam"])


OTHERS = "Ada bluffs the foreman while I sneak round to the sluice controls"


def _screen(director, playing) -> str:
    director.post(playing["url"] + "screen/", {"enabled": "1"})
    token = Adventure.objects.get().screen_token
    page = Client().get(f"/screen/{token}/").content.decode()
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", page)).split())


def _roll(client, playing, intent: str, dice: list[int]):
    url = playing["url"] + f"roll/{playing['sam'].pk}/"
    with use_dice(LoadedDice(dice)):
        response = client.post(url, gamble_form("request-0001", intent=intent), headers=HTMX)
    assert response.status_code == 200


def test_another_heros_name_first_is_told_as_typed(bob_client, director, playing):
    sam = playing["sam"].name
    _roll(bob_client, playing, OTHERS, [6, 2])
    rolled = TableEvent.objects.get(kind="gamble_rolled").summary
    # Zoe's "I" is Zoe: told of her hero, never quoted as if nobody said it.
    mine = f"{sam} sneaks round to the sluice controls while Ada bluffs the foreman"
    assert rolled.startswith(f"{mine}: "), rolled
    screen = _screen(director, playing)
    assert mine in screen
    assert "while I sneak" not in screen
    assert "ada bluffs" not in screen
    assert "ada bluffs" not in rolled
    phone = bob_client.get(playing["url"]).content.decode()
    assert "ada bluffs" not in html.unescape(phone)


def test_an_endings_lock_in_tells_the_gamble_as_typed(bob_client, director, playing):
    sam = playing["sam"].name
    _roll(bob_client, playing, "I photograph the ledger hidden under the furnace grate", [2])
    director.post(playing["url"] + "scene/end/", {"lock_open": "yes"}, headers=HTMX)
    ended = TableEvent.objects.get(kind="scene_ended").summary
    said = f"{sam} photographs the ledger hidden under the furnace grate: locked in as it stood"
    assert f"{said}, a blunder." in ended, ended
    assert "(to " not in ended
