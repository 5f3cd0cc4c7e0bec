"""Making a hero with real dice (a fresh-eyes evening): "Use my die" uses exactly the face the
player tapped or typed, never the server's dice, and a drive rolled again replaces the roll
shown before it, one result in the Drive box."""

import html
import re

import pytest

from sessions.rules import LoadedDice, use_dice

pytestmark = pytest.mark.django_db

URL = "/characters/new/"
DRIVE_LINE = re.compile(r'<p class="roll-result[^"]*"[^>]*>\s*<span class="roll-label">Drive roll')


def _text(response) -> str:
    return html.unescape(response.content.decode())


def _rolled(page: str) -> list[str]:
    """The rolls the page keeps in its hidden fields, as the browser posts them back."""
    return [html.unescape(value) for value in re.findall(r'name="rolled" value="([^"]*)"', page)]


def _post(client, data) -> str:
    """The page as drawn (its hidden fields still escaped: ``_rolled`` reads them)."""
    return client.post(URL, data).content.decode()


def test_use_my_die_is_the_button_of_the_players_own_faces(alice_client):
    page = _text(alice_client.get(URL + "?archetype=investigator"))
    assert 'value="roll_drive:own"' in page
    assert 'value="roll_equipment:own"' in page


def test_use_my_die_rolls_the_face_typed(alice_client):
    with use_dice(LoadedDice([])):  # any roll of the server's would fail the test
        response = alice_client.post(
            URL, {"archetype": "investigator", "action": "roll_drive:own", "hand_drive": "4"}
        )
    assert response.status_code == 200
    page = _text(response)
    assert 'value="Challenge Authority"' in page  # the investigator's 4
    assert "Drive roll (1d6, rolled by hand):" in page
    assert 'aria-label="a 4"' in page


@pytest.mark.parametrize(
    ("action", "field", "said"),
    [
        ("roll_drive:own", "hand_drive", "Tap or type the face your die shows first"),
        ("roll_equipment:own", "hand_equipment", "Tap or type the faces your dice show first"),
    ],
)
def test_use_my_die_with_nothing_typed_is_refused_by_its_field(alice_client, action, field, said):
    """Pressed with the field empty (the face already used, or not yet tapped): the player's
    die was asked for, so the server's is never rolled in its place."""
    with use_dice(LoadedDice([])):
        response = alice_client.post(
            URL, {"archetype": "investigator", "action": action, field: "", "drive": ""}
        )
    assert response.status_code == 400
    page = _text(response)
    assert f'id="faces-{field}-error"' in page
    assert said in page
    assert 'class="roll-result' not in page  # nothing rolled


def test_roll_a_drive_with_nothing_typed_is_still_the_servers(alice_client):
    with use_dice(LoadedDice([2])):
        response = alice_client.post(URL, {"archetype": "investigator", "action": "roll_drive"})
    assert response.status_code == 200
    assert "Drive roll (1d6):" in _text(response)


def test_a_drive_rolled_again_replaces_the_one_before(alice_client):
    hero = {"archetype": "investigator"}
    with use_dice(LoadedDice([])):
        page = _post(alice_client, hero | {"action": "roll_drive:own", "hand_drive": "4"})
        assert len(_rolled(page)) == 1
        again = {"action": "roll_drive:own", "hand_drive": "2", "rolled": _rolled(page)}
        page = _post(alice_client, hero | again)
    assert len(DRIVE_LINE.findall(page)) == 1
    assert len(_rolled(page)) == 1
    assert 'aria-label="a 2"' in page
    assert 'aria-label="a 4"' not in page

    # The server's roll after the player's: again one, the newest.
    with use_dice(LoadedDice([6])):
        page = _post(alice_client, hero | {"action": "roll_drive", "rolled": _rolled(page)})
    assert len(DRIVE_LINE.findall(page)) == 1
    assert "Drive roll (1d6):" in page
    assert 'aria-label="a 6"' in page
    assert 'aria-label="a 2"' not in page


def test_equipment_rolls_still_stay_beside_the_drive(alice_client):
    hero = {"archetype": "investigator"}
    with use_dice(LoadedDice([4])):
        page = _post(alice_client, hero | {"action": "roll_drive"})
    with use_dice(LoadedDice([2, 3, 1, 1])):
        page = _post(alice_client, hero | {"action": "roll_equipment", "rolled": _rolled(page)})
    assert len(DRIVE_LINE.findall(page)) == 1
    assert "Equipment 1 (d66):" in page
    assert "Equipment 2 (d66):" in page
