"""The table's secure dice are fair: every face equally likely, pools succeed as they should.

These are statistical tests on the real random source, with thresholds chosen so that fair
dice fail them about once in ten thousand runs (faces) or far less often (pools).
"""

import math

from sessions.rules import SecureDice, success_chance

ROLLS = 60_000
POOLS = 20_000
FALSE_ALARM = 1e-4


def chi_square_survival_5_dof(x: float) -> float:
    """P(X > x) for a chi-square variable with 5 degrees of freedom (closed form for odd dof)."""
    root = math.sqrt(x)
    return math.erfc(root / math.sqrt(2)) + math.sqrt(2 / math.pi) * root * math.exp(-x / 2) * (
        1 + x / 3
    )


def critical_value(p: float) -> float:
    """The x where the survival function falls to p, found by bisection."""
    low, high = 0.0, 200.0
    for _ in range(200):
        middle = (low + high) / 2
        if chi_square_survival_5_dof(middle) > p:
            low = middle
        else:
            high = middle
    return (low + high) / 2


def test_the_chi_square_critical_value_matches_the_published_table():
    # Tables give 25.74 for 5 degrees of freedom at p = 0.0001, and 11.07 at p = 0.05.
    assert math.isclose(critical_value(1e-4), 25.745, abs_tol=0.01)
    assert math.isclose(critical_value(0.05), 11.070, abs_tol=0.01)


def test_secure_dice_show_every_face_equally_often():
    faces = SecureDice().roll(ROLLS)
    expected = ROLLS / 6
    counts = [faces.count(face) for face in range(1, 7)]
    statistic = sum((count - expected) ** 2 / expected for count in counts)
    assert statistic < critical_value(FALSE_ALARM), counts


def test_secure_pools_succeed_as_often_as_the_odds_say():
    dice = SecureDice()
    for pool in range(1, 5):
        successes = sum(any(face >= 5 for face in dice.roll(pool)) for _ in range(POOLS))
        p = float(success_chance(pool))
        standard_error = math.sqrt(p * (1 - p) / POOLS)
        assert abs(successes / POOLS - p) < 5 * standard_error, (pool, successes)
