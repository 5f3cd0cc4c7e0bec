"""Import files built to hurt: each is refused whole with the import's own message (400),
never a 500, and creates nothing."""

import io
import json

import pytest
from django.urls import reverse

from characters.models import Character
from sessions.models import Adventure, Campaign

pytestmark = pytest.mark.django_db

# Python refuses to turn a number of more than 4,300 digits into an int (a ValueError).
HUGE = "9" * 5000
ALMOST_HUGE = "9" * 4000


def upload_text(client, url: str, text: str):
    file = io.BytesIO(text.encode())
    file.name = "hostile.json"
    return client.post(url, {"file": file})


def with_number(document: dict, number: str) -> str:
    """The document as JSON with ``number`` written where it says NUMBER (json.dumps itself
    can't write a 5,000-digit integer)."""
    return json.dumps(document).replace('"NUMBER"', number)


DANGER = {"name": "Brass Jack", "template": "minion", "success_threshold": "NUMBER"}
LEG = {"title": "Leg one", "key_locations": [{"name": "Dock", "dangers": [DANGER]}]}
ADVENTURE = {"title": "The Brass Idol", "legs": [LEG]}
FILES = {
    "adventure_import": {"format": "enigma-table/adventure", "version": 1, "adventure": ADVENTURE},
    "campaign_import": {
        "format": "enigma-table/campaign",
        "version": 1,
        "campaign": {"title": "Pulp", "adventures": [ADVENTURE]},
    },
    "character_import": {
        "format": "enigma-table/character",
        "version": "NUMBER",
        "character": {"name": "Nell", "archetype": "brawler"},
    },
}


@pytest.mark.parametrize("import_page", FILES)
def test_a_five_thousand_digit_number_in_an_import_is_refused_with_the_usual_message(
    alice_client, import_page
):
    response = upload_text(
        alice_client, reverse(import_page), with_number(FILES[import_page], HUGE)
    )
    assert response.status_code == 400
    assert "readable JSON" in response.content.decode()
    assert not Adventure.objects.exists()
    assert not Campaign.objects.exists()
    assert not Character.objects.exists()


@pytest.mark.parametrize("import_page", ["adventure_import", "campaign_import"])
def test_a_four_thousand_digit_danger_threshold_is_refused_by_the_danger_form(
    alice_client, import_page
):
    text = with_number(FILES[import_page], ALMOST_HUGE)
    response = upload_text(alice_client, reverse(import_page), text)
    assert response.status_code == 400
    assert "Danger 1: success_threshold: Ensure this value is less than or equal to 20" in (
        response.content.decode()
    )
    assert not Adventure.objects.exists()
