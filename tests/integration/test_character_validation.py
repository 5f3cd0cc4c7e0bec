import pytest

from characters.models import Character
from tests.integration.test_character_creation import URL, _hero

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("overrides", "message"),
    [
        ({"name": ""}, "Every hero needs a name."),
        ({"name": "   "}, "Every hero needs a name."),
        ({"name": "N" * 81}, "at most 80 characters"),
        ({"archetype": "wizard"}, "That isn&#x27;t one of the six archetypes."),
        ({"archetype": ""}, "Choose one of the six archetypes."),
        ({"equipment": ["Whip", "Hat", "Torch"]}, "Up to two Equipment"),
        ({"knacks": ["Knack one", "Knack two", "Knack three", "Knack four"]}, "Up to three Knacks"),
        ({"knacks": ["Climbing walls", "climbing WALLS"]}, "The same one is listed twice"),
        ({"knacks": ["x" * 121]}, "too long"),
        ({"biography": "b" * 2001}, "at most 2000 characters"),
        ({"catchphrase": "c" * 201}, "at most 200 characters"),
    ],
)
def test_bad_input_gets_field_errors_and_saves_nothing(alice_client, overrides, message):
    response = alice_client.post(URL, _hero(**overrides))
    assert response.status_code == 400
    assert message in response.content.decode()
    assert not Character.objects.exists()


def test_errors_come_back_in_the_same_htmx_fragment(alice_client):
    response = alice_client.post(URL, _hero(name=""), headers={"HX-Request": "true"})
    content = response.content.decode()
    assert response.status_code == 400
    assert content.lstrip().startswith('<form id="character-form"')
    assert "Every hero needs a name." in content
    assert 'value="Magnifying glass"' in content  # what was typed survives


def test_trackers_cannot_be_set_through_the_form(alice_client, alice):
    alice_client.post(
        URL,
        _hero(
            lucky_saves=6,
            peril=5,
            blammo=99,
            knockouts=3,
            retired="on",
            career_ended="on",
            owner=999,
        ),
    )
    character = Character.objects.get(owner=alice)
    assert character.lucky_saves in range(1, 7)
    assert (character.peril, character.blammo, character.knockouts) == (0, 0, 0)
    assert not character.retired
    assert not character.career_ended


def test_editing_cannot_touch_trackers_either(alice_client, alice):
    alice_client.post(URL, _hero())
    character = Character.objects.get(owner=alice)
    before = character.state
    alice_client.post(
        f"/characters/{character.pk}/edit/",
        _hero(name="Nancy D.", lucky_saves=0, peril=4, blammo=7),
    )
    character.refresh_from_db()
    assert character.name == "Nancy D."
    assert character.state == before


def test_an_unknown_action_changes_nothing(alice_client):
    response = alice_client.post(URL, _hero(action="launch_rockets"))
    assert response.status_code == 200
    assert not Character.objects.exists()


@pytest.mark.parametrize(
    "action", ["pick_drive:9", "pick_drive:x", "pick_equipment:7-1", "pick_equipment:"]
)
def test_forged_picks_are_ignored(alice_client, action):
    response = alice_client.post(URL, _hero(action=action, drive="Seek Justice"))
    assert response.status_code == 200
    assert 'value="Seek Justice"' in response.content.decode()
