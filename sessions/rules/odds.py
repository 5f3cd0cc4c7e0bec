"""Exact odds of a Gamble, for the table to show before anyone rolls."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import comb

from ._checks import check_count
from .character import MAX_LUCKY_SAVES
from .errors import OutOfRange
from .pool import SUCCESS_FACE

_MISS = Fraction(SUCCESS_FACE - 1, 6)  # one die showing 1 to 4
_ONE = Fraction(1, 6)


def success_chance(pool: int) -> Fraction:
    """The chance that at least one of ``pool`` dice shows a 5 or 6: 1 - (2/3)^pool."""
    check_count("Pool", pool, 1)
    return 1 - _MISS**pool


def peril_distribution(pool: int) -> dict[int, Fraction]:
    """The chance of each number of 1s (each a point of Peril) on ``pool`` dice."""
    check_count("Pool", pool, 1)
    return {
        ones: comb(pool, ones) * _ONE**ones * (1 - _ONE) ** (pool - ones)
        for ones in range(pool + 1)
    }


def success_chance_with_lucky_saves(pool: int, lucky_saves: int) -> Fraction:
    """The chance of success when up to ``lucky_saves`` are spent well after the roll.

    Saves do best piled onto the highest die: a die showing v needs 5 - v saves to succeed,
    so the Gamble succeeds exactly when the highest die shows at least 5 - saves.
    """
    check_count("Pool", pool, 1)
    check_count("Lucky Saves", lucky_saves, 0, MAX_LUCKY_SAVES)
    lowest_face_that_wins = max(1, SUCCESS_FACE - lucky_saves)
    miss = Fraction(lowest_face_that_wins - 1, 6)
    return 1 - miss**pool


def percent(chance: Fraction) -> str:
    """A chance as a whole percentage, e.g. "67%".

    Rounding never claims a certainty that isn't there: a near miss shows as ">99%" or
    "<1%", and only a sure thing shows as 100% (or an impossible one as 0%).
    """
    if not 0 <= chance <= 1:
        raise OutOfRange(f"A chance must be between 0 and 1, not {chance}.")
    if chance in (0, 1):
        return f"{int(chance) * 100}%"
    # Round half up, in exact arithmetic.
    whole = int(chance * 100 + Fraction(1, 2))
    if whole >= 100:
        return ">99%"
    if whole <= 0:
        return "<1%"
    return f"{whole}%"


@dataclass(frozen=True, slots=True)
class Odds:
    """The odds of a pool, bundled for display."""

    pool: int
    lucky_saves: int
    success: Fraction
    success_with_lucky_saves: Fraction
    peril: tuple[Fraction, ...]  # peril[k] = chance of exactly k 1s

    @property
    def expected_peril(self) -> Fraction:
        """The average number of 1s rolled, before any Lucky Saves lift them."""
        return sum((k * chance for k, chance in enumerate(self.peril)), Fraction(0))

    @property
    def success_percent(self) -> str:
        return percent(self.success)

    @property
    def success_with_lucky_saves_percent(self) -> str:
        return percent(self.success_with_lucky_saves)

    @property
    def no_peril_percent(self) -> str:
        return percent(self.peril[0])


def odds(pool: int, lucky_saves: int = 0) -> Odds:
    distribution = peril_distribution(pool)
    return Odds(
        pool=pool,
        lucky_saves=lucky_saves,
        success=success_chance(pool),
        success_with_lucky_saves=success_chance_with_lucky_saves(pool, lucky_saves),
        peril=tuple(distribution[k] for k in range(pool + 1)),
    )
