"""Peril, Knockouts and Retirement — the same whether Peril comes from 1s, enemies or the
Director."""

from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sessions.rules import (
    CareerOver,
    CharacterState,
    OutOfRange,
    add_peril,
    adjust_peril,
    remove_peril,
)

RETIRED = CharacterState(knockouts=4, retired=True, peril=2)
CAREER_OVER = CharacterState(knockouts=4, retired=True, career_ended=True)


def test_peril_adds_up_below_six():
    change = add_peril(CharacterState(peril=2), 3)
    assert change.state_after == CharacterState(peril=5)
    assert (change.requested, change.applied, change.discarded) == (3, 3, 0)
    assert not change.knocked_out


def test_peril_reaching_six_is_a_knockout():
    before = CharacterState(peril=4, lucky_saves=3, blammo=2)
    change = add_peril(before, 2)
    assert change.knocked_out
    assert change.state_before == before
    assert change.state_after == CharacterState(
        peril=0, lucky_saves=3, blammo=2, knockouts=1, incapacitated=True
    )
    assert (change.applied, change.discarded) == (2, 0)


def test_peril_past_six_is_discarded_not_carried_onto_the_fresh_track():
    change = add_peril(CharacterState(peril=5, knockouts=1), 4)
    assert change.knocked_out
    assert change.state_after.peril == 0
    assert change.state_after.knockouts == 2
    assert (change.requested, change.applied, change.discarded) == (4, 1, 3)


def test_a_huge_blow_is_still_only_one_knockout():
    change = add_peril(CharacterState(), 30)
    assert change.state_after.knockouts == 1
    assert change.discarded == 24


def test_the_fourth_knockout_retires_the_character():
    change = add_peril(CharacterState(peril=3, knockouts=3), 3)
    assert change.state_after.knockouts == 4
    assert change.state_after.retired
    assert change.state_after.incapacitated
    assert change.retired
    assert not add_peril(CharacterState(peril=3, knockouts=2), 3).retired


def test_a_retired_characters_peril_never_increases():
    change = add_peril(RETIRED, 5)
    assert change.state_after == RETIRED
    assert (change.applied, change.discarded) == (0, 5)
    assert not change.knocked_out
    assert not change.retired


def test_a_retired_character_can_still_shed_peril():
    assert remove_peril(RETIRED, 1).state_after.peril == 1


def test_adding_no_peril_changes_nothing():
    state = CharacterState(peril=3)
    change = add_peril(state, 0)
    assert change.state_after is state
    assert change.applied == 0


def test_removing_peril_stops_at_zero():
    change = remove_peril(CharacterState(peril=2), 5)
    assert change.state_after.peril == 0
    assert (change.requested, change.applied, change.discarded) == (-5, -2, 3)
    assert not change.knocked_out


@pytest.mark.parametrize("amount", [-1, 1.0, True])
def test_peril_amounts_must_be_whole_and_not_negative(amount):
    with pytest.raises(OutOfRange):
        add_peril(CharacterState(), amount)
    with pytest.raises(OutOfRange):
        remove_peril(CharacterState(), amount)


def test_the_director_adds_peril_with_a_positive_adjustment():
    change = adjust_peril(CharacterState(peril=5), 2)
    assert change.knocked_out
    assert change.state_after.knockouts == 1


def test_the_director_removes_peril_with_a_negative_adjustment():
    change = adjust_peril(CharacterState(peril=5), -2)
    assert change.state_after.peril == 3
    assert change.applied == -2


@pytest.mark.parametrize("delta", [0, 1.5, False])
def test_a_director_adjustment_must_change_something(delta):
    with pytest.raises(OutOfRange):
        adjust_peril(CharacterState(peril=3), delta)


def test_a_finished_career_takes_no_more_peril_changes():
    for change in (
        lambda: add_peril(CAREER_OVER, 1),
        lambda: remove_peril(CAREER_OVER, 1),
        lambda: adjust_peril(CAREER_OVER, -1),
    ):
        with pytest.raises(CareerOver):
            change()


states = st.builds(
    CharacterState,
    lucky_saves=st.integers(0, 6),
    peril=st.integers(0, 5),
    blammo=st.integers(0, 20),
    knockouts=st.integers(0, 3),
    incapacitated=st.booleans(),
)


@given(states, st.integers(0, 20))
def test_adding_peril_follows_the_track_to_six_and_no_further(state, amount):
    change = add_peril(state, amount)
    after = change.state_after
    if state.incapacitated:  # knocked out: no Peril until back on their feet
        assert after == state
        assert change.discarded == amount
    elif state.peril + amount < 6:
        assert after == replace(state, peril=state.peril + amount)
        assert change.discarded == 0
    else:
        assert after.peril == 0
        assert after.knockouts == state.knockouts + 1
        assert after.incapacitated
        assert after.retired == (after.knockouts == 4)
        assert change.applied == 6 - state.peril
    assert change.applied + change.discarded == amount
    assert (after.lucky_saves, after.blammo) == (state.lucky_saves, state.blammo)


@given(states, st.integers(0, 20))
def test_removing_peril_never_goes_below_zero(state, amount):
    change = remove_peril(state, amount)
    assert change.state_after.peril == max(0, state.peril - amount)
    assert change.state_after.knockouts == state.knockouts
