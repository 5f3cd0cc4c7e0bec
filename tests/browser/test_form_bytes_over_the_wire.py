"""A handout's caption whose bytes aren't UTF-8, sent beside its picture to the real server
(multipart, as a form with a file is sent): refused with the caption's message, no handout
made, as a url-encoded form is."""

import pytest

from sessions.models import Handout
from tests.browser.http import Visitor
from tests.images import picture

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_caption_with_bytes_that_arent_utf8_is_refused_over_the_wire(
    asgi_server, playing, password
):
    adventure = playing["adventure"]
    director = Visitor(asgi_server, adventure.director, password)
    path = f"/adventures/{adventure.pk}/handouts/new/"
    status, page = director.upload(
        path, "picture", "map.jpg", picture(), {"caption": b"The harbour\xed\xa0\x80map"}
    )
    assert status == 400
    assert "Caption contains bytes that aren&#x27;t UTF-8" in page
    assert not Handout.objects.filter(adventure=adventure).exists()

    # The same form with the caption as typed goes through, exactly as sent.
    fields = {"caption": "The harbour map 🐉".encode()}
    status, _page = director.upload(path, "picture", "map.jpg", picture(), fields)
    assert status == 200  # the outline, after the redirect
    assert Handout.objects.get(adventure=adventure).caption == "The harbour map 🐉"
