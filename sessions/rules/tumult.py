"""Tumults: round by round, the players act first (one action each), then the enemies.

A Tumult is fought against the Dangers the Director picks among the Scene's (its ``foes``): only
they take the enemies' turn, and only they count towards "every enemy is out".

Ending a Tumult is the Director's call: drop the `TumultState` and call `end_tumult` for each
hero, so anyone knocked out *during* the Tumult (its ``knocked_out``) is back on their feet,
while a hero knocked out before it stays out until the Scene ends.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Hashable, Iterable, Mapping
from dataclasses import dataclass, replace
from enum import StrEnum

from ._checks import check_count
from .dangers import DangerState
from .errors import (
    AlreadyActed,
    GambleStillOpen,
    NoFoesChosen,
    NotAFoe,
    NotEnemiesTurn,
    NotInTheFight,
    NotPlayersTurn,
    OutOfRange,
)


class Phase(StrEnum):
    PLAYERS = "players"
    ENEMIES = "enemies"


@dataclass(frozen=True, slots=True)
class TumultState:
    """Where a Tumult stands; ``acted`` holds who has acted in this round's players' phase,
    ``knocked_out`` who took a Knockout during this Tumult (they are out until it ends),
    ``foes`` the Dangers it is fought against."""

    round: int = 1
    phase: Phase = Phase.PLAYERS
    acted: frozenset[Hashable] = frozenset()
    knocked_out: frozenset[Hashable] = frozenset()
    foes: frozenset[Hashable] = frozenset()

    def __post_init__(self) -> None:
        check_count("Round", self.round, 1)
        if self.phase not in tuple(Phase):
            raise OutOfRange(f"A Tumult phase is “players” or “enemies”, not {self.phase!r}.")
        if not isinstance(self.acted, frozenset):
            raise OutOfRange("Who has acted must be a frozenset.")
        if not isinstance(self.knocked_out, frozenset):
            raise OutOfRange("Who was knocked out must be a frozenset.")
        if not isinstance(self.foes, frozenset):
            raise OutOfRange("The Tumult's foes must be a frozenset.")
        # Hand the phase back as the enum even when given as its text (e.g. from storage).
        object.__setattr__(self, "phase", Phase(self.phase))


def choose_foes(
    chosen: Collection[Hashable] | None, offered: Collection[Hashable]
) -> frozenset[Hashable]:
    """The Dangers a Tumult is fought against: those the Director ticked among ``offered``
    (the Scene's Dangers still in the picture). With no choice made (``None``), all of them.
    Ticking none is refused while there is any to tick (a Tumult against nobody is only
    for a Scene with no enemy in it), and so is any Danger not offered."""
    if chosen is None:
        return frozenset(offered)
    if not chosen and offered:
        raise NoFoesChosen()
    if any(danger not in offered for danger in chosen):
        raise NotAFoe()
    return frozenset(chosen)


def start_tumult(foes: Collection[Hashable] = ()) -> TumultState:
    """A Tumult's first round, against ``foes`` (as `choose_foes` picked them)."""
    return TumultState(foes=frozenset(foes))


def bring_in(tumult: TumultState, danger: Hashable, offered: Collection[Hashable]) -> TumultState:
    """Another of the Scene's Dangers (among ``offered``) joins the fight under way."""
    if danger not in offered:
        raise NotAFoe()
    if danger in tumult.foes:
        raise NotAFoe("That Danger is already in the Tumult.")
    return replace(tumult, foes=tumult.foes | {danger})


def foes_of[T](tumult: TumultState, dangers: Iterable[T], key: Callable[[T], Hashable]) -> list[T]:
    """The Tumult's own foes among ``dangers`` (in their order), each known by ``key``: a
    Danger of the Scene left out of the fight neither strikes on the enemies' turn nor
    keeps it going."""
    return [danger for danger in dangers if key(danger) in tumult.foes]


def take_action(tumult: TumultState, who: Hashable, active: Collection[Hashable]) -> TumultState:
    """Record ``who``'s one action this round.

    ``active`` is who can act now: Cast characters present and not incapacitated.
    """
    if tumult.phase is not Phase.PLAYERS:
        raise NotPlayersTurn()
    if who not in active:
        raise NotInTheFight()
    if who in tumult.acted:
        raise AlreadyActed()
    return replace(tumult, acted=tumult.acted | {who})


def still_to_act(tumult: TumultState, active: Collection[Hashable]) -> frozenset[Hashable]:
    """Who among ``active`` has not yet acted this round (nobody, in the enemies' phase)."""
    if tumult.phase is not Phase.PLAYERS:
        return frozenset()
    return frozenset(who for who in active if who not in tumult.acted)


def still_to_lock_in(tumult: TumultState, rolling: Collection[Hashable]) -> frozenset[Hashable]:
    """Who among ``rolling`` (heroes with a Gamble rolled and not yet locked in) rolled it as
    this round's action: their action is done only once the Gamble is settled, so the round
    waits on them (nobody, in the enemies' phase). They have acted, all the same: no second
    Gamble this round."""
    if tumult.phase is not Phase.PLAYERS:
        return frozenset()
    return frozenset(who for who in rolling if who in tumult.acted)


def every_enemy_out(dangers: Collection[DangerState]) -> bool:
    """Whether the Tumult has no enemy left in the picture: the Director's cue to end it.
    Never so with no enemy at all (a Tumult against nobody is the Director's to run)."""
    return bool(dangers) and all(danger.is_out for danger in dangers)


def enemies_turn(tumult: TumultState, rolling: Mapping[Hashable, str] | None = None) -> TumultState:
    """Move on to the enemies' turn. The Director may do so even if some players passed, but
    not while a Gamble rolled as this round's action is still open: ``rolling`` maps each hero
    with a Gamble rolled and not locked in to their name, for the refusal (the SRD: once all
    players have acted, the enemies respond; a Lucky Save or a re-roll is still part of it)."""
    if tumult.phase is not Phase.PLAYERS:
        raise NotPlayersTurn("It's already the enemies' turn!")
    rolling = rolling or {}
    waiting = still_to_lock_in(tumult, rolling)
    if waiting:
        raise GambleStillOpen([name for who, name in rolling.items() if who in waiting])
    return replace(tumult, phase=Phase.ENEMIES)


def next_round(tumult: TumultState) -> TumultState:
    """After the enemies' turn, start a new round with the players acting first again."""
    if tumult.phase is not Phase.ENEMIES:
        raise NotEnemiesTurn()
    return TumultState(round=tumult.round + 1, knocked_out=tumult.knocked_out, foes=tumult.foes)


def knocked_out_during(tumult: TumultState, who: Hashable) -> TumultState:
    """``who`` took a Knockout while this Tumult rages: out until it ends (or the Scene does,
    whichever comes first)."""
    return replace(tumult, knocked_out=tumult.knocked_out | {who})
