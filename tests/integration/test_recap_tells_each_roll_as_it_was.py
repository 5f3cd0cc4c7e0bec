"""The drafted recap is true to the log (the evening's review, issue 35): only the rolls made
by hand are told as such, each with who typed it in, and every Gamble a hero set out on is
told with its success or blunder, not only the ones with Blammo! or a Catchphrase."""

import re

import pytest

from sessions.models import Gamble, Recap
from sessions.rules import EnteredDice, LoadedDice

pytestmark = pytest.mark.django_db


def _ask(intent: str):
    from sessions.actions import gambles

    return gambles.GambleRequest(
        intent=intent, knacks=[], equipment=[], sound_effects=[], advantages=0, helpers=[],
        penalties=0,
    )  # fmt: skip


def test_the_recap_names_the_director_only_for_the_roll_they_typed(playing):
    from sessions.actions import gambles, legs, rolled

    adventure, sam, ada = playing["adventure"], playing["sam"], playing["ada"]
    director = adventure.director

    def gamble(hero, intent, dice, key, actor):
        made = gambles.roll_gamble(adventure, hero, _ask(intent), key, actor, dice)
        made = Gamble.objects.get(pk=made.pk)
        rolled.lock_in(adventure, made.pk, made.step, actor)

    # Sam's player rolls real dice and types them in; the Director types Ada's in for her;
    # then the app rolls a blunder for Sam.
    gamble(sam, "pick the lock on the clock case", EnteredDice([6]), "hand-0001", sam.owner)
    gamble(ada, "Climb the clock face", EnteredDice([5]), "hand-0002", director)
    gamble(sam, "talk Old Tom round", LoadedDice([2]), "hand-0003", sam.owner)
    legs.end_leg(adventure, director)

    body = Recap.objects.get().body
    assert (
        "Real dice clattered on the table: Sam rolled a Gamble by hand; "
        "Ada rolled a Gamble by hand, typed in by the Director."
    ) in body
    # Every Gamble set out on is told, its success or its blunder.
    assert re.search(r"Sam (set out|tried|needed) to pick the lock on the clock case", body)
    assert " to climb the clock face" in body
    assert "talk Old Tom round" in body
    assert "blunder" in body
    assert "Three Gambles, two of them good." in body
