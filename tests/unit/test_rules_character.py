"""A character's trackers: what a new hero starts with and which numbers can never happen."""

import pytest

from sessions.rules import (
    CareerOver,
    CharacterState,
    Incapacitated,
    LoadedDice,
    OutOfRange,
    RuleError,
    check_can_gamble,
    check_can_help,
    new_character,
)

RETIRED = CharacterState(knockouts=4, retired=True)


def test_a_new_character_rolls_1d6_lucky_saves_and_starts_everything_else_at_zero():
    dice = LoadedDice([4])
    assert new_character(dice) == CharacterState(
        lucky_saves=4,
        peril=0,
        blammo=0,
        knockouts=0,
        retired=False,
        career_ended=False,
        catchphrase_used=False,
        incapacitated=False,
    )
    assert dice.remaining == 0


@pytest.mark.parametrize(
    "fields",
    [
        {"peril": 7},
        {"peril": -1},
        {"lucky_saves": 7},
        {"lucky_saves": -1},
        {"blammo": -1},
        {"knockouts": 5},
        {"knockouts": -1},
        {"peril": 2.5},
        {"blammo": True},
        {"incapacitated": 1},
        {"catchphrase_used": "yes"},
    ],
)
def test_a_tracker_outside_its_range_is_refused(fields):
    with pytest.raises(OutOfRange):
        CharacterState(**fields)


def test_a_character_is_retired_exactly_at_four_knockouts():
    with pytest.raises(OutOfRange, match="retires exactly at 4"):
        CharacterState(knockouts=4, retired=False)
    with pytest.raises(OutOfRange):
        CharacterState(knockouts=3, retired=True)
    assert RETIRED.retired


def test_only_a_retired_characters_career_can_end():
    with pytest.raises(OutOfRange, match="retired"):
        CharacterState(knockouts=2, career_ended=True)
    assert CharacterState(knockouts=4, retired=True, career_ended=True).career_ended


def test_out_of_range_is_both_a_rule_error_and_a_value_error():
    with pytest.raises(RuleError) as caught:
        CharacterState(peril=9)
    assert isinstance(caught.value, ValueError)
    assert str(caught.value) == "Peril must be from 0 to 5 — 9 is off the charts."


def test_peril_never_rests_at_six_because_reaching_six_is_a_knockout():
    with pytest.raises(OutOfRange):
        CharacterState(peril=6)


def test_a_ready_character_may_gamble_and_help():
    check_can_gamble(CharacterState())
    check_can_help(CharacterState())


def test_an_incapacitated_character_can_neither_gamble_nor_help():
    knocked_out = CharacterState(knockouts=1, incapacitated=True)
    with pytest.raises(Incapacitated, match="Gamble"):
        check_can_gamble(knocked_out)
    with pytest.raises(Incapacitated, match="help"):
        check_can_help(knocked_out)


def test_a_retired_character_still_helps_until_the_leg_ends():
    check_can_help(RETIRED)
    check_can_gamble(RETIRED)


def test_a_character_whose_career_ended_can_neither_gamble_nor_help():
    ended = CharacterState(knockouts=4, retired=True, career_ended=True)
    with pytest.raises(CareerOver):
        check_can_gamble(ended)
    with pytest.raises(CareerOver):
        check_can_help(ended)
