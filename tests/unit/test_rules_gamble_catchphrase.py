"""The Catchphrase: once per Leg, re-roll a Gamble's whole pool; the new dice replace the old."""

import pytest

from sessions.rules import (
    CatchphraseAlreadyUsed,
    CharacterState,
    GambleAlreadyLocked,
    GambleSetup,
    Incapacitated,
    LoadedDice,
    catchphrase_reroll,
    lock_in,
    roll_gamble,
    spend_lucky_save,
    start_leg,
)


def roll(faces, state=None):
    return roll_gamble(
        state or CharacterState(lucky_saves=4, blammo=1),
        GambleSetup(knacks=len(faces) - 1),
        (),
        LoadedDice(faces),
    )


def test_the_catchphrase_rerolls_the_same_pool_and_replaces_the_dice():
    state, gamble = roll([1, 2, 3])
    dice = LoadedDice([6, 1, 4])
    state, gamble = catchphrase_reroll(state, gamble, dice)
    assert dice.remaining == 0
    assert gamble.pool == 3
    assert gamble.dice == gamble.rolled == (6, 1, 4)
    assert gamble.catchphrase_used
    assert state.catchphrase_used
    outcome = lock_in(state, gamble)
    assert outcome.success
    assert outcome.state.peril == 1


def test_lucky_saves_spent_before_the_catchphrase_are_gone_for_good():
    state, gamble = roll([3, 4])
    state, gamble = spend_lucky_save(state, gamble, 1)
    assert state.lucky_saves == 3
    state, gamble = catchphrase_reroll(state, gamble, LoadedDice([2, 2]))
    assert state.lucky_saves == 3
    assert gamble.lucky_saves_spent == 0
    assert gamble.dice == (2, 2)


def test_lucky_saves_can_be_spent_on_the_new_dice():
    state, gamble = roll([1])
    state, gamble = catchphrase_reroll(state, gamble, LoadedDice([4]))
    state, gamble = spend_lucky_save(state, gamble, 0)
    assert gamble.dice == (5,)
    assert lock_in(state, gamble).success


def test_the_catchphrase_does_not_spend_blammo_dice_again():
    state = CharacterState(blammo=1)
    state, gamble = roll_gamble(
        state, GambleSetup(blammo_sound_effects=("Thwack!",)), (), LoadedDice([1, 2])
    )
    assert state.blammo == 0
    state, gamble = catchphrase_reroll(state, gamble, LoadedDice([3, 3]))
    assert state.blammo == 0
    assert gamble.pool == 2


def test_the_catchphrase_works_once_per_leg():
    state, gamble = roll([1])
    state, _ = catchphrase_reroll(state, gamble, LoadedDice([2]))
    state, gamble = roll([2], state=state)
    dice = LoadedDice([6])
    with pytest.raises(CatchphraseAlreadyUsed, match="this Leg"):
        catchphrase_reroll(state, gamble, dice)
    assert dice.remaining == 1


def test_a_new_leg_brings_the_catchphrase_back():
    state, gamble = roll([1])
    state, _ = catchphrase_reroll(state, gamble, LoadedDice([2]))
    state, _ = start_leg(state, LoadedDice([1]))
    state, gamble = roll([2], state=state)
    state, gamble = catchphrase_reroll(state, gamble, LoadedDice([5]))
    assert gamble.dice == (5,)


def test_one_gamble_cannot_be_rerolled_twice_even_across_a_new_leg():
    state, gamble = roll([1])
    state, gamble = catchphrase_reroll(state, gamble, LoadedDice([2]))
    state, _ = start_leg(state, LoadedDice([1]))
    with pytest.raises(CatchphraseAlreadyUsed):
        catchphrase_reroll(state, gamble, LoadedDice([6]))


def test_a_locked_in_gamble_cannot_be_rerolled():
    state, gamble = roll([2])
    outcome = lock_in(state, gamble)
    with pytest.raises(GambleAlreadyLocked):
        catchphrase_reroll(outcome.state, outcome.gamble, LoadedDice([6]))


def test_a_knocked_out_character_cannot_speak_their_catchphrase_on_a_waiting_gamble():
    _, gamble = roll([2])
    with pytest.raises(Incapacitated):
        catchphrase_reroll(CharacterState(knockouts=1, incapacitated=True), gamble, LoadedDice([6]))
