"""The Director pauses the table themselves (Tools › Safety & Screen): the X-card's pause,
held and resumed the same way, said on every screen as the Director's (never as the X-card),
and logged as theirs. And the cockpit's "On the TV now" line says what the TV shows once the
pause is over, whoever paused."""

import pytest
from django.test import Client

from sessions.actions import legs
from sessions.actions.base import PAUSED_BY_DIRECTOR
from sessions.models import Adventure, Campaign, KeyLocation, Leg, Scene, TableEvent
from sessions.rules import LoadedDice
from tests.conftest import HTMX, player_client
from tests.gambles import gamble_form

pytestmark = pytest.mark.django_db


def _tv(director, url) -> Client:
    director.post(url + "screen/", {"enabled": "1"}, headers=HTMX)
    return Client()


def test_the_director_pauses_the_table_and_every_screen_says_it_was_them(director, playing):
    url, sam = playing["url"], playing["sam"]
    tv = _tv(director, url)
    token = Adventure.objects.get().screen_token
    cockpit = director.get(url).content.decode()
    assert "Pause the table" in cockpit

    response = director.post(url + "pause/", headers=HTMX)

    assert response.status_code == 200
    adventure = Adventure.objects.get()
    assert adventure.paused
    assert adventure.paused_by_director
    event = TableEvent.objects.latest("pk")
    assert (event.kind, event.actor_id) == ("director_pause", adventure.director_id)
    assert event.summary == "The Director pauses the table."

    phone = player_client(sam).get(url).content.decode()
    assert "The Director paused the table for a moment" in phone
    assert "Paused by the Director:" in phone  # the hero bar's note
    assert "X-card" not in phone.split("data-paused", 1)[1].split("</div>", 1)[0]
    assert "Take a breath" not in phone  # the X-card's words, not a break's
    assert "Someone pressed the X-card" not in phone
    assert "The Director pauses the table." in phone  # the log
    screen = tv.get(f"/screen/{token}/").content.decode()
    assert "The Director paused the table for a moment" in screen
    assert "Someone pressed the X-card" not in screen
    cockpit = director.get(url).content.decode()
    assert "You paused the table" in cockpit
    assert "Resume the game" in cockpit
    assert "Pause the table</button>" not in cockpit
    assert "Someone pressed the X-card" not in cockpit
    stage = director.get(url + "part/director-stage/").content.decode()
    assert "Paused (by you)" in stage

    # Held like the X-card's pause: a player's move is refused, in the Director's words.
    refused = player_client(sam).post(
        url + f"roll/{sam.pk}/", gamble_form("while-paused"), headers=HTMX
    )
    assert refused.status_code == 409
    assert PAUSED_BY_DIRECTOR in refused.content.decode()
    # Once is enough.
    assert director.post(url + "pause/", headers=HTMX).status_code == 409

    assert director.post(url + "resume/", headers=HTMX).status_code == 200
    adventure = Adventure.objects.get()
    assert not adventure.paused
    assert not adventure.paused_by_director
    assert "data-paused" not in player_client(sam).get(url).content.decode()


def test_a_player_can_neither_pause_as_the_director_nor_resume(director, playing):
    url, sam = playing["url"], playing["sam"]
    assert player_client(sam).post(url + "pause/", headers=HTMX).status_code == 404
    assert not Adventure.objects.get().paused
    assert "Pause the table" not in player_client(sam).get(url).content.decode()
    assert director.get(url + "pause/").status_code == 405

    director.post(url + "pause/", headers=HTMX)
    assert player_client(sam).post(url + "resume/", headers=HTMX).status_code == 404
    assert Adventure.objects.get().paused


def test_the_x_card_after_a_directors_pause_is_said_as_the_x_card(director, playing):
    url, sam = playing["url"], playing["sam"]
    director.post(url + "pause/", headers=HTMX)
    director.post(url + "resume/", headers=HTMX)
    player_client(sam).post(url + "x-card/", headers=HTMX)
    phone = player_client(sam).get(url).content.decode()
    assert "Someone pressed the X-card." in phone
    assert "The Director paused the table" not in phone


@pytest.mark.parametrize("pause", ["x-card", "director"])
def test_the_stage_line_says_the_board_once_the_table_is_resumed(director, playing, pause):
    url = playing["url"]
    _tv(director, url)
    if pause == "x-card":
        player_client(playing["sam"]).post(url + "x-card/", headers=HTMX)
    else:
        director.post(url + "pause/", headers=HTMX)
    paused = director.get(url + "part/director-stage/").content.decode()
    assert "Paused" in paused

    director.post(url + "resume/", headers=HTMX)

    stage = director.get(url + "part/director-stage/").content.decode()
    assert "Paused" not in stage
    assert "the board, no spotlight up" in stage
    assert "In play" in stage


def test_a_finished_adventures_stage_line_says_its_tv_followed_the_campaign(director, playing):
    adventure = playing["adventure"]
    campaign = Campaign.objects.create(director=adventure.director, title="The Monsoon Years")
    Adventure.objects.filter(pk=adventure.pk).update(
        campaign=campaign, screen_token="tv-token", status=Adventure.Status.FINISHED
    )
    stage = director.get(playing["url"] + "part/director-stage/").content.decode()
    assert "The End" in stage  # nothing to follow yet: the TV shows the finished table

    sequel = Adventure.objects.create(
        director=adventure.director, title="The Clockmaker's Daughter", campaign=campaign
    )
    leg = Leg.objects.create(adventure=sequel, position=1, title="Tick, Tock")
    place = KeyLocation.objects.create(leg=leg, position=1, name="The clock tower")
    Scene.objects.create(leg=leg, position=1, beat="Up the tower", key_location=place)
    legs.start_leg(sequel, leg, adventure.director, LoadedDice([2, 3]))

    stage = director.get(playing["url"] + "part/director-stage/").content.decode()
    assert "The End" not in stage
    assert "Daughter (the TV followed the Campaign there)" in stage


def test_the_x_card_stays_through_the_directors_pause_and_makes_it_the_x_cards(director, playing):
    """A player who needs the X-card during the Director's break has it (a fresh-eyes phone:
    the hero bar swapped it for "Paused by the Director"): pressed, the pause is the X-card's
    on every screen, still anonymous, and only the Director resumes it."""
    url, sam = playing["url"], playing["sam"]
    _tv(director, url)
    director.post(url + "pause/", headers=HTMX)
    phone = player_client(sam).get(url).content.decode()
    assert phone.count('class="button x-card"') == 2  # the safety panel's and the hero bar's

    assert player_client(sam).post(url + "x-card/", headers=HTMX).status_code == 200

    adventure = Adventure.objects.get()
    assert adventure.paused
    assert not adventure.paused_by_director
    event = TableEvent.objects.latest("pk")
    assert (event.kind, event.actor_id) == ("x_card", None)
    phone = player_client(sam).get(url).content.decode()
    assert "Someone pressed the X-card." in phone
    assert "The Director paused the table" not in phone
    assert 'class="button x-card"' not in phone  # once is enough
    assert player_client(sam).post(url + "x-card/", headers=HTMX).status_code == 409
    cockpit = director.get(url).content.decode()
    assert "Someone pressed the X-card." in cockpit
    assert 'href="#lines-veils-title">Lines &amp; Veils</a>' in cockpit
    assert "Paused (the X-card)" in director.get(url + "part/director-stage/").content.decode()
