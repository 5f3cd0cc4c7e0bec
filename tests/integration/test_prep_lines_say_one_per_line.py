"""The prep fields the crib reads line by line say so (fresh-eyes review): a Leg's Clues and Set
pieces, a Key Location's Obstacles and Clues, each "One per line." under its box, tied to it
for a screen reader."""

import re

import pytest

pytestmark = pytest.mark.django_db


def _help_of(html: str, field: str) -> str:
    box = re.search(rf'<textarea name="{field}"[^>]*aria-describedby="([^"]+)"', html)
    assert box, f"{field} has no help tied to it"
    help_id = box.group(1).split()[0]
    said = re.search(rf'id="{help_id}"[^>]*>(.*?)</', html, re.S)
    return said.group(1).strip()


def test_a_legs_clues_and_set_pieces_say_one_per_line(alice_client, adventure):
    leg = adventure.legs.get()
    for url in (
        f"/adventures/{adventure.pk}/legs/new/",
        f"/adventures/{adventure.pk}/legs/{leg.pk}/edit/",
    ):
        html = alice_client.get(url).content.decode()
        assert _help_of(html, "clues") == "One per line."
        assert _help_of(html, "set_pieces") == "One per line."


def test_a_key_locations_obstacles_and_clues_say_one_per_line(alice_client, adventure):
    leg = adventure.legs.get()
    html = alice_client.get(f"/adventures/{adventure.pk}/legs/{leg.pk}/locations/new/").content
    html = html.decode()
    assert _help_of(html, "obstacles") == "One per line. Secret."
    assert _help_of(html, "clues") == "One per line. Secret."
