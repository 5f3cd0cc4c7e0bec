"""A handout attached to a Danger (a wanted poster of Brass Jack) is listed under that Danger,
in the prep outline and in the Director's Dangers panel at the table, with a small picture and,
at the table, its reveal control; a player's page and the TV know nothing of it till revealed."""

import re

import pytest
from django.test import Client
from django.urls import reverse

from sessions.actions import dangers
from sessions.models import Handout
from sessions.rules import DangerTemplate
from tests.conftest import HTMX, player_client
from tests.images import handout

pytestmark = pytest.mark.django_db

POSTER = "Wanted: Brass Jack, dead or alive"


@pytest.fixture
def poster(playing):
    adventure = playing["adventure"]
    jack = dangers.add_danger(adventure, "Brass Jack", DangerTemplate.VILLAIN, adventure.director)
    return handout(adventure, POSTER, danger=jack)


def _under_jack(page: str) -> str:
    """The list of Brass Jack's handouts on a page ("" if none)."""
    found = re.search(r'aria-label="Handouts of Brass Jack">(.*?)</ul>', page, re.S)
    return found.group(1) if found else ""


def test_the_poster_is_listed_under_its_danger_in_the_prep_outline(director, playing, poster):
    page = director.get(playing["adventure"].get_absolute_url()).content.decode()
    listed = _under_jack(page)
    assert "Wanted: Brass Jack, dead or alive" in listed
    assert "secret" in listed
    assert poster.thumb.rsplit("/", 1)[-1] in listed  # its small picture


def test_at_the_table_it_is_under_the_danger_with_its_reveal_control(director, playing, poster):
    url = playing["url"]
    listed = _under_jack(director.get(url).content.decode())
    assert "Wanted: Brass Jack, dead or alive" in listed
    assert 'name="part" value="director-dangers"' in listed
    assert "Reveal" in listed
    # Revealed from there: the panel's own drawing comes back if refused; done, it says so.
    answer = director.post(
        url + "handouts/reveal/", {"handout": poster.pk, "part": "director-dangers"}, headers=HTMX
    )
    assert answer.status_code == 200
    assert Handout.objects.get(pk=poster.pk).on_show
    listed = _under_jack(director.get(url).content.decode())
    assert "on show now" in listed
    assert f'Put away<span class="visually-hidden"> {POSTER}</span>' in listed


def test_a_player_and_the_tv_know_nothing_of_it_while_unrevealed(playing, poster):
    adventure = playing["adventure"]
    adventure.screen_token = "tv-token"
    adventure.save(update_fields=["screen_token"])
    pages = [
        player_client(playing["sam"]).get(playing["url"]).content.decode(),
        Client().get(reverse("screen", args=["tv-token"])).content.decode(),
    ]
    for page in pages:
        assert "Brass Jack, dead or alive" not in page
        assert "Handouts of" not in page
