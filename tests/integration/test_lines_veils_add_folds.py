"""The Lines & Veils add form folds behind "Add a Line or a Veil" wherever it appears (the
table, for the Director and the players; the prep page; the Cast's page) and comes back
folded and empty after an add, what was added said beside it; a mistake comes back with the
form open, by its field (a fresh-eyes evening: it took room when not in use)."""

import html
import re

from sessions.models import SafetyNote
from tests.conftest import HTMX, player_client

FOLDED_AT_TABLE = '<details class="fold" id="lines-veils-add" data-keep-open>'
OPEN_AT_TABLE = '<details class="fold" id="lines-veils-add" data-keep-open open>'
FOLDED_ON_PAGE = '<details class="safety-add" id="safety-add">'
OPEN_ON_PAGE = '<details class="safety-add" id="safety-add" open>'


def _text(response) -> str:
    return response.content.decode()


def _what(page: str) -> str:
    """The "What" field as drawn: its value, if any."""
    field = re.search(
        r'<textarea[^>]*name="text"[^>]*>(.*?)</textarea>|<input[^>]*name="text"[^>]*>', page, re.S
    )
    assert field, "no What field"
    value = re.search(r'value="([^"]*)"', field[0])
    return html.unescape(field[1] or (value[1] if value else ""))


def _add_at_table(client, adventure, **data):
    data = {"kind": "line", "text": "", "part": "lines-veils"} | data
    return client.post(f"/adventures/{adventure.pk}/safety/", data, headers=HTMX)


def test_at_the_table_the_form_comes_back_folded_and_empty_after_an_add(director, playing):
    adventure = playing["adventure"]
    assert FOLDED_AT_TABLE in _text(director.get(playing["url"]))
    response = _add_at_table(director, adventure, text="No spiders, ever")
    assert response.status_code == 200
    page = _text(response)
    assert "✓ Line added: No spiders, ever" in page
    assert FOLDED_AT_TABLE in page
    assert OPEN_AT_TABLE not in page
    assert _what(page) == ""
    # From a player's phone too.
    phone = player_client(playing["sam"])
    page = _text(_add_at_table(phone, adventure, kind="veil", text="Torture", anonymous="on"))
    assert "✓ Veil added: Torture" in page
    assert FOLDED_AT_TABLE in page


def test_at_the_table_a_mistake_comes_back_open_by_its_field(director, playing):
    response = _add_at_table(director, playing["adventure"], text="")
    assert response.status_code == 400
    page = _text(response)
    assert OPEN_AT_TABLE in page
    assert "Say what the Line or Veil is." in page
    assert not SafetyNote.objects.exists()


def test_on_the_prep_page_an_add_comes_back_folded_and_empty(alice_client, adventure):
    url = f"/adventures/{adventure.pk}/safety/"
    assert FOLDED_ON_PAGE in _text(alice_client.get(adventure.get_absolute_url()))
    response = alice_client.post(url, {"kind": "veil", "text": "Drowning"}, headers=HTMX)
    assert response.status_code == 200
    page = _text(response)
    assert "✓ Veil added: Drowning" in page
    assert FOLDED_ON_PAGE in page
    assert _what(page) == ""


def test_on_the_casts_page_the_form_folds_and_opens_on_a_mistake(client, adventure, cast_member):
    client.force_login(cast_member.character.owner)
    page = _text(client.get(adventure.get_absolute_url()))
    assert FOLDED_ON_PAGE in page
    assert "Add to Lines &amp; Veils" in page
    url = f"/adventures/{adventure.pk}/safety/"
    refused = client.post(url, {"kind": "line", "text": ""}, headers=HTMX)
    assert refused.status_code == 400
    assert OPEN_ON_PAGE in _text(refused)
    added = client.post(url, {"kind": "line", "text": "No clowns"}, headers=HTMX)
    page = _text(added)
    assert "✓ Line added: No clowns" in page
    assert FOLDED_ON_PAGE in page
    assert _what(page) == ""
    assert "(from " not in page  # who added one is the Director's to see
