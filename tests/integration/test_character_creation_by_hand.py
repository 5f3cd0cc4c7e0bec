"""Hero creation with real dice: "I rolled real dice" beside the drive, the Equipment d66 and
the Lucky Saves, and the server referees the faces."""

import html

import pytest

from characters.archetypes import ARCHETYPES
from characters.models import Character
from sessions.rules import LoadedDice, use_dice

pytestmark = pytest.mark.django_db

URL = "/characters/new/"
HOSTILE = {
    "a zero": "0",
    "a seven": "7",
    "letters": "abc",
    "negative": "-2",
    "two hundred": " ".join(["4"] * 200),
}


def _hero(**overrides) -> dict:
    data = {
        "name": "Ada Quill",
        "archetype": "investigator",
        "drive": "Challenge Authority",
        "catchphrase": "Stop the presses!",
        "knacks": ["Reading people at parties"],
        "equipment": ["Magnifying glass"],
    }
    data.update(overrides)
    return data


def _text(response) -> str:
    return html.unescape(response.content.decode())


def no_server_dice():
    return use_dice(LoadedDice([]))


def test_the_creation_page_offers_real_dice_for_each_roll(alice_client):
    page = _text(alice_client.get(URL, {"archetype": "investigator"}))
    assert page.count("I rolled real dice") == 3
    for field in ("hand_drive", "hand_equipment", "hand_lucky"):
        assert f'name="{field}"' in page
    # Before an archetype there is no table to roll on: only the Lucky Saves' die is offered.
    page = _text(alice_client.get(URL))
    assert page.count("I rolled real dice") == 1
    assert 'name="hand_lucky"' in page
    assert "Choose an archetype to roll on its drive table." in page


def test_the_real_dice_help_says_plainly_what_to_do(alice_client):
    """Fresh-eyes phone review: "tap its face: it is used at once (typed in, press the button
    below)" was muddled, and Lucky Saves said the server rolls them even with a die typed."""
    page = _text(alice_client.get(URL, {"archetype": "investigator"}))
    assert "Roll one die and tap the face it shows (or type it and press the button below)." in page
    assert "used at once" not in page
    assert "the server rolls it as you create your hero, unless you roll your own" in page


def test_a_drive_from_a_real_die(alice_client):
    with no_server_dice():
        response = alice_client.post(URL, _hero(action="roll_drive", drive="", hand_drive="4"))
    assert response.status_code == 200
    page = _text(response)
    assert 'value="Challenge Authority"' in page
    assert "Drive roll (1d6, rolled by hand)" in page
    assert not Character.objects.exists()


def test_equipment_from_two_real_dice_tens_first(alice_client):
    with no_server_dice():
        response = alice_client.post(
            URL, _hero(action="roll_equipment", equipment=[], hand_equipment="2 3")
        )
    page = _text(response)
    assert "Equipment 1 (d66, rolled by hand)" in page
    assert 'aria-label="a 2"' in page
    assert 'aria-label="a 3"' in page


def test_both_empty_equipment_slots_from_four_real_dice(alice_client):
    with no_server_dice():
        response = alice_client.post(
            URL, _hero(action="roll_equipment", equipment=[], hand_equipment="2 3 1 1")
        )
    page = _text(response)
    assert "Equipment 1 (d66, rolled by hand)" in page
    assert "Equipment 2 (d66, rolled by hand)" in page
    assert 'value="Magnifying glass"' in page  # the investigator's 1-1


@pytest.mark.parametrize(("typed", "entered"), [("5", 1), ("2 5 6", 3), ("2 5 6 1 3 3", 6)])
def test_faces_for_two_empty_slots_are_a_pair_or_two_nothing_half_filled(
    alice_client, typed, entered
):
    with no_server_dice():
        response = alice_client.post(
            URL, _hero(action="roll_equipment", equipment=[], hand_equipment=typed)
        )
    assert response.status_code == 400
    page = _text(response)
    assert (
        "Enter two faces for each empty slot, tens first: 2 to fill one, 4 to fill both"
        f" — you entered {entered}."
    ) in page
    assert "(d66, rolled by hand)" not in page
    assert f'value="{typed}"' in page


@pytest.mark.parametrize(
    ("action", "field", "typed", "message"),
    [
        ("roll_drive", "hand_drive", "4 4", "Roll 1 die and enter 1 face — you entered 2."),
        # One slot empty (the hero's other is filled): two faces, tens first.
        (
            "roll_equipment",
            "hand_equipment",
            "5",
            "for the empty slot, tens first — you entered 1.",
        ),
        (
            "roll_equipment",
            "hand_equipment",
            "2 5 6 1",
            "the empty slot, tens first — you entered 4.",
        ),
        *[("roll_drive", "hand_drive", typed, "faces") for typed in HOSTILE.values()],
    ],
)
def test_faces_that_cant_be_the_roll_are_refused_by_their_field(
    alice_client, action, field, typed, message
):
    with no_server_dice():
        response = alice_client.post(URL, _hero(action=action, drive="", **{field: typed}))
    assert response.status_code == 400
    page = _text(response)
    assert f'id="faces-{field}-error"' in page
    assert message in page
    assert not Character.objects.exists()


