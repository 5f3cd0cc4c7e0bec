"""What the TV's spotlight says is still in play on an open Gamble: true in every case (Lucky
Saves none or some, of use or not, the Catchphrase spoken or not, a success or a Blunder, locked
in or not), and a whole sentence, never cut with "…"."""

from dataclasses import replace

import pytest

from sessions.parts.still_in_play import still_in_play_words
from sessions.rules import (
    CharacterState,
    GambleSetup,
    LoadedDice,
    catchphrase_reroll,
    lock_in,
    roll_gamble,
    spend_lucky_save,
)


def roll(faces, lucky_saves, *, catchphrase_used=False):
    state = CharacterState(lucky_saves=lucky_saves, catchphrase_used=catchphrase_used)
    return roll_gamble(state, GambleSetup(helpers=len(faces) - 1), (), LoadedDice(faces))


def words(state, gamble):
    return still_in_play_words("Sam", state, gamble)


@pytest.mark.parametrize(
    ("faces", "saves", "spoken", "said"),
    [
        # Lucky Saves a die can use (a 1 to lift, or a Blunder a 5 is within reach of).
        ([1, 2, 3], 2, False, "2 Lucky Saves and the Catchphrase still in play."),
        ([1, 2, 3], 1, True, "Catchphrase used this Leg: 1 Lucky Save still in play."),
        ([6, 1], 3, False, "3 Lucky Saves and the Catchphrase still in play."),
        ([4, 2], 1, True, "Catchphrase used this Leg: 1 Lucky Save still in play."),
        # None at all.
        ([1, 2, 3], 0, False, "No Lucky Saves left. The Catchphrase is still in play."),
        ([6, 5], 0, False, "No Lucky Saves left. The Catchphrase is still in play."),
        (
            [2, 3],
            0,
            True,
            "Catchphrase used this Leg, no Lucky Saves left: Sam can lock it in.",
        ),
        # The reviewer's roll: a success with nothing to lift, six Lucky Saves in hand.
        (
            [4, 4, 6, 5],
            6,
            False,
            "A success as it stands. No Lucky Save needed (6 left). "
            "The Catchphrase is still in play.",
        ),
        (
            [4, 4, 6, 5],
            6,
            True,
            "A success as it stands. Catchphrase used this Leg, no Lucky Save needed "
            "(6 left): Sam can lock it in.",
        ),
        # A Blunder too low for the Lucky Saves in hand to reach a 5.
        (
            [2, 3],
            1,
            False,
            "1 Lucky Save can't lift a die to a 5. The Catchphrase is still in play.",
        ),
        (
            [2, 2],
            2,
            True,
            "Catchphrase used this Leg, and 2 Lucky Saves can't lift a die to a 5: "
            "Sam can lock it in.",
        ),
    ],
)
def test_the_line_says_what_is_left(faces, saves, spoken, said):
    state, gamble = roll(faces, saves, catchphrase_used=spoken)
    line = words(state, gamble)
    verdict = "A success" if gamble.success else "A blunder"
    assert line.startswith(f"{verdict} as it stands")
    assert line == said or line.endswith(f". {said}")
    assert line.endswith(".")
    assert "…" not in line


def test_the_line_follows_the_gamble_as_it_is_played():
    state, gamble = roll([1, 2, 3], 2)
    assert words(state, gamble) == (
        "A blunder as it stands, with +1 Peril for the 1 unless Sam lifts it. "
        "2 Lucky Saves and the Catchphrase still in play."
    )
    # The Catchphrase re-roll: spent; the Lucky Saves still help the new dice (a 3 to a 5).
    state, gamble = catchphrase_reroll(state, gamble, LoadedDice([3, 2, 2]))
    assert words(state, gamble) == (
        "A blunder as it stands. Catchphrase spent: 2 Lucky Saves still in play."
    )
    # One Lucky Save spent: the one left is said, and still of use (the 4 to a 5).
    state, gamble = spend_lucky_save(state, gamble, 0)
    assert words(state, gamble) == (
        "A blunder as it stands. Catchphrase spent: 1 Lucky Save still in play."
    )
    # The last spent: a success, nothing left.
    state, gamble = spend_lucky_save(state, gamble, 0)
    assert gamble.success
    assert words(state, gamble) == (
        "A success as it stands. Catchphrase spent, no Lucky Saves left: Sam can lock it in."
    )


def test_a_lucky_save_spent_leaves_a_success_with_the_rest_in_hand():
    state, gamble = roll([4, 1], 3)
    assert words(state, gamble) == (
        "A blunder as it stands, with +1 Peril for the 1 unless Sam lifts it. "
        "3 Lucky Saves and the Catchphrase still in play."
    )
    state, gamble = spend_lucky_save(state, gamble, 0)  # the 4 to a 5: a success, the 1 left
    assert words(state, gamble) == (
        "A success as it stands, with +1 Peril for the 1 unless Sam lifts it. "
        "2 Lucky Saves and the Catchphrase still in play."
    )
    state, gamble = spend_lucky_save(state, gamble, 1)  # the 1 lifted: no Peril, nothing to lift
    assert words(state, gamble) == (
        "A success as it stands. No more Lucky Saves needed (1 left). "
        "The Catchphrase is still in play."
    )


def test_locked_in_nothing_is_said():
    state, gamble = roll([4, 4, 6, 5], 6)
    outcome = lock_in(state, gamble)
    assert words(outcome.state, outcome.gamble) == ""


def test_a_hero_knocked_out_while_the_gamble_waits_can_only_lock_it_in():
    state, gamble = roll([1, 2], 3)
    out = replace(state, incapacitated=True)
    assert words(out, gamble) == "A blunder as it stands. Sam is knocked out: this Gamble locks in."


def test_the_line_says_the_peril_the_ones_would_cost_as_the_phone_does():
    """The phone said "+2 Peril for the two 1s"; the TV said only "A blunder as it stands"."""
    state, gamble = roll([1, 1, 3], 0)
    assert words(state, gamble).startswith(
        "A blunder as it stands, with +2 Peril for the two 1s. No Lucky Saves left."
    )
    state, gamble = roll([1, 6], 1)
    assert words(state, gamble).startswith(
        "A success as it stands, with +1 Peril for the 1 unless Sam lifts it. "
    )
    state, gamble = roll([1, 2], 0)
    heavy = replace(state, peril=5)
    assert words(heavy, gamble).startswith(
        "A blunder as it stands, with +1 Peril for the 1: a Knockout. "
    )
