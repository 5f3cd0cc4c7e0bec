"""A handout goes with its Scene (issue 34 item 3): the Scene ending, the next one starting or
the Leg ending puts the handout on show away, and the move's own event says so, so every
screen redraws its handouts live (and the Director's "On the TV now" line follows)."""

import pytest

from sessions import parts
from sessions.actions import handouts
from sessions.models import Handout, Scene, TableEvent
from sessions.topics import Topic
from tests.conftest import HTMX, player_client
from tests.images import handout

pytestmark = pytest.mark.django_db

CAPTION = "A map of the harbour"


def _on_show(playing) -> Handout:
    adventure = playing["adventure"]
    the_map = handout(adventure, CAPTION)
    handouts.reveal(adventure, the_map.pk, adventure.director)
    assert Handout.objects.get(pk=the_map.pk).on_show
    return the_map


def _put_away_by(event: TableEvent, the_map: Handout) -> None:
    assert not Handout.objects.get(pk=the_map.pk).on_show
    assert Handout.objects.get(pk=the_map.pk).is_revealed  # still in the Cast's list
    assert event.data["handout_away"] == the_map.pk
    assert Topic.HANDOUTS in event.topics
    changed = parts.change([event]).names
    assert {"handouts", "calls", "director-stage", "director-stage-handout"} <= changed


def test_the_scene_ending_puts_its_handout_away(director, playing):
    the_map = _on_show(playing)
    response = director.post(playing["url"] + "scene/end/", headers=HTMX)
    assert response.status_code == 200
    event = TableEvent.objects.first()
    assert event.kind == "scene_ended"
    assert f"The handout goes away: {CAPTION}." in event.summary
    _put_away_by(event, the_map)
    page = director.get(playing["url"]).content.decode()
    assert "handout-show" not in page


def test_a_caption_ending_in_a_stop_is_told_with_one(director, playing):
    """A reviewer read "The handout goes away: The waybill signed L.V.." in the log."""
    adventure = playing["adventure"]
    waybill = handout(adventure, "The waybill signed L.V.")
    handouts.reveal(adventure, waybill.pk, adventure.director)
    director.post(playing["url"] + "scene/end/", headers=HTMX)
    summary = TableEvent.objects.first().summary
    assert "The handout goes away: The waybill signed L.V." in summary
    assert "L.V.." not in summary


def test_the_next_scene_starting_leaves_no_handout_of_the_last(director, playing):
    the_map = _on_show(playing)
    leg = playing["adventure"].legs.get()
    second = Scene.objects.create(leg=leg, position=9, beat="The chase along the quay")
    response = director.post(playing["url"] + "scene/start/", {"scene": second.pk}, headers=HTMX)
    assert response.status_code == 200
    event = TableEvent.objects.first()
    assert event.kind == "scene_started"
    _put_away_by(event, the_map)


def test_the_leg_ending_puts_the_handout_away(director, playing):
    the_map = _on_show(playing)
    assert director.post(playing["url"] + "leg/end/", headers=HTMX).status_code == 200
    event = TableEvent.objects.filter(kind="leg_ended").get()
    _put_away_by(event, the_map)


def test_a_scene_with_no_handout_up_records_none(director, playing):
    director.post(playing["url"] + "scene/end/", headers=HTMX)
    event = TableEvent.objects.first()
    assert "handout_away" not in event.data
    assert Topic.HANDOUTS not in event.topics


def test_the_directors_line_names_the_handout_and_the_moment(director, playing):
    _on_show(playing)
    line = director.get(playing["url"] + "part/director-stage-handout/").content.decode()
    assert f"Handout: <strong>{CAPTION}</strong>" in line
    director.post(playing["url"] + "screen/", {"enabled": "1"})
    moment = director.get(playing["url"] + "part/director-stage/").content.decode()
    assert "A handout revealed" in moment
    director.post(playing["url"] + "scene/end/", headers=HTMX)
    line = director.get(playing["url"] + "part/director-stage-handout/").content.decode()
    assert "Handout: none" in line
    moment = director.get(playing["url"] + "part/director-stage/").content.decode()
    assert "Scene over" in moment
    # A player may not read the Director's line.
    refused = player_client(playing["sam"]).get(playing["url"] + "part/director-stage/")
    assert refused.status_code == 404
