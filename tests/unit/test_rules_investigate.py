"""Investigating: a plain 1d6 for how much a character learns — not a Gamble."""

import pytest

from sessions.rules import Investigation, LoadedDice, OutOfRange, investigate


def test_investigating_rolls_a_single_plain_die():
    dice = LoadedDice([4])
    result = investigate(dice)
    assert dice.remaining == 0
    assert result.roll == 4
    assert result.level == 4


def test_the_higher_the_roll_the_more_the_character_learns():
    labels = [investigate(LoadedDice([roll])).label for roll in range(1, 7)]
    assert labels[0] == "a scrap"
    assert labels[-1] == "the lot"
    assert len(set(labels)) == 6


@pytest.mark.parametrize("roll", [0, 7])
def test_an_investigation_roll_is_a_d6(roll):
    with pytest.raises(OutOfRange):
        Investigation(roll)
