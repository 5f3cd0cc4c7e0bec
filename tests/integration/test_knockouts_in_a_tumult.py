"""Knockouts per DESIGN.md §2: one taken during a Tumult ends with it; one taken before it
lasts the rest of the Scene. The log says which, and every panel shows who sits out."""

import pytest

from characters.models import Character
from sessions.models import Danger, TableEvent
from sessions.parts import change
from sessions.rules import LoadedDice, use_dice
from tests.conftest import HTMX, player_client
from tests.gambles import gamble_form

pytestmark = pytest.mark.django_db


def _fresh(character):
    return Character.objects.get(pk=character.pk)


def _knock_out(director, playing, character):
    Character.objects.filter(pk=character.pk).update(peril=5)
    director.post(
        playing["url"] + "peril/", {"character": character.pk, "delta": 1, "reason": "enemy"}
    )


def test_a_knockout_before_the_tumult_lasts_until_the_scene_ends(director, playing):
    sam, ada = playing["sam"], playing["ada"]
    _knock_out(director, playing, sam)
    assert "KNOCKOUT! Sam Okafor is out for the rest of the Scene." in (
        TableEvent.objects.first().summary
    )
    director.post(playing["url"] + "tumult/start/")

    panel = director.get(playing["url"] + "part/director-tumult/").content.decode()
    assert "Still to act: Ada" in panel
    assert "Sitting out (knocked out): Sam Okafor." in panel
    for danger in Danger.objects.all():
        assert f'name="split-{danger.pk}-{sam.pk}"' not in panel
        assert f'name="split-{danger.pk}-{ada.pk}"' in panel or danger.danger_rating == 0

    director.post(playing["url"] + "tumult/end/", {"confirm": "yes"})
    assert _fresh(sam).incapacitated
    ended = TableEvent.objects.first()
    assert ended.kind == "tumult_ended"
    # In the words every screen uses for a Knockout that lasts the Scene (one wording).
    assert "Still out for the rest of the Scene: Sam Okafor." in ended.summary
    refused = player_client(sam).post(
        playing["url"] + f"roll/{sam.pk}/", gamble_form("after-tumult"), headers=HTMX
    )
    assert refused.status_code == 409

    director.post(playing["url"] + "scene/end/")
    assert not _fresh(sam).incapacitated


def test_a_knockout_during_the_tumult_ends_with_it(director, playing):
    sam = playing["sam"]
    director.post(playing["url"] + "tumult/start/")
    _knock_out(director, playing, sam)
    assert "KNOCKOUT! Sam Okafor is out until the Tumult ends." in (
        TableEvent.objects.first().summary
    )
    assert _fresh(sam).incapacitated
    tumult_part = player_client(sam).get(playing["url"] + "part/tumult/").content.decode()
    assert "Sitting out (knocked out): Sam Okafor." in tumult_part

    director.post(playing["url"] + "tumult/end/", {"confirm": "yes"})
    assert not _fresh(sam).incapacitated
    ended = TableEvent.objects.first()
    assert "Back on their feet: Sam Okafor." in ended.summary
    # Every part that said "Knocked out!" is redrawn live: the Gamble panel and the Wide Shot's
    # form (a fresh-eyes phone still read "out until the Tumult ends" there until a reload).
    assert {"gamble", "wideshot", "tumult", "cast"} <= change([ended]).names


def test_a_knockout_from_the_enemies_turn_ends_with_the_tumult(director, playing):
    sam, ada = playing["sam"], playing["ada"]
    Danger.objects.all().delete()
    director.post(playing["url"] + "dangers/add/", {"name": "Brass Jack", "template": "lieutenant"})
    jack = Danger.objects.get(name="Brass Jack")
    Character.objects.filter(pk=sam.pk).update(peril=4)
    director.post(playing["url"] + "tumult/start/")
    director.post(
        playing["url"] + "tumult/enemies/",
        {f"split-{jack.pk}-{sam.pk}": 2, f"split-{jack.pk}-{ada.pk}": 1},
    )
    assert "Sam Okafor is out until the Tumult ends." in TableEvent.objects.first().summary
    director.post(playing["url"] + "tumult/next/")
    panel = director.get(playing["url"] + "part/director-tumult/").content.decode()
    assert "Still to act: Ada" in panel
    assert f'name="split-{jack.pk}-{sam.pk}"' not in panel
    director.post(playing["url"] + "tumult/end/", {"confirm": "yes"})
    assert not _fresh(sam).incapacitated


def test_a_knockout_from_a_gamble_in_the_tumult_ends_with_it(director, playing):
    sam = playing["sam"]
    Character.objects.filter(pk=sam.pk).update(peril=5)
    director.post(playing["url"] + "tumult/start/")
    sam_client = player_client(sam)
    with use_dice(LoadedDice([1, 6])):
        sam_client.post(playing["url"] + f"roll/{sam.pk}/", gamble_form("ko-gamble-1"))
    gamble = _fresh(sam).gambles.get()
    sam_client.post(
        playing["url"] + f"gambles/{gamble.pk}/lock/", {"step": gamble.step}, headers=HTMX
    )
    locked = TableEvent.objects.first()
    assert locked.kind == "gamble_locked"
    assert "KNOCKOUT! Sam Okafor is out until the Tumult ends." in locked.summary
    assert "tumult" in locked.data["topics"]
    director.post(playing["url"] + "tumult/end/", {"confirm": "yes"})
    assert not _fresh(sam).incapacitated
