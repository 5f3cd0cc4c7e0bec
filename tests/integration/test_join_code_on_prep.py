"""The Adventure's prep page tells the join code beside the invite link, in the words the table
uses (a fresh-eyes defect: it was shown at the table alone)."""

import html
import re

import pytest

from sessions.models import Adventure

pytestmark = pytest.mark.django_db


def _text(response) -> str:
    assert response.status_code == 200
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", response.content.decode())).split())


def test_prep_tells_the_join_code_as_the_table_does(alice_client, adventure):
    code = adventure.join_code
    assert code
    said = f"Players join at /join/ with {code} ."
    assert said in _text(alice_client.get(adventure.get_absolute_url()))
    assert said in _text(alice_client.get(f"/adventures/{adventure.pk}/table/"))


def test_prep_says_when_the_join_code_is_switched_off(alice_client, adventure):
    table = f"/adventures/{adventure.pk}/table/"
    assert alice_client.post(table + "join-code/", {"do": "off"}).status_code == 302
    assert Adventure.objects.get(pk=adventure.pk).join_code is None
    prep = _text(alice_client.get(adventure.get_absolute_url()))
    assert "The join code is switched off: players join with the invite link only." in prep
