"""The odds shown at the table agree exactly with counting every possible roll."""

from fractions import Fraction
from functools import cache
from itertools import product

import pytest

from sessions.rules import (
    OutOfRange,
    odds,
    percent,
    peril_distribution,
    success_chance,
    success_chance_with_lucky_saves,
)

POOLS = range(1, 7)


def every_roll(pool):
    return product(range(1, 7), repeat=pool)


@cache
def ways_to_spend(pool, saves):
    """Every way to spend 0..saves Lucky Saves across ``pool`` dice (extra saves per die)."""
    return [spend for spend in product(range(saves + 1), repeat=pool) if sum(spend) <= saves]


def can_succeed(roll, saves):
    return any(
        any(face + extra >= 5 for face, extra in zip(roll, spend, strict=True))
        for spend in ways_to_spend(len(roll), saves)
        if all(face + extra <= 6 for face, extra in zip(roll, spend, strict=True))
    )


@pytest.mark.parametrize("pool", POOLS)
def test_success_chance_matches_counting_every_roll(pool):
    rolls = list(every_roll(pool))
    wins = sum(any(face >= 5 for face in roll) for roll in rolls)
    assert success_chance(pool) == Fraction(wins, len(rolls))
    assert success_chance(pool) == 1 - Fraction(2, 3) ** pool


@pytest.mark.parametrize("pool", POOLS)
def test_peril_distribution_matches_counting_ones_on_every_roll(pool):
    rolls = list(every_roll(pool))
    counted = {ones: Fraction(0) for ones in range(pool + 1)}
    for roll in rolls:
        counted[roll.count(1)] += Fraction(1, len(rolls))
    assert peril_distribution(pool) == counted


@pytest.mark.parametrize("saves", range(4))
@pytest.mark.parametrize("pool", POOLS)
def test_success_with_lucky_saves_matches_trying_every_way_to_spend_them(pool, saves):
    rolls = list(every_roll(pool))
    wins = sum(can_succeed(roll, saves) for roll in rolls)
    assert success_chance_with_lucky_saves(pool, saves) == Fraction(wins, len(rolls))


def test_four_or_more_lucky_saves_make_success_certain():
    for saves in (4, 5, 6):
        assert success_chance_with_lucky_saves(1, saves) == 1


def test_no_lucky_saves_leaves_the_plain_odds():
    for pool in POOLS:
        assert success_chance_with_lucky_saves(pool, 0) == success_chance(pool)


@pytest.mark.parametrize(
    "call",
    [
        lambda: success_chance(0),
        lambda: peril_distribution(-1),
        lambda: success_chance_with_lucky_saves(2, 7),
        lambda: success_chance_with_lucky_saves(0, 1),
    ],
)
def test_odds_need_a_real_pool_and_a_real_number_of_saves(call):
    with pytest.raises(OutOfRange):
        call()


def test_the_odds_bundle_for_display():
    shown = odds(2, lucky_saves=1)
    assert shown.success == Fraction(5, 9)
    assert shown.success_with_lucky_saves == Fraction(3, 4)
    assert shown.peril == (Fraction(25, 36), Fraction(10, 36), Fraction(1, 36))
    assert shown.expected_peril == Fraction(1, 3)
    assert shown.success_percent == "56%"
    assert shown.success_with_lucky_saves_percent == "75%"
    assert shown.no_peril_percent == "69%"


@pytest.mark.parametrize(
    ("chance", "shown"),
    [
        (Fraction(0), "0%"),
        (Fraction(1), "100%"),
        (Fraction(1, 3), "33%"),
        (Fraction(2, 3), "67%"),
        (Fraction(1, 200), "1%"),
        (Fraction(1, 201), "<1%"),
        (Fraction(199, 200), ">99%"),
        (1 - Fraction(2, 3) ** 20, ">99%"),
    ],
)
def test_percentages_round_but_never_fake_certainty(chance, shown):
    assert percent(chance) == shown


@pytest.mark.parametrize("chance", [Fraction(-1, 2), Fraction(3, 2)])
def test_a_chance_outside_zero_to_one_is_refused(chance):
    with pytest.raises(OutOfRange):
        percent(chance)
