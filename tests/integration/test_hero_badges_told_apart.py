"""Two heroes with the same initials (Sam Okafor and Sara Osei) wear different badges at the
table (a fresh-eyes evening, issue 34, D16): on the Director's Cast, a phone's and the TV's."""

import html
import re

import pytest

from characters.models import Character
from sessions.models import Adventure
from tests.conftest import player_client

pytestmark = pytest.mark.django_db

BADGE = re.compile(r'portrait-initials"[^>]*>(?:<span aria-hidden="true">)?([^<]+)<')


def _badges(response) -> list[str]:
    assert response.status_code == 200
    return [html.unescape(badge) for badge in BADGE.findall(response.content.decode())]


def test_heroes_with_the_same_initials_wear_different_badges(director, playing):
    Character.objects.filter(pk=playing["ada"].pk).update(name="Sara Osei")
    director.post(playing["url"] + "screen/", {"enabled": "1"})
    pages = {
        "Director": director.get(playing["url"]),
        "phone": player_client(playing["sam"]).get(playing["url"]),
        "TV": director.get(f"/screen/{Adventure.objects.get().screen_token}/"),
    }
    for screen, response in pages.items():
        badges = _badges(response)
        assert sorted(badges) == ["SOk", "SOs"], (screen, badges)
    # Alone, a hero keeps their own initials (the sheet has nobody to be told from).
    assert Character.objects.get(pk=playing["sam"].pk).initials == "SO"
