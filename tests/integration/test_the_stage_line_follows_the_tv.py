"""The Director's "On the TV now" line is redrawn live when the Adventure's shared screen
link is made: by the TV of the finished Adventure following the Campaign here, or by the
Director (and when it is switched off). It never says "The TV is off" till a reload."""

import pytest

from sessions import live
from sessions.actions import legs
from sessions.actions import screen as screens
from sessions.live.drawing import draw_for
from sessions.models import Adventure, Campaign, KeyLocation, Leg, Scene, TableEvent
from sessions.rules import LoadedDice
from tests.conftest import HTMX

pytestmark = pytest.mark.django_db

OFF = "The TV is off"


def test_the_stage_line_says_what_the_tv_shows_once_it_followed_the_campaign(director, playing):
    adventure = playing["adventure"]
    campaign = Campaign.objects.create(director=adventure.director, title="The Monsoon Years")
    Adventure.objects.filter(pk=adventure.pk).update(
        campaign=campaign, screen_token="tv-token", status=Adventure.Status.FINISHED
    )
    sequel = Adventure.objects.create(
        director=adventure.director, title="The Clockmaker's Daughter", campaign=campaign
    )
    leg = Leg.objects.create(adventure=sequel, position=1, title="Tick, Tock")
    place = KeyLocation.objects.create(leg=leg, position=1, name="The clock tower")
    Scene.objects.create(leg=leg, position=1, beat="Up the tower", key_location=place)
    legs.start_leg(sequel, leg, adventure.director, LoadedDice([2, 3]))
    table = f"/adventures/{sequel.pk}/table/"
    # The Director's page, open already: the TV left on the last Adventure is on its way.
    page = director.get(table).content.decode()
    assert "The TV left on the last Adventure follows you here" in page

    followed = screens.follow_campaign(Adventure.objects.get(pk=adventure.pk))
    assert followed.pk == sequel.pk
    assert followed.screen_token
    stage = _stage_drawn(sequel)
    assert "Moment:" in stage
    assert OFF not in stage


def _stage_drawn(adventure) -> str:
    """The Director's stage line as the stream draws it for the table's newest event."""
    event = TableEvent.objects.filter(adventure=adventure).latest("pk")
    seat = live.Listener(adventure.pk, adventure.director_id, directs=True)
    _adventure, drawn = draw_for(event.pk, {"director": seat})
    stream = drawn["director"].decode()
    assert "event: director-stage" in stream, event.kind
    return stream.split("event: director-stage", 1)[1].split("event:", 1)[0]


def test_the_stage_line_hears_the_director_switch_the_link_on_and_off(director, playing):
    url = playing["url"] + "screen/"
    assert director.post(url, {"enabled": "1"}, headers=HTMX).status_code == 200
    stage = _stage_drawn(playing["adventure"])
    assert "Moment:" in stage
    assert OFF not in stage
    assert director.post(url, {"enabled": "0"}, headers=HTMX).status_code == 200
    assert OFF in _stage_drawn(playing["adventure"])


def test_the_stage_line_says_when_the_tvs_moment_came(director, playing):
    """A fresh-eyes evening: "Moment: A new Scene: Gears from the sky" read as what the TV showed
    long after its title card had gone (the TV shows a moment for some seconds, then its
    board). The line says it is the newest moment, and when it came."""
    from django.utils import timezone

    url = playing["url"] + "screen/"
    assert director.post(url, {"enabled": "1"}, headers=HTMX).status_code == 200
    scene = TableEvent.objects.filter(kind="scene_started").latest("pk")
    stage = _stage_drawn(playing["adventure"])
    when = timezone.localtime(scene.created).strftime("%H:%M")
    assert "(the newest, at <time datetime=" in stage
    assert f">{when}</time>)" in stage


def test_the_stage_line_says_in_play_only_while_a_leg_is_under_way(director, alice):
    """A fresh-eyes evening: "On the TV now … In play" before the first Leg had begun. Before
    it the line says so; after a Leg ends, "Between Legs"."""
    adventure = Adventure.objects.create(
        director=alice, title="The Clockmaker's Daughter", screen_token="tv-token"
    )
    leg = Leg.objects.create(adventure=adventure, position=1, title="Tick, Tock")
    page = director.get(f"/adventures/{adventure.pk}/table/").content.decode()
    stage = page.split('class="director-stage-part"', 1)[1].split("</span></span>", 1)[0]
    assert "Before the first Leg" in stage
    assert "In play" not in stage

    legs.start_leg(adventure, leg, alice, LoadedDice([2, 3]))
    assert "In play" in _stage_drawn(adventure)
    legs.end_leg(Adventure.objects.get(pk=adventure.pk), alice)
    stage = _stage_drawn(adventure)
    assert "Between Legs" in stage
    assert "In play" not in stage


def test_the_stage_line_says_the_board_once_the_handout_is_put_away(director, playing):
    """A helper's evening: "Moment: A handout revealed" stood after the Director put it away,
    while the TV showed its board again."""
    from sessions.actions import handouts
    from sessions.models import Handout

    url = playing["url"] + "screen/"
    assert director.post(url, {"enabled": "1"}, headers=HTMX).status_code == 200
    map_ = Handout.objects.create(
        adventure=playing["adventure"], caption="The map", display="d.jpg", thumb="t.jpg"
    )
    handouts.reveal(playing["adventure"], map_.pk, None)
    assert "A handout revealed" in _stage_drawn(playing["adventure"])
    handouts.put_away(playing["adventure"], None)
    stage = _stage_drawn(playing["adventure"])
    assert "A handout revealed" not in stage
    assert "the board, no spotlight up" in stage
