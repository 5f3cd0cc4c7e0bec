"""A fresh-eyes TV: a portrait a player uploaded didn't reach the TV already open, now and then.
It did once the first Leg was under way, never before it: while the Cast gathers (the join
box up, session zero, "Previously on…"), the very time players put faces to their heroes, the
table was not told. The TV's Cast is drawn again, live, with the new face, before the first
Leg as in play; a finished table's is kept as it was."""

from pathlib import Path

import pytest

from sessions import live
from sessions.models import Adventure, Leg, Scene, TableEvent
from tests.conftest import player_client
from tests.images import picture, upload

pytestmark = pytest.mark.django_db


def _tv_hears(adventure: Adventure, sam) -> tuple[str, str]:
    """What the TV's stream carries of Sam's new portrait: (the event, the new face's name)."""
    tv = live.Listener(adventure.pk)
    before = TableEvent.objects.filter(adventure=adventure).count()
    url = f"/characters/{sam.pk}/portrait/"
    assert player_client(sam).post(url, {"portrait": upload(picture())}).status_code == 302
    sam.refresh_from_db()
    heard = TableEvent.objects.filter(adventure=adventure).order_by("pk")[before:]
    drawn = ""
    for event in heard:
        drawing = live.draw_event(event.pk)
        drawn += drawing.public.decode()
        drawn += "".join(t.decode() for t in live.draw_own(drawing, {"screen": tv}).values())
    return drawn, Path(sam.portrait_thumb).name


def test_before_the_first_leg_the_tvs_cast_shows_the_new_face(adventure, cast_member):
    Leg.objects.filter(adventure=adventure).update(status=Leg.Status.PLANNED)
    Scene.objects.update(status=Scene.Status.PLANNED)
    Adventure.objects.filter(pk=adventure.pk).update(screen_token="tv-token-for-the-test")
    adventure.refresh_from_db()
    assert adventure.status == Adventure.Status.PREP
    drawn, face = _tv_hears(adventure, cast_member.character)
    assert face
    assert f"/pictures/portraits/{cast_member.character.pk}/{face}" in drawn


def test_in_play_the_tvs_cast_shows_the_new_face(playing):
    adventure = playing["adventure"]
    Adventure.objects.filter(pk=adventure.pk).update(screen_token="tv-token-for-the-test")
    drawn, face = _tv_hears(adventure, playing["sam"])
    assert face
    assert f"/pictures/portraits/{playing['sam'].pk}/{face}" in drawn


def test_a_finished_tables_cast_is_kept_as_it_was(playing):
    adventure = playing["adventure"]
    Adventure.objects.filter(pk=adventure.pk).update(status=Adventure.Status.FINISHED)
    drawn, _face = _tv_hears(adventure, playing["sam"])
    assert drawn == ""
