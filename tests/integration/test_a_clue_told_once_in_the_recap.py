"""A clue posted to the table from the Director's crib is told once in the recap, however
often it was posted (a fresh-eyes review: a clue posted again, after a preview lost to a
reload and once more from another Scene, read three times over in the recap)."""

import pytest

from sessions.actions import scenes
from sessions.models import KeyLocation
from sessions.parts.crib import line_key
from tests.conftest import HTMX, player_client

pytestmark = pytest.mark.django_db

CLUE = "The last page of the ledger is torn out"


def _post(director, playing, key: str, text: str) -> None:
    url = playing["url"] + "crib/post/"
    shown = director.post(url, {"line": key}, headers=HTMX)
    assert "Every screen's log gets this line" in shown.content.decode()
    posted = director.post(url, {"line": key, "note": text, "confirm": "1"}, headers=HTMX)
    assert posted.status_code == 200


def test_a_clue_posted_three_times_reads_once_in_the_recap(director, playing):
    adventure = playing["adventure"]
    place = KeyLocation.objects.get(position=1)
    place.clues = CLUE
    place.save(update_fields=["clues"])
    key = line_key(f"place-{place.pk}", CLUE)
    _post(director, playing, key, CLUE)
    _post(director, playing, key, CLUE)
    scenes.end_scene(adventure, adventure.director)
    leg = adventure.legs.get()
    scenes.start_scene(adventure, leg.scenes.get(position=2), None, adventure.director)
    _post(director, playing, key, CLUE + ".")
    assert adventure.events.filter(kind="narration").count() == 3  # the log keeps each

    made = director.post(f"/adventures/{adventure.pk}/recaps/new/")
    assert made.status_code == 302
    recap = adventure.recaps.get()
    # Told as a clue found, in the writer's voice: "They found a clue: the last page…".
    assert recap.body.lower().count(CLUE.lower()) == 1, recap.body
    publish = f"/adventures/{adventure.pk}/recaps/{recap.pk}/publish/"
    assert director.post(publish, {"published": "1"}).status_code == 302
    page = player_client(playing["sam"]).get(f"/adventures/{adventure.pk}/recaps/{recap.pk}/")
    assert page.status_code == 200
    assert page.content.decode().lower().count(CLUE.lower()) == 1


def test_two_different_lines_are_both_told(director, playing):
    adventure = playing["adventure"]
    for line in ("The bell tolls once", "The bell tolls twice"):
        response = director.post(playing["url"] + "narrate/", {"note": line}, headers=HTMX)
        assert response.status_code == 200
    director.post(f"/adventures/{adventure.pk}/recaps/new/")
    body = adventure.recaps.get().body
    assert "The bell tolls once." in body
    assert "The bell tolls twice." in body