def test_lucky_saves_from_a_real_die(alice_client, alice):
    with no_server_dice():
        response = alice_client.post(URL, _hero(action="save", hand_lucky="5"))
    assert response.status_code == 302
    hero = Character.objects.get(owner=alice)
    assert hero.lucky_saves == 5
    sheet = _text(alice_client.get(response["Location"]))
    assert "You rolled by hand a 5 for Lucky Saves" in sheet


@pytest.mark.parametrize("typed", ["5 5", *HOSTILE.values()])
def test_a_hero_is_not_made_with_lucky_saves_typed_wrong(alice_client, typed):
    with no_server_dice():
        response = alice_client.post(URL, _hero(action="save", hand_lucky=typed))
    assert response.status_code == 400
    assert 'id="faces-hand_lucky-error"' in _text(response)
    assert not Character.objects.exists()


def test_left_empty_the_server_rolls(alice_client, alice):
    with use_dice(LoadedDice([3])):
        alice_client.post(URL, _hero(action="save", hand_lucky="  "))
    assert Character.objects.get(owner=alice).lucky_saves == 3


def test_faces_typed_and_not_used_roll_at_save(alice_client):
    """Fresh-eyes review: faces typed for the drive and the Equipment, then Create pressed
    without "Use my die", made a hero with no drive and no Equipment (the faces dropped
    silently). Saved, they roll what is still empty, as the button would have."""
    data = _hero(drive="", equipment=[], hand_drive="4", hand_equipment="3 5 2 6", hand_lucky="5")
    with no_server_dice():
        response = alice_client.post(URL, data | {"action": "save"})
    assert response.status_code == 302, _text(response)
    hero = Character.objects.get()
    investigator = ARCHETYPES["investigator"]
    drive = investigator.drive_for(4).name
    equipment = [investigator.equipment_for(3, 5), investigator.equipment_for(2, 6)]
    assert hero.drive == drive
    assert [e.text for e in hero.equipment.all()] == equipment
    # Said, as the Lucky Saves die is: what the faces typed made at Create is never silent.
    sheet = _text(alice_client.get(response["Location"]))
    assert (
        f"You rolled by hand a 5 for Lucky Saves; your own dice gave {drive} for the Drive, "
        f"{equipment[0]} and {equipment[1]} for Equipment." in sheet
    )


def test_faces_for_one_equipment_slot_of_two_are_refused_at_save(alice_client):
    """Fresh-eyes review: 3 and 5 tapped for the two empty Equipment slots (four faces
    wanted), "Use my dice" never pressed, Create made the hero with one slot of them and the
    other empty, and said only the Lucky Saves. Refused by the faces, nothing saved, everything
    typed kept."""
    data = _hero(drive="", equipment=[], hand_drive="4", hand_equipment="3 5", hand_lucky="5")
    with no_server_dice():
        response = alice_client.post(URL, data | {"action": "save"})
    assert response.status_code == 400
    assert not Character.objects.exists()
    page = _text(response)
    error = page.split('id="faces-hand_equipment-error"', 1)[1].split("</p>", 1)[0]
    assert "Your faces 3 5 were not used: press “Use my dice” to roll one slot with them" in error
    assert "or clear them" in error
    for field, typed in (("hand_equipment", "3 5"), ("hand_drive", "4"), ("hand_lucky", "5")):
        faces = page.split(f'id="faces-{field}"', 1)[1].split(">", 1)[0]
        assert f'value="{typed}"' in faces
    assert 'value="Ada Quill"' in page
    # Nothing rolled into the form behind the player's back: the Drive is still theirs to roll.
    assert 'name="drive" value=' not in page
    assert 'id="id_equipment_0" value=""' in page


def test_faces_typed_wrong_and_not_used_are_refused_at_save(alice_client):
    data = _hero(drive="", hand_drive="9", hand_lucky="5")
    with no_server_dice():
        response = alice_client.post(URL, data | {"action": "save"})
    assert response.status_code == 400
    assert not Character.objects.exists()
    assert 'name="hand_drive"' in _text(response)


def test_a_drive_written_keeps_the_typed_face_unused(alice_client):
    data = _hero(hand_drive="4", hand_lucky="5")
    with no_server_dice():
        alice_client.post(URL, data | {"action": "save"})
    assert Character.objects.get().drive == "Challenge Authority"
