"""The recap tells two Rests once (fresh-eyes review: "The Cast caught their breath. The Cast
caught their breath.") and a clue the Director posted from the crib as a clue found, in the
writer's own voice (it stood as a bare sentence after the Wide Shot: "A brass scale left on
the mooring clamp.")."""

import pytest

from sessions.models import KeyLocation
from sessions.parts.crib import line_key
from sessions.rules import LoadedDice, use_dice
from tests.conftest import HTMX

pytestmark = pytest.mark.django_db

CLUE = "A brass scale left on the mooring clamp"


def _recap(director, adventure) -> str:
    assert director.post(f"/adventures/{adventure.pk}/recaps/new/").status_code == 302
    return adventure.recaps.get().body


def test_two_rests_are_told_once(director, playing):
    adventure = playing["adventure"]
    for _ in range(2):
        with use_dice(LoadedDice([6, 6])):
            assert director.post(playing["url"] + "rest/", headers=HTMX).status_code == 200
    body = _recap(director, adventure)
    assert body.count("caught their breath") == 1, body
    assert "caught their breath twice" in body, body


def test_a_posted_clue_is_told_as_a_clue_found(director, playing):
    adventure = playing["adventure"]
    place = KeyLocation.objects.get(position=1)
    place.clues = CLUE
    place.save(update_fields=["clues"])
    url = playing["url"] + "crib/post/"
    key = line_key(f"place-{place.pk}", CLUE)
    director.post(url, {"line": key}, headers=HTMX)
    posted = director.post(url, {"line": key, "note": CLUE, "confirm": "1"}, headers=HTMX)
    assert posted.status_code == 200
    body = _recap(director, adventure)
    assert "found a clue: a brass scale left on the mooring clamp." in body, body
    assert f"{CLUE}." not in body  # never the bare line


def test_the_directors_own_line_is_still_told_as_said(director, playing):
    adventure = playing["adventure"]
    line = "The foghorn sounds twice"
    assert (
        director.post(playing["url"] + "narrate/", {"note": line}, headers=HTMX).status_code == 200
    )
    body = _recap(director, adventure)
    assert f"{line}." in body
    assert "clue" not in body
