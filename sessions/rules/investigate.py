"""Investigating: a plain 1d6 for how much a hero learns. Not a Gamble."""

from __future__ import annotations

from dataclasses import dataclass

from ._checks import check_count
from .dice import HIGHEST_FACE, LOWEST_FACE, Dice

# Closer to 1 is less information, closer to 6 is more; every result moves the story on.
LEVEL_LABELS = {
    1: "a scrap",
    2: "a hint",
    3: "a lead",
    4: "a solid lead",
    5: "the big picture",
    6: "the lot",
}


@dataclass(frozen=True, slots=True)
class Investigation:
    roll: int

    def __post_init__(self) -> None:
        check_count("An Investigation roll", self.roll, LOWEST_FACE, HIGHEST_FACE)

    @property
    def level(self) -> int:
        """How much the hero learns, from 1 (little) to 6 (a lot): the roll itself."""
        return self.roll

    @property
    def label(self) -> str:
        return LEVEL_LABELS[self.roll]


def investigate(dice: Dice) -> Investigation:
    """Roll 1d6 to Investigate: no Bonus Dice, no Peril, no Lucky Saves, no state change."""
    return Investigation(roll=dice.d6())
