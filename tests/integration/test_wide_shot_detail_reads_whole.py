"""A Wide Shot detail reads as a sentence on every screen, whatever the player typed (a
fresh-eyes review: "Ada sees that crowbar on the floor", "sees that" glued to a thing)."""

import html

import pytest
from django.test import Client
from django.urls import reverse

from sessions.models import Recap
from tests.conftest import player_client

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("typed", "told"),
    [
        ("That crowbar on the floor", "Ada</strong> notices: that crowbar on the floor"),
        ("The safe door is ajar", "Ada</strong> notices: the safe door is ajar"),
    ],
)
def test_every_screen_tells_the_detail_whole(director, playing, typed, told):
    from sessions.actions import legs, wideshots

    adventure, ada = playing["adventure"], playing["ada"]
    wideshots.add_detail(adventure, ada, typed, ada.owner)
    adventure.screen_token = "tv-token"
    adventure.save(update_fields=["screen_token"])
    tv = Client().get(reverse("screen", args=["tv-token"])).content.decode()
    phone = player_client(ada).get(playing["url"]).content.decode()
    cockpit = director.get(playing["url"]).content.decode()
    for page in (tv, phone, cockpit):
        assert told in html.unescape(page)
    log = html.unescape(
        player_client(ada).get(f"/adventures/{adventure.pk}/log/markdown/").content.decode()
    )
    assert told.replace("</strong>", "") + "." in log
    legs.end_leg(adventure, adventure.director)
    recap = Recap.objects.get().body
    assert f"Ada added “{typed[:1].lower()}{typed[1:]}”" in recap
    for said in (tv, phone, cockpit, log, recap):
        assert "sees that" not in said
