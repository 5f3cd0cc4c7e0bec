"""Dice: the only source of chance in the rules engine.

Rules functions take a `Dice` argument instead of calling a random module, so tests (and a
demo table) can load the dice and assert exact outcomes. Live play uses `SecureDice`.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from typing import Protocol

from .errors import OutOfRange

LOWEST_FACE, HIGHEST_FACE = 1, 6
FACES = range(LOWEST_FACE, HIGHEST_FACE + 1)


class Dice(Protocol):
    def d6(self) -> int:
        """One six-sided die, 1 to 6."""
        ...

    def roll(self, n: int) -> tuple[int, ...]:
        """``n`` six-sided dice (``n`` ≥ 0), in the order they were thrown."""
        ...


def _check_count(n: int) -> None:
    if isinstance(n, bool) or not isinstance(n, int) or n < 0:
        raise OutOfRange(f"Can't roll {n!r} dice — the number of dice must be 0 or more.")


class SecureDice:
    """Dice from the operating system's secure random source.

    ``randint`` draws whole random bits and rejects out-of-range values, so every face is
    equally likely (no modulo bias), and nobody at the table can predict the next roll.
    """

    def __init__(self) -> None:
        self._random = secrets.SystemRandom()

    def d6(self) -> int:
        return self._random.randint(1, 6)

    def roll(self, n: int) -> tuple[int, ...]:
        _check_count(n)
        return tuple(self.d6() for _ in range(n))


class DiceExhausted(RuntimeError):
    """Loaded dice were asked for more faces than they were loaded with.

    Not a `RuleError`: it is a mistake in a test or demo script, not a player's move.
    """


class LoadedDice:
    """Dice that come up with the given faces, in order — for tests and demos."""

    def __init__(self, faces: Iterable[int]) -> None:
        loaded = tuple(faces)
        for face in loaded:
            if isinstance(face, bool) or not isinstance(face, int) or face not in FACES:
                raise OutOfRange(f"A d6 has no face {face!r} — load faces from 1 to 6.")
        self._faces: Iterator[int] = iter(loaded)
        self._loaded = len(loaded)
        self._remaining = len(loaded)

    @property
    def remaining(self) -> int:
        return self._remaining

    def d6(self) -> int:
        return self.roll(1)[0]

    def roll(self, n: int) -> tuple[int, ...]:
        _check_count(n)
        # Check before taking anything, so a roll that can't be served consumes nothing.
        if n > self._remaining:
            raise DiceExhausted(
                f"LoadedDice ran out: loaded with {self._loaded} faces, "
                f"{self._remaining} left, asked for {n}."
            )
        self._remaining -= n
        return tuple(next(self._faces) for _ in range(n))


def d66(dice: Dice) -> tuple[int, int]:
    """A d66 roll as (tens, ones): two d6 read as a two-digit number, 11 to 66.

    One throw of two dice (the tens die first), so a d66 of real dice is two faces entered."""
    tens, ones = dice.roll(2)
    return tens, ones


_table_dice: Dice = SecureDice()


def table_dice() -> Dice:
    """The dice the live table rolls with (process-wide; secure unless swapped by `use_dice`)."""
    return _table_dice


@contextmanager
def use_dice(dice: Dice) -> Iterator[Dice]:
    """Swap the table's dice for the length of a ``with`` block (tests, demo scripts).

    The swap is process-wide, so don't nest it across threads that roll at the same time.
    """
    global _table_dice
    previous = _table_dice
    _table_dice = dice
    try:
        yield dice
    finally:
        _table_dice = previous
