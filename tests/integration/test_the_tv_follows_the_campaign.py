"""A TV left on a finished Adventure follows its Campaign to the next Adventure once the
Director opens it at the table (its session zero, its "Previously on…", its first Leg), and is
told so at once; a next Adventure only made, not opened, leaves the TV on The End."""

import re

import pytest

from sessions.actions import legs, previously, screen, session_zero
from sessions.models import Adventure, Campaign, KeyLocation, Leg, Recap, Scene, TableEvent
from sessions.models.table import UNLOGGED
from sessions.parts import change
from sessions.rules import LoadedDice

pytestmark = pytest.mark.django_db


@pytest.fixture
def sequel(playing):
    adventure = playing["adventure"]
    campaign = Campaign.objects.create(director=adventure.director, title="The Monsoon Years")
    Adventure.objects.filter(pk=adventure.pk).update(campaign=campaign)
    screen.set_screen(adventure, True, actor=adventure.director)
    legs.finish_adventure(adventure, adventure.director)
    Recap.objects.create(adventure=adventure, title="So far", body="It rained. Then gears fell.")
    Recap.objects.update(published="2026-01-01T00:00:00Z")
    following = Adventure.objects.create(
        director=adventure.director, title="The Clockmaker's Daughter", campaign=campaign
    )
    leg = Leg.objects.create(adventure=following, position=1, title="Tick, Tock")
    location = KeyLocation.objects.create(leg=leg, position=1, name="The clock tower")
    Scene.objects.create(leg=leg, position=1, beat="Up the tower", key_location=location)
    return following


def _told(adventure) -> list[TableEvent]:
    return list(TableEvent.objects.filter(adventure=adventure, kind="campaign_went_on"))


OPENINGS = {
    "session zero": lambda sequel: session_zero.start(sequel, sequel.director),
    "previously on": lambda sequel: previously.play(sequel, sequel.director),
    "first leg": lambda sequel: legs.start_leg(
        sequel, sequel.legs.get(), sequel.director, LoadedDice([2, 3])
    ),
}


@pytest.mark.parametrize("opening", OPENINGS, ids=list(OPENINGS))
def test_the_finished_tv_is_told_as_the_next_adventure_opens(playing, sequel, opening):
    finished = Adventure.objects.get(pk=playing["adventure"].pk)
    assert screen.next_in_campaign(finished) is None  # made, not opened: The End stays
    OPENINGS[opening](sequel)
    assert screen.next_in_campaign(finished) == sequel
    [told] = _told(finished)
    # Heard by the TV's follow part, the phones' "After the end" and their calls' banner ("The
    # story goes on"), the Director's undo line (which hears every event), the cockpit's pacing
    # (its "Go on to …" link after The End), its "On the TV now" line (the TV has moved on), its
    # notes (which hear The Campaign's moves: The End takes the line for the table away), and
    # in nobody's log.
    assert change([told]).names == {
        "follow",
        "after-the-end",
        "calls",
        "corrections",
        "director-pacing",
        "director-stage",
        "director-notes",
    }
    assert told.kind in UNLOGGED
    assert told.summary == "The Campaign goes on: The Clockmaker's Daughter."
    # The TV asking then makes the next Adventure's link: its Director's page says the TV is on.
    assert screen.follow_campaign(finished) == sequel
    assert Adventure.objects.get(pk=sequel.pk).screen_token is not None


def test_once_play_has_begun_the_tv_is_told_no_more(playing, sequel):
    finished = Adventure.objects.get(pk=playing["adventure"].pk)
    previously.play(sequel, sequel.director)
    previously.skip(sequel, sequel.director)
    legs.start_leg(sequel, sequel.legs.get(), sequel.director, LoadedDice([2, 3]))
    # Each opening before play tells the TV left behind (it may have missed one)...
    assert len(_told(finished)) == 2
    # ...and "Previously on…" at a later session of it does not.
    previously.play(sequel, sequel.director)
    assert len(_told(finished)) == 2


def test_a_finished_adventure_with_its_tv_off_is_not_told(playing, sequel):
    finished = Adventure.objects.get(pk=playing["adventure"].pk)
    screen.set_screen(finished, False, actor=finished.director)
    session_zero.start(sequel, sequel.director)
    assert _told(finished) == []
    assert screen.next_in_campaign(finished) == sequel


def _cockpit_says(client, adventure) -> str:
    page = client.get(f"/adventures/{adventure.pk}/table/")
    assert page.status_code == 200
    return re.sub(r"<[^>]+>", "", page.content.decode())  # the words, a link's too


COMING = "The TV left on the last Adventure follows you here"
OFF = "The TV is off: make a shared screen link"


def test_the_next_adventures_cockpit_says_the_tv_comes_along(client, playing, sequel):
    """A reviewer made the next Adventure and read "The TV is off": the TV left on the last one
    was waiting to follow, and a new link would have been for nothing."""
    client.force_login(sequel.director)
    assert COMING in _cockpit_says(client, sequel)
    assert OFF not in _cockpit_says(client, sequel)
    previously.play(sequel, sequel.director)
    screen.follow_campaign(Adventure.objects.get(pk=playing["adventure"].pk))  # the TV arrives
    arrived = _cockpit_says(client, sequel)
    assert COMING not in arrived
    assert "Moment:" in arrived


def test_with_the_last_tv_off_the_cockpit_says_the_tv_is_off(client, playing, sequel):
    finished = Adventure.objects.get(pk=playing["adventure"].pk)
    screen.set_screen(finished, False, actor=finished.director)
    client.force_login(sequel.director)
    page = _cockpit_says(client, sequel)
    assert OFF in page
    assert COMING not in page
