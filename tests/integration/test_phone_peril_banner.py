"""The banner a player's phone shows as the Director deals their hero Peril: its title says
what happened (a blow, an easing, a Knockout), never "Peril eased" for a Knockout though it
empties the Peril track."""

import pytest

from characters.models import Character
from sessions.actions import peril
from sessions.models import CastMember, TableEvent
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


def test_the_blow_is_told_to_the_heros_own_player(playing):
    """A fresh-eyes phone: Sam's own player read of Sam as of someone else ("Sam Okafor: Peril
    +1"). Told to them: "you take", where the log keeps naming Sam for everyone."""
    hit = _banner(playing, 1)
    reason = "Peril from the Director (weird)"
    assert hit["line"] == f"{reason}: you take Peril +1 (now 1 of 6)."
    assert TableEvent.objects.first().summary == f"{reason}: Sam Okafor: Peril +1 (now 1)."
    assert _banner(playing, -1)["line"] == f"{reason}: your Peril −1 (now 0 of 6)."
    assert _banner(playing, -1)["line"] == f"{reason}: your Peril doesn't budge."
    Character.objects.filter(pk=playing["sam"].pk).update(peril=5)
    knocked_out = _banner(playing, 2)["line"]
    assert knocked_out == f"{reason}: KNOCKOUT! You are out for the rest of the Scene."


def test_a_player_with_two_heroes_reads_whose_blow_it_was(playing):
    """With two heroes at the table, "you" would not say which: the log's words name the hero."""
    sam = playing["sam"]
    other = Character.objects.create(owner=sam.owner, name="Max Stirling", archetype="brawler")
    CastMember.objects.create(adventure=playing["adventure"], character=other)
    assert _banner(playing, 1)["line"].endswith(": Sam Okafor: Peril +1 (now 1).")
