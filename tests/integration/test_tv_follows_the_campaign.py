"""A TV left on a finished Adventure asks where its Campaign went on (issue #34): only its own
screen link may ask, only a finished Adventure moves on, only to the same Director's next
Adventure of the same Campaign once it has started, and nothing changes while there is none."""

import pytest
from django.test import Client

from sessions.actions import legs
from sessions.models import Adventure, Campaign, Leg, TableEvent
from sessions.rules import LoadedDice

pytestmark = pytest.mark.django_db


def _tv(director, playing) -> tuple[Client, str]:
    director.post(playing["url"] + "screen/", {"enabled": "1"})
    token = Adventure.objects.get(pk=playing["adventure"].pk).screen_token
    return Client(enforce_csrf_checks=False), f"/screen/{token}/next/"


def _sequel(campaign, director_user, title="The Clockmaker's Daughter") -> tuple[Adventure, Leg]:
    sequel = Adventure.objects.create(director=director_user, title=title, campaign=campaign)
    return sequel, Leg.objects.create(adventure=sequel, position=1, title="Tick, Tock")


def test_a_tv_asks_only_with_its_own_link_and_by_post(director, playing):
    tv, url = _tv(director, playing)
    assert tv.get(url).status_code == 405
    assert tv.post("/screen/nothing-here/next/").status_code == 404
    # In play, or not in a Campaign: nowhere to go, nothing changed.
    assert tv.post(url).status_code == 204
    director.post(playing["url"] + "finish/", {"confirm": "yes"})
    assert tv.post(url).status_code == 204
    # A link switched off asks no more.
    director.post(playing["url"] + "screen/", {"enabled": "0"})
    assert tv.post(url).status_code == 404


def test_the_tv_moves_only_to_the_same_directors_started_next_adventure(director, playing, bob):
    adventure = playing["adventure"]
    campaign = Campaign.objects.create(director=adventure.director, title="The Monsoon Years")
    Adventure.objects.filter(pk=adventure.pk).update(campaign=campaign)
    tv, url = _tv(director, playing)
    sequel, leg = _sequel(campaign, adventure.director)
    # Started, but this one is still in play: the TV stays.
    legs.start_leg(sequel, leg, adventure.director, LoadedDice([2, 3]))
    assert tv.post(url).status_code == 204
    director.post(playing["url"] + "finish/", {"confirm": "yes"})
    # Another Director's Adventure in the same Campaign (a hand-made row) is never followed.
    Adventure.objects.filter(pk=sequel.pk).update(director=bob)
    assert tv.post(url).status_code == 204
    assert Adventure.objects.get(pk=sequel.pk).screen_token is None
    Adventure.objects.filter(pk=sequel.pk).update(director=adventure.director)

    answer = tv.post(url)
    assert answer.status_code == 200
    token = Adventure.objects.get(pk=sequel.pk).screen_token
    assert answer.json() == {"url": f"/screen/{token}/", "title": sequel.title}
    # Asked again (another TV, a reload): the same link, made once.
    assert tv.post(url).json()["url"] == f"/screen/{token}/"
    assert TableEvent.objects.filter(adventure=sequel, kind="screen").count() == 1
    assert tv.get(f"/screen/{token}/").status_code == 200


def test_a_finished_tv_asking_with_nowhere_to_go_costs_two_reads(
    director, playing, django_assert_max_num_queries
):
    """Asked every 15 s by every TV left on: its screen link, then the Campaign's next."""
    adventure = playing["adventure"]
    campaign = Campaign.objects.create(director=adventure.director, title="The Monsoon Years")
    Adventure.objects.filter(pk=adventure.pk).update(campaign=campaign)
    tv, url = _tv(director, playing)
    director.post(playing["url"] + "finish/", {"confirm": "yes"})
    with django_assert_max_num_queries(2):
        assert tv.post(url).status_code == 204
