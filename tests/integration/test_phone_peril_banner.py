"""The banner a player's phone shows as the Director deals their hero Peril: its title says
what happened (a blow, an easing, a Knockout), never "Peril eased" for a Knockout though it
empties the Peril track."""

import pytest

from characters.models import Character
from sessions.actions import peril
from sessions.models import TableEvent
from sessions.parts.calls import calls_context
from sessions.viewer import event_table

pytestmark = pytest.mark.django_db


def _banner(playing, delta: int) -> dict:
    sam = playing["sam"]
    peril.adjust_peril(playing["adventure"], sam.pk, delta, "weird", playing["adventure"].director)
    event = TableEvent.objects.filter(kind="peril").first()
    viewer = event_table(event).alike(sam.owner_id)
    return calls_context(viewer)["hit"]


def test_a_blow_then_an_easing(playing):
    assert _banner(playing, 1)["title"] == "Peril!"
    eased = _banner(playing, -1)
    assert (eased["title"], eased["eased"]) == ("Peril eased", True)


def test_a_knockout_is_headed_as_one(playing):
    Character.objects.filter(pk=playing["sam"].pk).update(peril=5)
    hit = _banner(playing, 1)
    assert hit["title"] == "Knockout!"
    assert not hit["eased"]
    assert "KNOCKOUT!" in hit["line"]
