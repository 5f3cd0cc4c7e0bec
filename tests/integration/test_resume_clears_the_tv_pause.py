"""The TV's "Paused" spotlight goes with the resume event itself, never a few seconds later as
a moment of its own (issue #34, step 8)."""

import pytest
from django.test import Client

from sessions.models import Adventure
from tests.conftest import HTMX, player_client

pytestmark = pytest.mark.django_db


def test_the_resume_takes_the_pause_off_the_tv(director, playing):
    url = playing["url"]
    director.post(url + "screen/", {"enabled": "1"})
    token = Adventure.objects.get().screen_token
    tv = Client()
    spotlight = f"/screen/{token}/part/spotlight/"

    player_client(playing["sam"]).post(url + "x-card/", headers=HTMX)
    paused = tv.get(spotlight).content.decode()
    assert "Paused" in paused
    assert "data-hold" in paused

    director.post(url + "resume/", headers=HTMX)
    resumed = tv.get(spotlight).content.decode()
    assert "Paused" not in resumed
    assert "data-spotlight" not in resumed
