"""What a consequence prompt is."""

from dataclasses import dataclass
from enum import StrEnum

# The placeholders a prompt may name, documented on `Prompt`.
PLACES = ("hero", "equipment", "drive", "npc", "danger", "obstacle", "location")


class Weight(StrEnum):
    NUISANCE = "nuisance"  # a setback that costs time or pride
    TROUBLE = "trouble"  # real trouble: the situation turns against them
    DISASTER = "disaster"  # the floor gives way


class Moment(StrEnum):
    BLUNDER = "blunder"  # a Gamble locked in without a 5 or a 6
    KNOCKOUT = "knockout"  # a hero knocked out
    GROUP_FAILED = "group-failed"  # a Group Gamble without a majority of successes


@dataclass(frozen=True)
class Prompt:
    """One consequence move: a short imperative and an example line, in the app's pulp voice.

    Both may name the situation with placeholders, filled in when the app knows it:
    {hero} (the hero it happened to), {equipment} (one of their Equipment), {drive} (their
    Drive), {npc} (a non-player character at the Key Location), {danger} (an active Danger),
    {obstacle} (the Key Location's obstacles, as prepared), {location} (the Key Location).
    A prompt whose placeholders can't be filled isn't drawn.
    """

    key: str  # stable, unique: a slug
    weight: Weight
    move: str
    example: str
    moments: frozenset[Moment] = frozenset(Moment)
    own: bool = False  # a Director's own: their words as they wrote them, braces and all
