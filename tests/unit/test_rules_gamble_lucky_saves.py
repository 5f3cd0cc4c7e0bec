"""Spending Lucky Saves on a rolled Gamble: each raises one die by 1, never above 6."""

import pytest

from sessions.rules import (
    CharacterState,
    DieAlreadySix,
    GambleAlreadyLocked,
    GambleSetup,
    Incapacitated,
    LoadedDice,
    NoLuckySavesLeft,
    NoSuchDie,
    lifts_that_help,
    lock_in,
    roll_gamble,
    spend_lucky_save,
)


def roll(faces, lucky_saves=3):
    return roll_gamble(
        CharacterState(lucky_saves=lucky_saves),
        GambleSetup(helpers=len(faces) - 1),
        (),
        LoadedDice(faces),
    )


def test_a_lucky_save_raises_the_chosen_die_by_one():
    state, gamble = roll([4, 2])
    state, gamble = spend_lucky_save(state, gamble, 0)
    assert gamble.dice == (5, 2)
    assert gamble.rolled == (4, 2)
    assert gamble.lucky_saves_spent == 1
    assert state.lucky_saves == 2


def test_the_gamble_tells_which_die_each_lucky_save_raised():
    state, gamble = roll([3, 2, 1], lucky_saves=4)
    assert gamble.saves_on_each_die == (0, 0, 0)
    for die in (2, 0, 2):
        state, gamble = spend_lucky_save(state, gamble, die)
    assert gamble.dice == (4, 2, 3)
    assert gamble.saves_on_each_die == (1, 0, 2)


def test_lucky_saves_can_turn_a_blunder_into_a_success():
    state, gamble = roll([3, 2])
    state, gamble = spend_lucky_save(state, gamble, 0)
    state, gamble = spend_lucky_save(state, gamble, 0)
    outcome = lock_in(state, gamble)
    assert outcome.success
    assert outcome.state.blammo == 0
    assert outcome.state.lucky_saves == 1


def test_a_lucky_save_can_lift_a_one_out_of_peril():
    state, gamble = roll([1, 5])
    state, gamble = spend_lucky_save(state, gamble, 0)
    assert lock_in(state, gamble).state.peril == 0


def test_no_lucky_save_can_be_spent_when_none_are_left():
    state, gamble = roll([2], lucky_saves=1)
    state, gamble = spend_lucky_save(state, gamble, 0)
    with pytest.raises(NoLuckySavesLeft, match="No Lucky Saves left"):
        spend_lucky_save(state, gamble, 0)


def test_a_die_showing_six_cannot_be_raised():
    state, gamble = roll([6, 1])
    with pytest.raises(DieAlreadySix):
        spend_lucky_save(state, gamble, 0)


@pytest.mark.parametrize("index", [-1, 2, 10, True, "0"])
def test_a_lucky_save_must_name_a_die_on_the_table(index):
    state, gamble = roll([3, 3])
    with pytest.raises(NoSuchDie):
        spend_lucky_save(state, gamble, index)


def test_no_lucky_save_can_be_spent_once_the_gamble_is_locked_in():
    state, gamble = roll([3])
    outcome = lock_in(state, gamble)
    with pytest.raises(GambleAlreadyLocked):
        spend_lucky_save(outcome.state, outcome.gamble, 0)


def test_a_knocked_out_character_cannot_spend_lucky_saves_on_a_waiting_gamble():
    _, gamble = roll([3])
    knocked_out = CharacterState(lucky_saves=3, knockouts=1, incapacitated=True)
    with pytest.raises(Incapacitated):
        spend_lucky_save(knocked_out, gamble, 0)


def test_a_refused_lucky_save_leaves_character_and_gamble_as_they_were():
    state, gamble = roll([6], lucky_saves=2)
    with pytest.raises(DieAlreadySix):
        spend_lucky_save(state, gamble, 0)
    assert state.lucky_saves == 2
    assert gamble.dice == (6,)
    assert gamble.lucky_saves_spent == 0


@pytest.mark.parametrize(
    ("faces", "lucky_saves", "helped"),
    [
        ([6], 3, set()),  # a 6 can't go up
        ([5], 3, set()),  # a 5 succeeds already: a 6 changes nothing
        ([6, 3], 1, set()),  # a success in hand: a 3 lifted changes nothing
        ([6, 1], 1, {1}),  # a 1 lifted costs no Peril, success or not
        ([4, 3, 2], 1, {0}),  # one Lucky Save: only the 4 can reach a 5
        ([4, 3, 2], 2, {0, 1}),
        ([4, 3, 2], 3, {0, 1, 2}),
        ([1, 2], 0, set()),  # none left: nothing to spend
    ],
)
def test_a_lucky_save_is_offered_only_on_a_die_it_can_help(faces, lucky_saves, helped):
    _state, gamble = roll(faces, lucky_saves=lucky_saves)
    assert lifts_that_help(gamble, lucky_saves) == helped
