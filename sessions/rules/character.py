"""A character's trackers — Lucky Saves, Peril, Blammo! Dice, Knockouts — and who may act."""

from __future__ import annotations

from dataclasses import dataclass

from ._checks import check_count, check_flag
from .dice import Dice
from .errors import CareerOver, Incapacitated, OutOfRange

MAX_LUCKY_SAVES = 6
MAX_PERIL = 6  # the top of the Peril track: reaching it is a Knockout
KNOCKOUTS_TO_RETIRE = 4


@dataclass(frozen=True, slots=True)
class CharacterState:
    """The numbers on a character sheet that the rules change during play.

    ``catchphrase_used`` is for the current Leg; ``incapacitated`` lasts until the end of the
    Scene (or Tumult) in which the character was knocked out. ``retired`` is set by the fourth
    Knockout; ``career_ended`` by the end of that Leg, after which the sheet is read-only.
    Peril is 0 to 5 at rest: the moment it reaches 6 the hero is knocked out and it resets.
    """

    lucky_saves: int = 0
    peril: int = 0
    blammo: int = 0
    knockouts: int = 0
    retired: bool = False
    career_ended: bool = False
    catchphrase_used: bool = False
    incapacitated: bool = False

    def __post_init__(self) -> None:
        check_count("Lucky Saves", self.lucky_saves, 0, MAX_LUCKY_SAVES)
        # Reaching 6 is a Knockout that puts Peril straight back to 0, so 6 never stays put.
        check_count("Peril", self.peril, 0, MAX_PERIL - 1)
        check_count("Blammo! Dice", self.blammo, 0)
        check_count("Knockouts", self.knockouts, 0, KNOCKOUTS_TO_RETIRE)
        for label, flag in (
            ("Retired", self.retired),
            ("Career ended", self.career_ended),
            ("Catchphrase used", self.catchphrase_used),
            ("Incapacitated", self.incapacitated),
        ):
            check_flag(label, flag)
        if self.retired != (self.knockouts == KNOCKOUTS_TO_RETIRE):
            raise OutOfRange(
                f"A hero retires exactly at {KNOCKOUTS_TO_RETIRE} Knockouts "
                f"(this one has {self.knockouts} and retired={self.retired})."
            )
        if self.career_ended and not self.retired:
            raise OutOfRange("Only a retired hero's career can end.")


def new_character(dice: Dice) -> CharacterState:
    """A fresh hero: 1d6 Lucky Saves; Peril, Blammo! Dice and Knockouts at zero."""
    return CharacterState(lucky_saves=dice.d6())


def check_not_career_over(state: CharacterState) -> None:
    if state.career_ended:
        raise CareerOver()


def check_can_gamble(state: CharacterState) -> None:
    """Raise unless the character may make a Gamble right now."""
    check_not_career_over(state)
    if state.incapacitated:
        raise Incapacitated()


def in_the_thick_of_it(state: CharacterState) -> bool:
    """Whether a hero can take part right now: help out, join a Group Gamble, act in a
    Tumult. A knocked-out hero sits out until the Scene (or Tumult) ends."""
    return not (state.career_ended or state.incapacitated)


def check_can_contribute(state: CharacterState) -> None:
    """Raise unless the character may add a detail to a Wide Shot (not while knocked out)."""
    check_can_gamble(state)


def check_can_help(state: CharacterState) -> None:
    """Raise unless the character may lend a helping die to someone else's Gamble.

    A retired hero still helps: retirement removes their own Bonus Dice, not their hands.
    """
    check_not_career_over(state)
    if state.incapacitated:
        raise Incapacitated(
            "Knocked out! A knocked-out hero can't help until they're back on their feet."
        )
