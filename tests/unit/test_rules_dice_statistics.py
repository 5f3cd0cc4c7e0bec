"""The dice page's statistics: face counts and a chi-square test of uniformity."""

import math

import pytest

from sessions.rules import FaceCounts, chi_square_survival


@pytest.mark.parametrize(
    ("dof", "critical", "p"),
    # Published critical values of the chi-square distribution.
    [
        (1, 3.841, 0.05),
        (2, 5.991, 0.05),
        (4, 13.277, 0.01),
        (5, 11.070, 0.05),
        (5, 20.515, 0.001),
        (5, 25.745, 0.0001),
        (10, 18.307, 0.05),
    ],
)
def test_the_survival_function_matches_the_published_tables(dof, critical, p):
    assert math.isclose(chi_square_survival(critical, dof), p, rel_tol=2e-3)


def test_no_distance_from_fair_is_a_p_value_of_one():
    assert chi_square_survival(0.0, 5) == 1.0


def test_a_fair_looking_count_gives_a_p_value_above_five_percent():
    counts = FaceCounts((98, 105, 101, 95, 103, 98))
    assert counts.total == 600
    assert counts.statistic == pytest.approx(0.68)
    assert counts.p_value > 0.05
    assert counts.p_value == pytest.approx(0.984, abs=1e-3)


def test_loaded_dice_give_a_p_value_below_one_in_a_million():
    # Sixes twice as often as they should be.
    counts = FaceCounts.of({1: 80, 2: 80, 3: 80, 4: 80, 5: 80, 6: 200})
    assert counts.statistic == pytest.approx(120.0)
    assert counts.p_value < 1e-6


def test_each_face_has_its_count_and_share():
    counts = FaceCounts.of({1: 3, 6: 1})
    assert counts.rows == [
        (1, 3, 0.75),
        (2, 0, 0.0),
        (3, 0, 0.0),
        (4, 0, 0.0),
        (5, 0, 0.0),
        (6, 1, 0.25),
    ]


def test_no_dice_rolled_yet_gives_no_verdict():
    counts = FaceCounts.of({})
    assert counts.total == 0
    assert counts.statistic is None
    assert counts.p_value is None
    assert counts.share(3) == 0.0


def test_a_degree_of_freedom_below_one_is_a_mistake():
    with pytest.raises(ValueError, match="degree of freedom"):
        chi_square_survival(1.0, 0)
