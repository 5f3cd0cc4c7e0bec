"""Starting and ending Legs and Scenes: Lucky Saves, the Catchphrase, Peril and Knockouts."""

import pytest

from sessions.rules import CareerOver, CharacterState, LoadedDice, end_leg, end_scene, start_leg

CAREER_OVER = CharacterState(knockouts=4, retired=True, career_ended=True)


def test_starting_a_leg_adds_1d6_lucky_saves():
    state, roll = start_leg(CharacterState(lucky_saves=1), LoadedDice([3]))
    assert roll == 3
    assert state.lucky_saves == 4


def test_lucky_saves_are_capped_at_six_when_a_leg_starts():
    state, roll = start_leg(CharacterState(lucky_saves=4), LoadedDice([5]))
    assert roll == 5
    assert state.lucky_saves == 6


def test_starting_a_leg_refreshes_the_catchphrase():
    state, _ = start_leg(CharacterState(catchphrase_used=True), LoadedDice([1]))
    assert not state.catchphrase_used


def test_starting_a_leg_leaves_peril_blammo_and_knockouts_alone():
    before = CharacterState(peril=2, blammo=3, knockouts=1)
    state, _ = start_leg(before, LoadedDice([2]))
    assert (state.peril, state.blammo, state.knockouts) == (2, 3, 1)


def test_ending_a_leg_resets_peril_and_gets_everyone_back_on_their_feet():
    state = end_leg(CharacterState(peril=5, knockouts=2, incapacitated=True, blammo=4))
    assert state == CharacterState(peril=0, knockouts=2, incapacitated=False, blammo=4)


def test_ending_a_leg_ends_a_retired_characters_career():
    state = end_leg(CharacterState(knockouts=4, retired=True, peril=1))
    assert state.career_ended
    assert state.peril == 0


def test_ending_a_leg_keeps_knockouts_for_good():
    assert end_leg(CharacterState(knockouts=3)).knockouts == 3


def test_a_knocked_out_character_is_back_when_the_scene_ends():
    before = CharacterState(peril=2, knockouts=1, incapacitated=True)
    state = end_scene(before)
    assert not state.incapacitated
    assert state.peril == 2


def test_a_finished_career_is_read_only_through_legs_and_scenes():
    with pytest.raises(CareerOver):
        start_leg(CAREER_OVER, LoadedDice([3]))
    with pytest.raises(CareerOver):
        end_leg(CAREER_OVER)
    with pytest.raises(CareerOver):
        end_scene(CAREER_OVER)
