"""The Leg and Scene lifecycle: what starting and ending them does to each hero."""

from __future__ import annotations

from dataclasses import replace
from enum import StrEnum

from .character import MAX_LUCKY_SAVES, CharacterState, check_not_career_over
from .dice import Dice


def start_leg(state: CharacterState, dice: Dice) -> tuple[CharacterState, int]:
    """Start a Leg for one hero: +1d6 Lucky Saves (to at most 6) and a fresh Catchphrase.

    Returns the new state and the roll (the log shows the roll even when the cap ate some).
    """
    check_not_career_over(state)
    roll = dice.d6()
    after = replace(
        state,
        lucky_saves=min(MAX_LUCKY_SAVES, state.lucky_saves + roll),
        catchphrase_used=False,
    )
    return after, roll


def end_leg(state: CharacterState) -> CharacterState:
    """End a Leg for one hero: Peril back to 0 and back on their feet.

    A retired hero's career ends here; their sheet becomes read-only.
    """
    check_not_career_over(state)
    return replace(
        state,
        peril=0,
        incapacitated=False,
        career_ended=state.retired,
    )


def end_scene(state: CharacterState) -> CharacterState:
    """End a Scene for one hero: a knocked-out hero is back in the next one."""
    check_not_career_over(state)
    return replace(state, incapacitated=False)


def end_tumult(state: CharacterState, *, knocked_out_during_it: bool) -> CharacterState:
    """End a Tumult for one hero. The SRD's cheat sheet keeps a Knockout for "the rest of the
    Scene or Tumult": a hero knocked out *during* this Tumult is back on their feet, while one
    knocked out before it started stays out until the Scene ends."""
    check_not_career_over(state)
    return end_scene(state) if knocked_out_during_it else state


class OutUntil(StrEnum):
    """How long a Knockout lasts, in the words every screen uses (the log, the TV, the phone,
    the sheet, the recap): one taken during a Tumult ends with it, any other at the Scene's
    end (DESIGN.md §2)."""

    TUMULT_ENDS = "until the Tumult ends"
    SCENE_ENDS = "for the rest of the Scene"


def out_until(*, knocked_out_in_tumult: bool) -> OutUntil:
    """How long a Knockout lasts: whether it was taken during the Tumult on now (the
    Tumult's ``knocked_out``) decides."""
    return OutUntil.TUMULT_ENDS if knocked_out_in_tumult else OutUntil.SCENE_ENDS


def still_out(state: CharacterState, *, knocked_out_in_tumult: bool) -> OutUntil | None:
    """How long a hero who is out stays out, or None for a hero on their feet."""
    if not state.incapacitated:
        return None
    return out_until(knocked_out_in_tumult=knocked_out_in_tumult)
