"""Rest: roll 1d6; if it is at most the current Peril, shed one Peril."""

import pytest

from sessions.rules import CareerOver, CharacterState, LoadedDice, rest


def test_a_rest_roll_at_or_under_peril_removes_one_peril():
    for roll in (1, 3):
        result = rest(CharacterState(peril=3), LoadedDice([roll]))
        assert result.roll == roll
        assert result.recovered
        assert result.state.peril == 2


def test_a_rest_roll_over_peril_changes_nothing():
    state = CharacterState(peril=3, lucky_saves=2)
    result = rest(state, LoadedDice([4]))
    assert not result.recovered
    assert result.state == state


def test_a_character_with_no_peril_still_rolls_but_cannot_recover():
    dice = LoadedDice([1])
    result = rest(CharacterState(), dice)
    assert dice.remaining == 0
    assert not result.recovered
    assert result.state.peril == 0


def test_a_knocked_out_character_rests_too():
    result = rest(CharacterState(peril=2, knockouts=1, incapacitated=True), LoadedDice([2]))
    assert result.recovered
    assert result.state.incapacitated


def test_a_finished_career_does_not_rest():
    with pytest.raises(CareerOver):
        rest(CharacterState(knockouts=4, retired=True, career_ended=True), LoadedDice([1]))
