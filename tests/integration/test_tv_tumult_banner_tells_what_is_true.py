"""The Tumult's banner on the TV (and the phones) says what is true now, as the Director's card
does (a fresh-eyes review): after the enemies' turn it no longer reads "Enemies' turn · The
enemies strike back…"; with every enemy out it tells the room so, not the Director's "end the
Tumult?", and no phone asks for a turn; a hero whose Gamble is rolled but not locked in is
"rolling", not yet "acted"."""

import re

import pytest
from django.test import Client

from sessions.models import Adventure, Danger, Gamble, TableEvent
from sessions.rules import LoadedDice, use_dice
from tests.conftest import player_client
from tests.gambles import gamble_form
from tests.tumults import tumult_against_kray, words

pytestmark = pytest.mark.django_db


def _tv(director, playing) -> str:
    director.post(playing["url"] + "screen/", {"enabled": "1"})
    return Client().get(f"/screen/{Adventure.objects.get().screen_token}/").content.decode()


def _banner(html: str) -> str:
    """The Tumult's banner, its words alone."""
    section = re.search(r'<section class="panel tumult".*?</section>', html, re.S).group(0)
    return words(section)


def test_after_the_enemies_turn_the_tv_says_they_have_struck(director, playing):
    kray = tumult_against_kray(director, playing)
    split = {f"split-{kray.pk}-{playing['sam'].pk}": "1", "peril-asked": "1"}
    director.post(playing["url"] + "tumult/enemies/", split)
    assert TableEvent.objects.filter(kind="enemies_turn").exists()

    banner = _banner(_tv(director, playing))
    assert "Round 1 · the enemies have struck" in banner
    assert "Enemies' turn" not in banner
    assert "strike back" not in banner
    assert "Next round on the Director's word." in banner
    card = director.get(playing["url"] + "part/director-tumult/").content.decode()
    assert "turn is done." in card


def test_every_enemy_out_is_told_to_the_room_and_asks_no_turn(director, playing):
    kray = tumult_against_kray(director, playing)
    sam = playing["sam"]
    phone = player_client(sam)
    assert "Sam Okafor: your turn in the Tumult" in phone.get(playing["url"]).content.decode()

    for _ in range(kray.success_threshold):
        director.post(playing["url"] + "dangers/success/", {"danger": kray.pk})
    assert Danger.objects.get(pk=kray.pk).is_out
    tv = _banner(_tv(director, playing))
    assert "Every enemy is out!" in tv
    assert "end the Tumult?" not in tv
    page = phone.get(playing["url"]).content.decode()
    assert "your turn in the Tumult" not in page
    assert "Every enemy is out!" in _banner(page)
    # The Director is still the one asked.
    card = director.get(playing["url"] + "part/director-tumult/").content.decode()
    assert "Every enemy is out of the picture: end the Tumult." in card


def test_a_hero_has_acted_once_the_gamble_is_locked_in(director, playing):
    tumult_against_kray(director, playing)
    sam = playing["sam"]
    phone = player_client(sam)
    with use_dice(LoadedDice([6])):
        phone.post(playing["url"] + f"roll/{sam.pk}/", gamble_form("acted-0001", danger=""))
    gamble = Gamble.objects.get()

    banner = _banner(_tv(director, playing))
    assert "Rolling: Sam Okafor." in banner
    assert "Acted" not in banner
    assert "Still to act: Ada." in banner  # not Sam: his Gamble is his action, under way

    phone.post(playing["url"] + f"gambles/{gamble.pk}/lock/", {"step": gamble.step})
    assert Gamble.objects.get().locked
    # The lock-in reaches the TV's banner.
    assert "tumult" in TableEvent.objects.first().data["topics"]
    banner = _banner(_tv(director, playing))
    assert "Acted: Sam Okafor." in banner
    assert "Rolling" not in banner
