"""Gambles: roll the pool (`pool`), re-roll with a Catchphrase, spend Lucky Saves, lock in.

A Gamble moves through three steps, each a pure function returning new values:

1. `roll_gamble` — Blammo! Dice are spent here (they must be spent before the roll);
2. any number of `spend_lucky_save` calls and at most one `catchphrase_reroll`;
3. `lock_in` — only now do success, the Blammo! Die for a blunder and Peril for 1s land,
   all counted on the final dice.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, replace

from ._checks import check_count, check_flag
from .blammo import check_sound_effects, normalize_sound_effect
from .character import (
    CharacterState,
    check_can_gamble,
    check_not_career_over,
)
from .dice import HIGHEST_FACE, LOWEST_FACE, Dice
from .errors import (
    CatchphraseAlreadyUsed,
    DieAlreadySix,
    GambleAlreadyLocked,
    NoLuckySavesLeft,
    NoSuchDie,
    NotEnoughBlammo,
    OutOfRange,
    RetiredNoBonusDice,
    RuleError,
)
from .peril import PerilChange, add_peril
from .pool import BASE_DICE, SUCCESS_FACE, GambleSetup, can_lift, is_hit, is_peril_face, pool_size


@dataclass(frozen=True, slots=True)
class Gamble:
    """A rolled Gamble, before or after it is locked in.

    ``rolled`` holds the faces of the latest throw (the first roll, or the Catchphrase
    re-roll); ``dice`` holds them after Lucky Saves, so the table can show which dice were
    lifted. ``lucky_saves_spent`` counts saves spent on the current dice only.
    """

    pool: int
    dice: tuple[int, ...]
    rolled: tuple[int, ...]
    setup: GambleSetup
    lucky_saves_spent: int = 0
    catchphrase_used: bool = False
    locked: bool = False

    def __post_init__(self) -> None:
        check_count("Pool", self.pool, 1)
        for label, faces in (("Dice", self.dice), ("Rolled dice", self.rolled)):
            if not isinstance(faces, tuple) or len(faces) != self.pool:
                raise OutOfRange(f"{label} must be a tuple of {self.pool} faces.")
            for face in faces:
                check_count("A die", face, LOWEST_FACE, HIGHEST_FACE)
        if any(now < was for now, was in zip(self.dice, self.rolled, strict=True)):
            raise OutOfRange("Lucky Saves only ever raise a die.")
        check_count("Lucky Saves spent", self.lucky_saves_spent, 0)
        if sum(self.dice) - sum(self.rolled) != self.lucky_saves_spent:
            raise OutOfRange("Each Lucky Save spent raises one die by exactly 1.")
        check_flag("Catchphrase used", self.catchphrase_used)
        check_flag("Locked", self.locked)

    @property
    def success(self) -> bool:
        """Whether the dice as they stand show a success (any 5 or 6)."""
        return any(is_hit(face) for face in self.dice)

    @property
    def saves_on_each_die(self) -> tuple[int, ...]:
        """How many Lucky Saves raised each die, in the dice's order (0 for a die as thrown):
        what the table reads to see why a result changed."""
        return tuple(now - was for now, was in zip(self.dice, self.rolled, strict=True))

    @property
    def ones(self) -> int:
        """How many dice as they stand show a 1 — each is a point of Peril at lock-in."""
        return sum(1 for face in self.dice if is_peril_face(face))

    @property
    def blammo_dice(self) -> tuple[int, ...]:
        """Which dice (0-based) the Blammo! Dice spent added, as the table reads them: the
        last ones, one for each sound effect, never the one die every Gamble rolls (penalties
        may have left the pool smaller than its bonuses)."""
        spent = min(len(self.setup.blammo_sound_effects), self.pool - BASE_DICE)
        return tuple(range(self.pool - spent, self.pool))

    @property
    def sound_effect_keys(self) -> tuple[str, ...]:
        """The normalized sound effects this Gamble used up for the rest of the Adventure."""
        return tuple(normalize_sound_effect(e) for e in self.setup.blammo_sound_effects)


@dataclass(frozen=True, slots=True)
class GambleOutcome:
    """A locked-in Gamble and everything it did to the character."""

    gamble: Gamble
    state: CharacterState
    success: bool
    blammo_gained: int
    ones: int
    peril: PerilChange

    @property
    def blunder(self) -> bool:
        return not self.success


def roll_gamble(
    state: CharacterState,
    setup: GambleSetup,
    used_effects: Collection[str],
    dice: Dice,
) -> tuple[CharacterState, Gamble]:
    """Make a Gamble: check the pool, spend its Blammo! Dice and roll.

    ``used_effects`` are the sound effects already heard this Adventure. Every check runs
    before a die is thrown, so a refused Gamble rolls nothing.
    """
    check_can_gamble(state)
    effects = setup.blammo_sound_effects
    if effects and state.retired:
        # Refuse rather than take the dice and add nothing to the pool.
        raise RetiredNoBonusDice()
    check_sound_effects(effects, used_effects)
    if len(effects) > state.blammo:
        raise NotEnoughBlammo(state.blammo, len(effects))
    pool = pool_size(state, setup)
    faces = dice.roll(pool)
    after = replace(state, blammo=state.blammo - len(effects)) if effects else state
    return after, Gamble(pool=pool, dice=faces, rolled=faces, setup=setup)


def _check_open(state: CharacterState, gamble: Gamble) -> None:
    if gamble.locked:
        raise GambleAlreadyLocked()
    # A hero knocked out while their Gamble waits may no longer push their luck on it;
    # the Gamble can still be locked in as it stands.
    check_can_gamble(state)


def catchphrase_reroll(
    state: CharacterState, gamble: Gamble, dice: Dice
) -> tuple[CharacterState, Gamble]:
    """Speak the Catchphrase (once per Leg) to re-roll the whole pool.

    The new dice replace the old. Lucky Saves spent on the old dice are gone for good; more
    can be spent on the new dice. Blammo! Dice are not spent again.
    """
    _check_open(state, gamble)
    if state.catchphrase_used or gamble.catchphrase_used:
        raise CatchphraseAlreadyUsed()
    faces = dice.roll(gamble.pool)
    rerolled = replace(gamble, dice=faces, rolled=faces, lucky_saves_spent=0, catchphrase_used=True)
    return replace(state, catchphrase_used=True), rerolled


def spend_lucky_save(
    state: CharacterState, gamble: Gamble, die_index: int
) -> tuple[CharacterState, Gamble]:
    """Spend one Lucky Save to raise the die at ``die_index`` (0-based) by 1."""
    _check_open(state, gamble)
    if (
        isinstance(die_index, bool)
        or not isinstance(die_index, int)
        or not 0 <= die_index < gamble.pool
    ):
        raise NoSuchDie()
    if state.lucky_saves == 0:
        raise NoLuckySavesLeft()
    if not can_lift(gamble.dice[die_index]):
        raise DieAlreadySix()
    dice = list(gamble.dice)
    dice[die_index] += 1
    raised = replace(gamble, dice=tuple(dice), lucky_saves_spent=gamble.lucky_saves_spent + 1)
    return replace(state, lucky_saves=state.lucky_saves - 1), raised


@dataclass(frozen=True, slots=True)
class StillInPlay:
    """What a hero may still do to an open Gamble before it is locked in: spend Lucky Saves
    (how many they have, while a die can still go up) and re-roll with the Catchphrase."""

    lucky_saves: int = 0
    catchphrase: bool = False

    def __bool__(self) -> bool:
        return bool(self.lucky_saves or self.catchphrase)


def lifts_that_help(gamble: Gamble, lucky_saves: int) -> frozenset[int]:
    """The dice (0-based) a Lucky Save is worth spending on, as the SRD says they help: a 1
    lifted no longer costs Peril, and while the Gamble is a Blunder a die short of a success
    can reach a 5 with the Lucky Saves the hero has. Not a 6 (it can't go up), nor a die that
    would change nothing (a 5, or a 2 with one Lucky Save left)."""
    if lucky_saves < 1:
        return frozenset()
    return frozenset(
        index
        for index, face in enumerate(gamble.dice)
        if can_lift(face)
        and (is_peril_face(face) or (not gamble.success and SUCCESS_FACE - face <= lucky_saves))
    )


def still_in_play(state: CharacterState, gamble: Gamble) -> StillInPlay:
    """What is still allowed on ``gamble`` (nothing once it is locked in, or for a hero
    knocked out while it waited)."""
    try:
        _check_open(state, gamble)
    except RuleError:
        return StillInPlay()
    liftable = bool(lifts_that_help(gamble, state.lucky_saves))
    return StillInPlay(
        lucky_saves=state.lucky_saves if liftable else 0,
        catchphrase=not (state.catchphrase_used or gamble.catchphrase_used),
    )


def lock_in(state: CharacterState, gamble: Gamble) -> GambleOutcome:
    """Lock a Gamble in and apply it: a blunder earns a Blammo! Die, every 1 is a Peril.

    Also used by the Director (or the player's next action) to settle a Gamble left open,
    so it works even if the hero was knocked out while the Gamble waited.
    """
    if gamble.locked:
        raise GambleAlreadyLocked()
    check_not_career_over(state)
    success = gamble.success
    blammo_gained = 0 if success else 1
    after_blunder = replace(state, blammo=state.blammo + blammo_gained)
    peril = add_peril(after_blunder, gamble.ones)
    return GambleOutcome(
        gamble=replace(gamble, locked=True),
        state=peril.state_after,
        success=success,
        blammo_gained=blammo_gained,
        ones=gamble.ones,
        peril=peril,
    )
