"""The "Scene over" moment on the TV says it once (the evening's review, issue 35): the
kicker "Scene over", the Scene's beat, then what the ending did, a Gamble the ending locked in
as it stood named with what it came to."""

import html
import re

import pytest
from django.test import Client

from sessions.models import Adventure, TableEvent
from sessions.rules import LoadedDice
from tests.conftest import HTMX

pytestmark = pytest.mark.django_db


def _spotlight(director, playing) -> str:
    director.post(playing["url"] + "screen/", {"enabled": "1"})
    token = Adventure.objects.get().screen_token
    screen = Client().get(f"/screen/{token}/").content.decode()
    start = screen.index("data-spotlight=")
    return html.unescape(re.sub(r"<[^>]+>", " ", screen[start : screen.index("</section>", start)]))


def test_a_scene_ended_with_a_gamble_open_names_it_once(director, playing):
    from sessions.actions import gambles

    adventure, sam = playing["adventure"], playing["sam"]
    ask = gambles.GambleRequest(
        intent="pick the lock", knacks=[], equipment=[], sound_effects=[], advantages=0,
        helpers=[], penalties=0,
    )  # fmt: skip
    gambles.roll_gamble(adventure, sam, ask, "open-0001", sam.owner, LoadedDice([2]))
    response = director.post(playing["url"] + "scene/end/", {"lock_open": "yes"}, headers=HTMX)
    assert response.status_code == 200
    event = TableEvent.objects.filter(kind="scene_ended").get()
    said = f"{sam.name} tries to pick the lock: locked in as it stood, a blunder."
    assert said in event.summary  # the log says it too
    spot = " ".join(_spotlight(director, playing).split())
    assert spot.count("Scene over") == 1, spot
    assert "back on their feet" not in spot, spot  # nobody was knocked out
    assert said in spot
    assert "Questions for the harbourmaster" in spot  # the beat, once


def test_a_scene_ended_with_nothing_open_says_so_once(director, playing):
    director.post(playing["url"] + "scene/end/", headers=HTMX)
    spot = " ".join(_spotlight(director, playing).split())
    assert spot.count("Scene over") == 1, spot
    assert "locked in as it stood" not in spot
