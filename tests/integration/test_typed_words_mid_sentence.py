"""Words a player typed, put inside the app's own sentence on every screen: "Sam Okafor tries to
bluff the guard", "Ada sees wet bootprints"; a name keeps its capital ("follow Ada")."""

import pytest
from django.test import Client
from django.urls import reverse

from sessions.actions import gambles, wideshots
from sessions.models import TableEvent
from sessions.rules import LoadedDice
from tests.conftest import player_client
from tests.integration.test_recaps import _ask

pytestmark = pytest.mark.django_db


def _screens(playing) -> list[str]:
    adventure = playing["adventure"]
    adventure.screen_token = "tv-token"  # the TV switched on
    adventure.save(update_fields=["screen_token"])
    tv = Client().get(reverse("screen", args=[adventure.screen_token]))
    phone = player_client(playing["sam"]).get(playing["url"])
    return [tv.content.decode(), phone.content.decode()]


def test_a_stated_action_reads_inside_the_sentence(playing):
    adventure, sam = playing["adventure"], playing["sam"]
    gambles.roll_gamble(
        adventure, sam, _ask(intent="Bluff the guard"), "words-0001", sam.owner, LoadedDice([5])
    )
    line = TableEvent.objects.get(kind="gamble_rolled").summary
    assert line.startswith(f"{sam.name} gambles to bluff the guard:")
    for page in _screens(playing):
        assert "tries to bluff the guard" in page
        assert "to Bluff" not in page


def test_a_name_at_the_start_of_an_action_keeps_its_capital(playing):
    adventure, sam, ada = playing["adventure"], playing["sam"], playing["ada"]
    gambles.roll_gamble(
        adventure, sam, _ask(intent="Ada's map, read it"), "words-0002", sam.owner, LoadedDice([5])
    )
    # Not a task to set out to (no "gambles to Ada's map, read it"): the words, quoted.
    assert "gambles on “Ada's map, read it”" in TableEvent.objects.get(kind="gamble_rolled").summary
    wideshots.add_detail(adventure, sam, f"{ada.name} pale at the window", sam.owner)
    for page in _screens(playing):
        assert f"sees {ada.name} pale at the window" in page


def test_a_wide_shot_detail_reads_inside_the_sentence(playing):
    adventure, ada = playing["adventure"], playing["ada"]
    wideshots.add_detail(adventure, ada, "Wet bootprints on the stairs", ada.owner)
    for page in _screens(playing):
        assert "sees wet bootprints on the stairs" in page
        assert "sees Wet" not in page
