"""A hero's career: the Adventures and Legs they played, their Knockouts, their retirement.

What happened at the table lives in the ``sessions`` app, which this app must not import; so
``sessions`` registers how to read a hero's career when it starts up (as for `cast`), and
fills in these plain records. Until it does, a hero has no career to show.
"""

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime

from characters.models import Character


@dataclass(frozen=True)
class Knockout:
    when: datetime
    leg: str = ""  # "Leg 1: A Ticking in the Rain"
    scene: str = ""  # the Scene's story beat
    place: str = ""  # its Key Location
    cause: str = ""


@dataclass
class Stint:
    """One Adventure the hero played in."""

    adventure_pk: int
    adventure: str
    status: str
    campaign: str = ""
    campaign_pk: int | None = None
    joined: datetime | None = None
    in_cast_now: bool = False  # still in this Cast (the Adventure unfinished, not left)
    legs: list[str] = field(default_factory=list)
    knockouts: list[Knockout] = field(default_factory=list)
    retired_after: str = ""  # the Leg at whose end the career ended


CareerReader = Callable[[Character], list[Stint]]
_reader: CareerReader | None = None


def register_career_reader(reader: CareerReader) -> None:
    global _reader
    _reader = reader


def career_of(character: Character) -> list[Stint]:
    """The hero's Adventures, oldest first."""
    return _reader(character) if _reader is not None else []
