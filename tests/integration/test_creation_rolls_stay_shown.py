"""Every roll made on the creation page stays shown until the hero is saved: the server's
drive roll was wiped by the Equipment roll that came after it (a fresh-eyes evening)."""

import html
import re

import pytest

from characters.models import Character
from sessions.rules import LoadedDice, use_dice

pytestmark = pytest.mark.django_db

URL = "/characters/new/"


def _text(response) -> str:
    return response.content.decode()


def _form(page: str, **overrides) -> dict:
    """What the page's form posts back: its hidden rolls, and the hero so far."""
    data = {
        "archetype": "investigator",
        "name": "",
        "drive": re.search(r'name="drive"[^>]*value="([^"]*)"', page)[1],
        "equipment": re.findall(r'name="equipment"[^>]*value="([^"]*)"', page),
        "rolled": re.findall(r'name="rolled" value="([^"]*)"', page),
    }
    return {key: _unescaped(value) for key, value in (data | overrides).items()}


def _unescaped(value):
    return [html.unescape(v) for v in value] if isinstance(value, list) else html.unescape(value)


def _roll_line(page: str, label: str) -> str:
    found = re.search(rf"{re.escape(label)}:</span>(.*?)</p>", page, re.S)
    assert found, f"no “{label}” line on the page"
    return found[1]


def test_the_servers_drive_roll_stays_shown_after_the_equipment_roll(alice_client):
    with use_dice(LoadedDice([4])):
        first = _text(alice_client.post(URL, {"archetype": "investigator", "action": "roll_drive"}))
    assert "<strong>Challenge Authority</strong>" in _roll_line(first, "Drive roll (1d6)")

    with use_dice(LoadedDice([2, 3, 1, 1])):
        response = alice_client.post(URL, _form(first, action="roll_equipment"))
    page = _text(response)
    drive = _roll_line(page, "Drive roll (1d6)")
    assert 'aria-label="a 4"' in drive
    assert "<strong>Challenge Authority</strong>" in drive
    assert "Equipment 1 (d66):" in page
    assert "Equipment 2 (d66):" in page


def test_every_roll_stays_through_a_pick_and_a_refused_save(alice_client):
    with use_dice(LoadedDice([4])):
        page = _text(alice_client.post(URL, {"archetype": "investigator", "action": "roll_drive"}))
    with use_dice(LoadedDice([2, 3, 1, 1])):
        page = _text(alice_client.post(URL, _form(page, action="roll_equipment")))
    page = _text(alice_client.post(URL, _form(page, action="pick_drive:2")))
    refused = alice_client.post(URL, _form(page, action="save"))  # no name yet
    assert refused.status_code == 400
    page = _text(refused)
    assert "Drive roll (1d6):" in page
    assert "Equipment 1 (d66):" in page
    assert "Equipment 2 (d66):" in page
    assert not Character.objects.exists()


def test_only_the_roll_just_made_is_announced(alice_client):
    """Screen readers hear the new roll, not every earlier one again."""
    with use_dice(LoadedDice([4])):
        page = _text(alice_client.post(URL, {"archetype": "investigator", "action": "roll_drive"}))
    with use_dice(LoadedDice([2, 3, 1, 1])):
        page = _text(alice_client.post(URL, _form(page, action="roll_equipment")))
    statuses = re.findall(
        r'<p class="roll-result[^"]*" role="status">\s*<span class="roll-label">([^<]*)', page
    )
    assert statuses == ["Equipment 1 (d66):", "Equipment 2 (d66):"]


def test_a_roll_typed_into_the_hidden_field_by_hand_is_dropped(alice_client):
    forged = ['{"kind": "drive", "label": "Drive roll (1d6)", "dice": [9], "result": "X"}', "{"]
    response = alice_client.post(
        URL, {"archetype": "investigator", "action": "archetype", "rolled": forged}
    )
    assert response.status_code == 200
    assert "Drive roll (1d6):" not in _text(response)
