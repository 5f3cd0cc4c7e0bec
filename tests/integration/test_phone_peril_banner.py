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


def test_what_the_director_tells_the_table_is_pinned_on_every_phone(playing):
    """A fresh-eyes phone found a posted clue only as a log line far down the page: what the
    Director tells the table is pinned at the top of each phone as it is told, and on the TV's
    spotlight."""
    from django.template.loader import render_to_string

    from sessions import parts
    from sessions.actions import narration
    from sessions.parts.screen import spotlight_context
    from sessions.viewer import Viewer

    adventure = playing["adventure"]
    line = "The gear crates are stamped with a clockmaker’s mark from Vienna."
    narration.narrate(adventure, line, adventure.director)
    event = TableEvent.objects.get(kind="narration")
    for hero in (playing["sam"], playing["ada"]):
        calls = calls_context(event_table(event).alike(hero.owner_id))
        assert (calls["told"], calls["notice"]) == (line, event.pk)
    drawn = dict(
        parts.drawn(event_table(event).alike(playing["sam"].owner_id), parts.change([event]))
    )
    assert "The Director tells the table" in drawn["calls"]
    # A page drawn afterwards (no event being drawn) pins nothing: the log keeps the line.
    assert calls_context(Viewer(adventure, playing["sam"].owner_id))["told"] == ""
    screen = spotlight_context(Viewer(adventure, None, screen=True))
    assert (screen["moment"], screen["event"].data["line"]) == ("told", line)
    assert line in render_to_string(
        "sessions/parts/spotlight.html", screen | {"adventure": adventure}
    )
