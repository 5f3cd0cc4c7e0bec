"""Making a Gamble and locking it in: success on a 5 or 6, a Blammo! Die for a blunder,
Peril for every 1 — all counted on the final dice."""

import pytest

from sessions.rules import (
    CareerOver,
    CharacterState,
    Gamble,
    GambleAlreadyLocked,
    GambleSetup,
    Incapacitated,
    LoadedDice,
    OutOfRange,
    lock_in,
    roll_gamble,
    spend_lucky_save,
)

READY = CharacterState(lucky_saves=3, blammo=1)


def roll(faces, state=READY, setup=None):
    dice = LoadedDice(faces)
    state, gamble = roll_gamble(state, setup or GambleSetup(knacks=len(faces) - 1), (), dice)
    assert dice.remaining == 0
    return state, gamble


def test_rolling_a_gamble_throws_the_whole_pool_and_changes_nothing_yet():
    state, gamble = roll([2, 5, 1])
    assert state == READY
    assert gamble.pool == 3
    assert gamble.dice == gamble.rolled == (2, 5, 1)
    assert not gamble.locked
    assert gamble.lucky_saves_spent == 0


def test_a_five_or_six_on_any_die_is_a_success():
    for faces in ([5], [6], [1, 2, 5], [4, 4, 6]):
        state, gamble = roll(faces)
        outcome = lock_in(state, gamble)
        assert outcome.success
        assert not outcome.blunder
        assert outcome.blammo_gained == 0
        assert outcome.state.blammo == READY.blammo


def test_a_blunder_gains_a_blammo_die():
    state, gamble = roll([2, 4, 3])
    outcome = lock_in(state, gamble)
    assert outcome.blunder
    assert outcome.blammo_gained == 1
    assert outcome.state.blammo == READY.blammo + 1


def test_every_one_rolled_adds_a_peril_success_or_not():
    for faces, ones in (([1, 1, 5], 2), ([1, 3, 4], 1), ([6, 6, 2], 0)):
        state, gamble = roll(faces)
        outcome = lock_in(state, gamble)
        assert outcome.ones == ones
        assert outcome.state.peril == ones
        assert outcome.peril.applied == ones


def test_peril_counts_ones_on_the_final_dice_after_lucky_saves():
    state, gamble = roll([1, 1, 3])
    state, gamble = spend_lucky_save(state, gamble, 0)
    outcome = lock_in(state, gamble)
    assert outcome.ones == 1
    assert outcome.state.peril == 1
    assert outcome.state.lucky_saves == READY.lucky_saves - 1


def test_ones_on_a_gamble_can_knock_a_character_out():
    state, gamble = roll([1, 1, 6], state=CharacterState(peril=4))
    outcome = lock_in(state, gamble)
    assert outcome.success
    assert outcome.peril.knocked_out
    assert outcome.state.knockouts == 1
    assert outcome.state.incapacitated


def test_a_retired_character_takes_no_peril_from_ones_but_still_gains_blammo_on_a_blunder():
    retired = CharacterState(knockouts=4, retired=True, peril=3)
    state, gamble = roll([1, 1], state=retired, setup=GambleSetup(helpers=1))
    outcome = lock_in(state, gamble)
    assert outcome.ones == 2
    assert outcome.state.peril == 3
    assert outcome.peril.discarded == 2
    assert outcome.state.blammo == 1


def test_locking_in_marks_the_gamble_locked():
    state, gamble = roll([3])
    outcome = lock_in(state, gamble)
    assert outcome.gamble.locked
    assert outcome.gamble.dice == gamble.dice


def test_a_gamble_cannot_be_locked_in_twice():
    state, gamble = roll([1])
    outcome = lock_in(state, gamble)
    with pytest.raises(GambleAlreadyLocked):
        lock_in(outcome.state, outcome.gamble)


def test_a_gamble_left_open_can_be_locked_in_after_a_knockout():
    _, gamble = roll([1, 2])
    knocked_out = CharacterState(knockouts=1, incapacitated=True)
    outcome = lock_in(knocked_out, gamble)
    assert outcome.state.peril == 0  # a knocked-out hero takes no Peril (DESIGN.md §2)
    assert outcome.state.blammo == 1


def test_an_incapacitated_character_cannot_gamble():
    knocked_out = CharacterState(knockouts=1, incapacitated=True)
    dice = LoadedDice([6])
    with pytest.raises(Incapacitated):
        roll_gamble(knocked_out, GambleSetup(), (), dice)
    assert dice.remaining == 1


def test_a_character_whose_career_ended_cannot_gamble_or_lock_in():
    ended = CharacterState(knockouts=4, retired=True, career_ended=True)
    with pytest.raises(CareerOver):
        roll_gamble(ended, GambleSetup(), (), LoadedDice([6]))
    _, gamble = roll([4])
    with pytest.raises(CareerOver):
        lock_in(ended, gamble)


@pytest.mark.parametrize(
    "fields",
    [
        {"pool": 0, "dice": (), "rolled": ()},
        {"pool": 2, "dice": (3,), "rolled": (3,)},
        {"pool": 1, "dice": (7,), "rolled": (6,)},
        {"pool": 1, "dice": [3], "rolled": [3]},
        {"pool": 1, "dice": (2,), "rolled": (3,)},
        {"pool": 1, "dice": (4,), "rolled": (3,)},
        {"pool": 1, "dice": (4,), "rolled": (3,), "lucky_saves_spent": 2},
        {"pool": 1, "dice": (3,), "rolled": (3,), "locked": 1},
    ],
)
def test_a_gamble_with_impossible_dice_is_refused(fields):
    with pytest.raises(OutOfRange):
        Gamble(setup=GambleSetup(), **fields)
