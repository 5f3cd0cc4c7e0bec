"""The Director's screens after a fresh-eyes evening (issue #35): what the table says when the
Adventure has no Legs yet, and when it is finished."""

import html

import pytest

from sessions.models import Adventure

pytestmark = pytest.mark.django_db


def _text(response) -> str:
    assert response.status_code == 200
    return html.unescape(response.content.decode())


def test_a_new_adventure_with_no_legs_says_so_with_a_way_to_add_one(client, alice):
    adventure = Adventure.objects.create(director=alice, title="A Fresh Start")
    client.force_login(alice)
    page = _text(client.get(f"/adventures/{adventure.pk}/table/"))
    assert "Every Leg has been played" not in page
    assert "No Legs yet." in page
    assert f'href="/adventures/{adventure.pk}/legs/new/"' in page
