"""A stated action that names an NPC of the Scene after its verb ("Question Mr. Wen…") is a
task, told "tries to question Mr. Wen…" on the TV, the phones, the log and the recap, whether
the player rolled it or the Director rolled it for them (a fresh-eyes evening: the roll-for
page's Gamble read "June Hartigan goes for “Question Mr. Wen…”")."""

import html
import re

import pytest
from django.test import Client
from django.urls import reverse

from sessions.models import Gamble, Recap, TableEvent
from sessions.rules import LoadedDice, use_dice
from tests.conftest import HTMX, player_client
from tests.gambles import gamble_form
from tests.recaps import TRIED

pytestmark = pytest.mark.django_db

QUESTION = "Question Mr. Wen about his master's last visitor, gently"
FOLLOW = "Follow Pillai to the docks"


@pytest.fixture
def met(playing):
    """The Scene's Key Location has two NPCs the Cast may name: "Mr. Wen" and "Pillai"."""
    adventure = playing["adventure"]
    place = adventure.playing_scene().key_location
    place.npcs = [{"name": "Mr. Wen", "notes": ""}, {"name": "Pillai", "notes": ""}]
    place.save(update_fields=["npcs"])
    adventure.screen_token = "tv-token"
    adventure.save(update_fields=["screen_token"])
    return playing


def _text(response) -> str:
    return html.unescape(response.content.decode())


def _tv() -> str:
    return _text(Client().get(reverse("screen", args=["tv-token"])))


def _roll(client, playing, hero, request_id, intent, **headers):
    url = playing["url"] + f"roll/{hero.pk}/"
    with use_dice(LoadedDice([5])):
        return client.post(url, gamble_form(request_id, intent), headers=headers)


def _lock(client, playing, hero) -> None:
    gamble = Gamble.objects.get(character=hero, locked=False)
    url = playing["url"] + f"gambles/{gamble.pk}/lock/"
    assert client.post(url, {"step": gamble.step}, headers=HTMX).status_code < 400


def test_the_directors_roll_for_a_hero_names_the_npc_as_a_task(director, met):
    ada = met["ada"]
    page_url = met["url"] + f"for/{ada.pk}/"
    back = {"Referer": f"http://testserver{page_url}"}
    assert _roll(director, met, ada, "request-0001", QUESTION, **back).status_code == 302

    said = "Ada tries to question Mr. Wen about his master's last visitor, gently"
    assert f"<strong>Ada</strong>{said.removeprefix('Ada')}" in _tv()
    for page in (_text(director.get(page_url)), _text(player_client(ada).get(met["url"]))):
        assert "goes for “Question" not in page
    summary = TableEvent.objects.get(kind="gamble_rolled").summary
    assert summary.startswith("Ada gambles to question Mr. Wen about his master's last visitor")


def test_a_players_roll_names_a_one_word_npc_as_a_task(met):
    sam = met["sam"]
    player = player_client(sam)
    assert _roll(player, met, sam, "request-0002", FOLLOW, **HTMX).status_code == 200
    assert "<strong>Sam Okafor</strong> tries to follow Pillai to the docks" in _tv()
    summary = TableEvent.objects.get(kind="gamble_rolled").summary
    assert summary.startswith("Sam Okafor gambles to follow Pillai to the docks")


def test_the_log_and_the_recap_tell_them_as_tasks(director, met):
    from sessions.actions import legs

    ada, sam = met["ada"], met["sam"]
    back = {"Referer": f"http://testserver{met['url']}for/{ada.pk}/"}
    _roll(director, met, ada, "request-0001", QUESTION, **back)
    _lock(director, met, ada)
    _roll(player_client(sam), met, sam, "request-0002", FOLLOW, **HTMX)
    _lock(player_client(sam), met, sam)
    log = _text(player_client(sam).get(f"/adventures/{met['adventure'].pk}/log/markdown/"))
    assert "Ada gambles to question Mr. Wen" in log
    assert "Sam Okafor gambles to follow Pillai to the docks" in log
    legs.end_leg(met["adventure"], met["adventure"].director)
    body = Recap.objects.get().body
    assert re.search(TRIED + "question Mr. Wen about his master's last visitor, gently", body)
    assert re.search(TRIED + "follow Pillai to the docks", body)
    for garbled in ("went for “Question", "went for “Follow", "goes for"):
        assert garbled not in body
