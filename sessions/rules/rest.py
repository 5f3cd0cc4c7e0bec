"""Rest: in a safe spot each hero rolls 1d6, and sheds a Peril if it is ≤ their Peril."""

from __future__ import annotations

from dataclasses import dataclass, replace

from .character import CharacterState, check_not_career_over
from .dice import Dice


@dataclass(frozen=True, slots=True)
class RestResult:
    roll: int
    recovered: bool
    state: CharacterState


def rest(state: CharacterState, dice: Dice) -> RestResult:
    """Roll 1d6 for a Rest; Peril -1 if the roll is at most the current Peril.

    At Peril 0 the roll can never succeed, but it is still rolled, so everyone rolls the
    same way. A knocked-out hero rests too: Rest is when the Cast catches its breath.
    """
    check_not_career_over(state)
    roll = dice.d6()
    recovered = roll <= state.peril
    after = replace(state, peril=state.peril - 1) if recovered else state
    return RestResult(roll=roll, recovered=recovered, state=after)
