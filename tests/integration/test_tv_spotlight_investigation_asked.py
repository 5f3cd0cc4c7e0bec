"""An Investigation asked for takes the TV's spotlight, even while a Group Gamble's is up:
the newest moment wins (it had no spotlight till its die was rolled)."""

import pytest
from django.test import Client

from sessions.models import Adventure
from tests.conftest import HTMX

pytestmark = pytest.mark.django_db


def _spotlight(director, playing) -> str:
    director.post(playing["url"] + "screen/", {"enabled": "1"})
    html = Client().get(f"/screen/{Adventure.objects.get().screen_token}/").content.decode()
    return html[html.index('class="spotlight-part"') :]


def test_an_investigation_asked_for_takes_the_spotlight_from_a_group_gamble(director, playing):
    sam = playing["sam"]
    director.post(playing["url"] + "group/", {"text": "Outrun the flood"}, headers=HTMX)
    assert "Group Gamble!" in _spotlight(director, playing)
    answer = director.post(
        playing["url"] + "investigate/", {"character": sam.pk, "text": "the torn ledger"}
    )
    assert answer.status_code in (200, 302)
    spot = _spotlight(director, playing)
    assert "spotlight-investigation" in spot
    assert "Sam Okafor takes a closer look at the torn ledger" in spot
    assert "One die decides what they learn." in spot
    assert "Group Gamble!" not in spot
    # The Director's stage line says what the TV shows.
    stage = director.get(playing["url"] + "part/director-stage/").content.decode()
    assert "Sam Okafor is asked to take a closer look" in stage
