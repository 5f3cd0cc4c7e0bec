"""What the end of a Scene, a Tumult and a Leg does to the heroes."""

import pytest

from characters.models import Character
from sessions.models import Danger, Gamble, Leg, TableEvent
from sessions.rules import LoadedDice, use_dice
from tests.conftest import HTMX, player_client
from tests.gambles import gamble_form

pytestmark = pytest.mark.django_db


def _fresh(character):
    return Character.objects.get(pk=character.pk)


def test_knocked_out_heroes_are_back_on_their_feet_when_the_scene_ends(director, playing):
    sam = playing["sam"]
    Character.objects.filter(pk=sam.pk).update(peril=4)
    director.post(playing["url"] + "peril/", {"character": sam.pk, "delta": 2, "reason": "enemy"})
    assert _fresh(sam).incapacitated
    director.post(playing["url"] + "scene/end/", headers=HTMX)
    sam = _fresh(sam)
    assert (sam.incapacitated, sam.knockouts) == (False, 1)
    assert "Sam Okafor is back on their feet." in TableEvent.objects.first().summary


def test_knocked_out_heroes_are_back_on_their_feet_when_the_tumult_ends(director, playing):
    sam, ada = playing["sam"], playing["ada"]
    director.post(playing["url"] + "tumult/start/")
    jack = Danger.objects.get()
    Danger.objects.filter(pk=jack.pk).update(danger_rating=6)
    director.post(playing["url"] + "tumult/enemies/", {f"split-{jack.pk}-{sam.pk}": 6})
    assert _fresh(sam).incapacitated
    assert not _fresh(ada).incapacitated
    director.post(playing["url"] + "tumult/end/", {"confirm": "yes"}, headers=HTMX)
    assert not _fresh(sam).incapacitated
    assert _fresh(sam).knockouts == 1


def test_the_end_of_a_leg_locks_in_open_gambles_resets_peril_and_retires(director, playing):
    sam, ada = playing["sam"], playing["ada"]
    Character.objects.filter(pk=sam.pk).update(knockouts=4, retired=True, peril=0)
    Character.objects.filter(pk=ada.pk).update(peril=3)
    ada_client = player_client(ada)
    with use_dice(LoadedDice([1])):
        ada_client.post(playing["url"] + f"roll/{ada.pk}/", gamble_form("left-open-1"))
    response = director.post(playing["url"] + "leg/end/", headers=HTMX)
    assert response.status_code == 200
    gamble = Gamble.objects.get()
    assert gamble.locked
    assert gamble.success is False
    settled = TableEvent.objects.get(kind="gamble_locked")
    assert settled.summary.startswith("The Director locks in Ada's Gamble: Blunder!")
    ada, sam = _fresh(ada), _fresh(sam)
    assert (ada.peril, ada.blammo) == (0, 1)  # the 1 took Peril to 4, then the Leg reset it
    assert sam.career_ended
    ended = TableEvent.objects.first()
    assert ended.kind == "leg_ended"
    assert "Sam Okafor hang up their hats" in ended.summary
    assert Leg.objects.get().status == Leg.Status.FINISHED


def test_the_director_marks_a_success_against_a_danger(director, playing):
    danger = Danger.objects.get()
    url = playing["url"] + "dangers/success/"
    director.post(url, {"danger": danger.pk}, headers=HTMX)
    danger.refresh_from_db()
    assert danger.successes == 1
    assert danger.is_out
    # Still hidden from the Cast, so the log doesn't name it.
    assert TableEvent.objects.first().summary == "The Director marks a success against a Danger."
    again = director.post(url, {"danger": danger.pk}, headers=HTMX)
    assert again.status_code == 200
    danger.refresh_from_db()
    assert danger.successes == 1  # already out: nothing more to mark
    assert "SECRET" not in TableEvent.objects.first().summary


def test_a_revealed_danger_is_named_when_the_director_puts_it_out(director, playing):
    Danger.objects.update(success_threshold=2, revealed=True, name="Brass Jack")
    danger = Danger.objects.get()
    director.post(playing["url"] + "dangers/success/", {"danger": danger.pk}, headers=HTMX)
    assert TableEvent.objects.first().summary == "A success against Brass Jack (1/2)."
    director.post(playing["url"] + "dangers/success/", {"danger": danger.pk}, headers=HTMX)
    assert TableEvent.objects.first().summary == "The Cast puts Brass Jack out of the picture!"


def test_a_player_cannot_mark_a_success(playing):
    client = player_client(playing["sam"])
    danger = Danger.objects.get()
    response = client.post(playing["url"] + "dangers/success/", {"danger": danger.pk})
    assert response.status_code == 404
    danger.refresh_from_db()
    assert danger.successes == 0
