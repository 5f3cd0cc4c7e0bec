"""A Gamble's pool: what goes into it besides the one die every Gamble gets, how many dice it
rolls and why, as a sum a player can check; and what a die's face means (a success on a 5 or
a 6, a point of Peril for every 1, a Lucky Save can raise it until it shows a 6)."""

from __future__ import annotations

from dataclasses import dataclass

from ._checks import check_count
from .character import CharacterState
from .dice import HIGHEST_FACE, LOWEST_FACE
from .errors import OutOfRange

MAX_KNACKS = 3
MAX_EQUIPMENT = 2
# More helpers, advantages or penalties than any table will ever see: the cap only stops an
# absurd request from asking the server to roll millions of dice.
MAX_MODIFIER = 12
SUCCESS_FACE = 5


def is_hit(face: int) -> bool:
    """Whether a die shows a success: a 5 or a 6."""
    return face >= SUCCESS_FACE


def is_peril_face(face: int) -> bool:
    """Whether a die costs a point of Peril at lock-in: every 1 does."""
    return face == LOWEST_FACE


def can_lift(face: int) -> bool:
    """Whether a Lucky Save can raise this die: not once it shows the top face."""
    return face < HIGHEST_FACE


@dataclass(frozen=True, slots=True)
class GambleSetup:
    """What goes into a Gamble's pool besides the one die every Gamble gets.

    Counts are of *relevant* Knacks, Equipment and external advantages, of characters
    helping, and of penalties; each Blammo! Die spent is named by its sound effect.
    """

    knacks: int = 0
    equipment: int = 0
    blammo_sound_effects: tuple[str, ...] = ()
    advantages: int = 0
    helpers: int = 0
    penalties: int = 0

    def __post_init__(self) -> None:
        check_count("Knacks", self.knacks, 0, MAX_KNACKS)
        check_count("Equipment", self.equipment, 0, MAX_EQUIPMENT)
        check_count("External advantages", self.advantages, 0, MAX_MODIFIER)
        check_count("Helpers", self.helpers, 0, MAX_MODIFIER)
        check_count("Penalties", self.penalties, 0, MAX_MODIFIER)
        if not isinstance(self.blammo_sound_effects, tuple) or not all(
            isinstance(effect, str) for effect in self.blammo_sound_effects
        ):
            raise OutOfRange("Blammo! sound effects must be a tuple of text.")
        check_count("Blammo! Dice spent", len(self.blammo_sound_effects), 0, MAX_MODIFIER)


# Every Gamble rolls this one die, and never fewer dice than it.
BASE_DICE = 1


def dice_each(state: CharacterState) -> dict[str, int]:
    """What one of each thing that goes into the pool adds to it (a penalty takes one away),
    by the `GambleSetup` field that counts it (Blammo! Dice by their sound effects). A retired
    hero gains no Bonus Dice from modifiers (Knacks, Equipment, Blammo! Dice, external
    advantages); helpers still add dice and penalties still take them away. A phone counts
    its Roll! by these as a box is ticked, before the server has answered."""
    bonus = 0 if state.retired else 1
    return {
        "knacks": bonus,
        "equipment": bonus,
        "blammo_sound_effects": bonus,
        "advantages": bonus,
        "helpers": 1,
        "penalties": -1,
    }


def pool_size(state: CharacterState, setup: GambleSetup) -> int:
    """How many dice the Gamble rolls: 1 + bonuses + helpers - penalties, never below 1
    (each counted as `dice_each` says)."""
    counts = {
        "knacks": setup.knacks,
        "equipment": setup.equipment,
        "blammo_sound_effects": len(setup.blammo_sound_effects),
        "advantages": setup.advantages,
        "helpers": setup.helpers,
        "penalties": setup.penalties,
    }
    added = sum(each * counts[name] for name, each in dice_each(state).items())
    return max(BASE_DICE, BASE_DICE + added)


def _several(count: int, one: str, many: str) -> str:
    return f"{count} {one if count == 1 else many}"


def pool_reasons(state: CharacterState, setup: GambleSetup) -> str:
    """Why the pool is the size it is, as a sum a player can check: "1 + 2 Knacks − 1
    penalty". The same reckoning as `pool_size`, which it names (a player rolling real dice
    counts them out by it)."""
    terms = ["1"]
    if state.retired:
        terms = ["1 (retired: no Bonus Dice)"]
    else:
        for count, one, many in (
            (setup.knacks, "Knack", "Knacks"),
            (setup.equipment, "Equipment", "Equipment"),
            (len(setup.blammo_sound_effects), "Blammo! Die", "Blammo! Dice"),
            (setup.advantages, "advantage", "advantages"),
        ):
            if count:
                terms.append(f"+ {_several(count, one, many)}")
    if setup.helpers:
        terms.append(f"+ {_several(setup.helpers, 'helper', 'helpers')}")
    if setup.penalties:
        terms.append(f"− {_several(setup.penalties, 'penalty', 'penalties')}")
    words = " ".join(terms)
    if pool_size(state, setup) == 1 and setup.penalties:
        words += " (never fewer than 1 die)"
    return words
