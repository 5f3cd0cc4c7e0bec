"""A recap tells the Scene as the table saw it (a fresh-eyes defect): a player's Wide Shot
detail quoted as the screens retold it ("a porter … watching them", not the typed "A porter …
watching us"), and a Scene's What that names a thing ("A rooftop chase") woven into the
sentence of its framing, no fragment left standing after it."""

import html

import pytest
from django.test import Client

from sessions.models import Adventure, Recap, Scene
from tests.conftest import HTMX, player_client

pytestmark = pytest.mark.django_db

TYPED = "A porter with a cauliflower ear is watching us from the stalls"


def test_the_recap_tells_the_detail_and_the_framing_as_the_table_showed_them(director, playing):
    adventure, sam = playing["adventure"], playing["sam"]
    Scene.objects.filter(status=Scene.Status.PLAYING).update(
        framing_where="The souk", framing_what="A rooftop chase", framing_who="the thief"
    )
    sent = player_client(sam).post(
        playing["url"] + f"wideshot/{sam.pk}/", {"text": TYPED}, headers=HTMX
    )
    assert sent.status_code == 200
    director.post(playing["url"] + "screen/", {"enabled": "1"})
    token = Adventure.objects.get(pk=adventure.pk).screen_token
    tv = html.unescape(Client().get(f"/screen/{token}/").content.decode())
    assert "is watching them from the stalls" in tv

    assert director.post(f"/adventures/{adventure.pk}/recaps/new/").status_code == 302
    body = Recap.objects.get().body
    assert "“a porter with a cauliflower ear is watching them from the stalls”" in body
    assert "watching us" not in body
    assert (
        "The Cast found themselves at the souk, a rooftop chase afoot, with the thief on hand."
        in body
    )
    assert "A rooftop chase." not in body
