"""The recap counts Gambles as the TV does (a fresh-eyes evening: the TV's The End card said
14 Gambles, the recap 11): a Group Gamble's members each make a Gamble (the SRD's Group
Gambles: "The players each make a Gamble as they normally would"), and every count says so."""

import html
import re

import pytest
from django.test import Client
from django.urls import reverse

from sessions.actions import legs
from sessions.models import Recap
from tests.integration.test_recap_true_words import _gamble, _group_gamble

pytestmark = pytest.mark.django_db


def test_the_recap_and_the_end_card_count_the_same_gambles(playing):
    adventure = playing["adventure"]
    _gamble(adventure, playing["sam"], [6], "solo-0001", "Pick the lock")
    search = "Search the library"
    _group_gamble(playing, search, sam=([6], search), ada=([2], search))
    legs.finish_adventure(adventure, adventure.director)
    adventure.screen_token = "tv-token"
    adventure.save(update_fields=["screen_token"])

    tv = html.unescape(Client().get(reverse("screen", args=["tv-token"])).content.decode())
    [card] = re.findall(r'class="the-end-tally">(\d+) Gambles: (\d+) successes', tv)
    assert card == ("3", "2")
    body = Recap.objects.get().body
    assert "Three Gambles, two of them good." in body
