"""A form body whose bytes aren't UTF-8 (``%ED%A0%80``: a lone surrogate written out as bytes)
is refused by the form with the field's message, like every other text that can't be stored;
nothing of it is saved as U+FFFD."""

import pytest
from django.urls import reverse

from characters.models import Character
from sessions.models import Adventure, Handout, TableEvent
from tests.conftest import HTMX
from tests.images import picture

pytestmark = pytest.mark.django_db

NOT_UTF8 = "%ED%A0%80"


def post_body(client, url: str, body: str | bytes, **headers):
    return client.post(url, body, content_type="application/x-www-form-urlencoded", headers=headers)


def test_a_title_with_bytes_that_arent_utf8_is_refused_by_the_adventure_form(
    alice_client, adventure
):
    url = reverse("adventure_edit", args=[adventure.pk])
    response = post_body(alice_client, url, f"title=The+Brass{NOT_UTF8}Idol&pitch=")
    assert response.status_code == 400
    page = response.content.decode()
    assert "Title contains bytes that aren&#x27;t UTF-8, which can&#x27;t be saved" in page
    adventure.refresh_from_db()
    assert adventure.title == "The Clockwork Monsoon"


def test_raw_bytes_that_arent_utf8_are_refused_too(alice_client):
    body = b"title=The+Brass\xed\xa0\x80Idol&pitch=Heat"
    response = post_body(alice_client, reverse("adventure_create"), body)
    assert response.status_code == 400
    assert "Title contains bytes that aren" in response.content.decode()
    assert not Adventure.objects.filter(title__contains="Brass").exists()


def test_a_hero_name_with_bytes_that_arent_utf8_makes_no_hero(alice_client):
    body = f"action=save&name=Nell{NOT_UTF8}&archetype=brawler"
    response = post_body(alice_client, reverse("character_create"), body)
    assert response.status_code == 400
    assert "Name contains bytes that aren" in response.content.decode()
    assert not Character.objects.exists()


def test_a_line_for_the_table_with_bytes_that_arent_utf8_reaches_no_log(director, playing):
    before = TableEvent.objects.count()
    url = reverse("narrate", args=[playing["adventure"].pk])
    response = post_body(director, url, f"note=The+rain{NOT_UTF8}stops", **HTMX)
    assert response.status_code == 409
    assert "bytes that aren" in response.content.decode()
    assert TableEvent.objects.count() == before
    assert not TableEvent.objects.filter(summary__contains="\ufffd").exists()


def test_text_in_any_script_still_saves_exactly_as_typed(alice_client, adventure):
    url = reverse("adventure_edit", args=[adventure.pk])
    # "Ébène 🐉" percent-encoded as a browser sends it.
    response = post_body(alice_client, url, "title=%C3%89b%C3%A8ne+%F0%9F%90%89&pitch=")
    assert response.status_code == 302
    adventure.refresh_from_db()
    assert adventure.title == "Ébène 🐉"


def post_multipart(client, url: str, fields: dict[str, bytes], files: dict[str, tuple]):
    """A multipart body written byte by byte, as a browser (or a forger) sends it: the test
    client's own encoder would never put bytes that aren't UTF-8 in a field."""
    boundary = "----enigma-boundary"
    body = b""
    for name, value in fields.items():
        body += f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"\r\n\r\n'.encode()
        body += value + b"\r\n"
    for name, (filename, content, kind) in files.items():
        body += (
            f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"; '
            f'filename="{filename}"\r\nContent-Type: {kind}\r\n\r\n'
        ).encode()
        body += content + b"\r\n"
    body += f"--{boundary}--\r\n".encode()
    return client.post(url, body, content_type=f"multipart/form-data; boundary={boundary}")


def test_a_handout_caption_with_bytes_that_arent_utf8_is_refused_and_no_handout_is_made(
    director, playing
):
    adventure = playing["adventure"]
    url = reverse("handout_add", args=[adventure.pk])
    caption = b"A map of the harbour\xed\xa0\x80"
    files = {"picture": ("map.jpg", picture(), "image/jpeg")}
    response = post_multipart(director, url, {"caption": caption}, files)
    assert response.status_code == 400
    assert "Caption contains bytes that aren" in response.content.decode()
    assert not Handout.objects.filter(adventure=adventure).exists()


def test_a_handout_caption_in_any_script_uploads_exactly_as_typed(director, playing):
    adventure = playing["adventure"]
    url = reverse("handout_add", args=[adventure.pk])
    caption = "Карта гавани 🐉 \ufffd".encode()  # a real U+FFFD, sent as UTF-8, is text too
    files = {"picture": ("map.jpg", picture(), "image/jpeg")}
    response = post_multipart(director, url, {"caption": caption}, files)
    assert response.status_code == 302
    assert Handout.objects.get(adventure=adventure).caption == "Карта гавани 🐉 \ufffd"
