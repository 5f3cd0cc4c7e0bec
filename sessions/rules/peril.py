"""Peril, Knockouts and Retirement: one path for every source of Peril.

Gamble 1s, enemies' Danger Ratings and the Director's adjustments all go through
`add_peril` / `remove_peril`, so a Knockout happens the same way whatever caused it.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import Enum

from ._checks import check_count
from .character import (
    KNOCKOUTS_TO_RETIRE,
    MAX_PERIL,
    CharacterState,
    check_not_career_over,
)
from .errors import OutOfRange


class PerilReason(Enum):
    """Why the Director adds or removes Peril outside a Gamble: the SRD's own examples.

    Each reason has a label for the Director's menu and the words the table log uses.
    """

    ENEMY = ("An enemy strikes", "an enemy strikes")
    ENVIRONMENT = ("The environment", "the environment is unforgiving")
    WEIRD = ("The weird, strange or eldritch", "something weird, strange or eldritch")
    DIRECTOR = ("Because I felt like it", "because the Director felt like it")
    REST = ("A breather (remove Peril)", "a moment to catch their breath")

    @property
    def key(self) -> str:
        return self.name.lower()

    @property
    def label(self) -> str:
        return self.value[0]

    @property
    def words(self) -> str:
        return self.value[1]


@dataclass(frozen=True, slots=True)
class PerilChange:
    """What a change of Peril did, for the table log.

    ``requested`` and ``applied`` are signed (negative when Peril is removed). ``applied`` is
    how far the Peril track actually moved: on a Knockout that is the climb to 6, even though
    the track then resets to 0. ``discarded`` is the part of the request that had no effect —
    Peril past 6, Peril offered to a retired hero, or removal below 0 — and is never negative.
    """

    state_before: CharacterState
    state_after: CharacterState
    requested: int
    applied: int
    knocked_out: bool = False

    @property
    def discarded(self) -> int:
        return abs(self.requested - self.applied)

    @property
    def retired(self) -> bool:
        """True when this change caused the hero's retirement (their fourth Knockout)."""
        return self.state_after.retired and not self.state_before.retired


def add_peril(state: CharacterState, amount: int) -> PerilChange:
    """Raise a character's Peril by ``amount`` (≥ 0), whatever the source.

    Reaching 6 is a Knockout: Knockouts +1, Peril back to 0, incapacitated until the Scene
    ends. Peril beyond that 6 is discarded rather than carried onto the fresh track — one
    blow knocks a hero out once. The fourth Knockout retires them, and a retired hero's
    Peril never increases again, and a knocked-out hero takes none until back on their feet
    (the 1s of a Gamble rolled before the Knockout are discarded at its lock-in).
    """
    check_count("Peril to add", amount, 0)
    check_not_career_over(state)
    if state.retired or state.incapacitated or amount == 0:
        return PerilChange(state, state, requested=amount, applied=0)
    if state.peril + amount < MAX_PERIL:
        after = replace(state, peril=state.peril + amount)
        return PerilChange(state, after, requested=amount, applied=amount)
    knockouts = state.knockouts + 1
    after = replace(
        state,
        peril=0,
        knockouts=knockouts,
        incapacitated=True,
        retired=knockouts == KNOCKOUTS_TO_RETIRE,
    )
    return PerilChange(
        state, after, requested=amount, applied=MAX_PERIL - state.peril, knocked_out=True
    )


def remove_peril(state: CharacterState, amount: int) -> PerilChange:
    """Lower a character's Peril by ``amount`` (≥ 0), stopping at 0."""
    check_count("Peril to remove", amount, 0)
    check_not_career_over(state)
    removed = min(amount, state.peril)
    after = replace(state, peril=state.peril - removed) if removed else state
    return PerilChange(state, after, requested=-amount, applied=-removed)


def adjust_peril(state: CharacterState, delta: int) -> PerilChange:
    """The Director adds (``delta`` > 0) or removes (``delta`` < 0) Peril at will.

    The reason (the environment, the weird, the eldritch…) is for the caller to log.
    """
    if isinstance(delta, bool) or not isinstance(delta, int):
        raise OutOfRange(f"A Peril adjustment must be a whole number, not {delta!r}.")
    if delta == 0:
        raise OutOfRange("A Peril adjustment of 0 changes nothing — add or remove some Peril.")
    return add_peril(state, delta) if delta > 0 else remove_peril(state, -delta)
