"""A Leg the Director titled "Leg 1: The Monsoon Heist" is named once wherever the app names
it: the log, the table's phase line (the TV's too), the recap and the hero's career."""

import pytest

from sessions.models import Leg, Recap, TableEvent
from sessions.rules import LoadedDice
from tests.conftest import player_client

pytestmark = pytest.mark.django_db

DOUBLED = "Leg 2: Leg 2"


def test_a_leg_titled_with_its_number_is_named_once_everywhere(playing):
    from sessions.actions import legs

    adventure, sam = playing["adventure"], playing["sam"]
    legs.end_leg(adventure, adventure.director)
    second = Leg.objects.create(adventure=adventure, title="Leg 2: The Monsoon Heist", position=2)
    legs.start_leg(adventure, second, adventure.director, LoadedDice([1, 1]))
    started = TableEvent.objects.get(adventure=adventure, kind="leg_started", data__leg=second.pk)
    assert started.summary.startswith("Leg 2 begins: The Monsoon Heist. Lucky Saves")
    legs.end_leg(adventure, adventure.director)

    ended = TableEvent.objects.filter(adventure=adventure, kind="leg_ended").latest("pk")
    assert ended.summary.startswith("Leg 2 ends: The Monsoon Heist. Peril resets to 0.")

    table = player_client(sam).get(playing["url"]).content.decode()
    assert "Leg 2, The Monsoon Heist, is over" in table
    assert "Leg 2, Leg 2" not in table

    recap = Recap.objects.get(adventure=adventure, leg=second)
    assert recap.title == "Leg 2: The Monsoon Heist"
    assert DOUBLED not in recap.body

    sheet = player_client(sam).get(sam.get_absolute_url()).content.decode()
    assert "Leg 2: The Monsoon Heist" in sheet
    assert DOUBLED not in sheet


def test_a_leg_titled_only_by_its_number_says_it_once(playing):
    from sessions.actions import legs

    adventure, sam = playing["adventure"], playing["sam"]
    Leg.objects.filter(adventure=adventure).update(title="Leg 1")
    legs.end_leg(adventure, adventure.director)
    ended = TableEvent.objects.get(adventure=adventure, kind="leg_ended")
    assert ended.summary.startswith("Leg 1 ends. Peril resets to 0.")
    table = player_client(sam).get(playing["url"]).content.decode()
    assert "Leg 1 is over" in table
