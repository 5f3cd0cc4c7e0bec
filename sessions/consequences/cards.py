"""What a consequence prompt is."""

from dataclasses import dataclass
from enum import StrEnum

# The placeholders a prompt may name, documented on `Prompt`.
PLACES = ("hero", "equipment", "drive", "npc", "danger", "obstacle", "location")
# The hero's pronouns, said as the hero picked them ("his", "him", "he"): only with {hero}.
PRONOUNS = ("they", "them", "their")

# How a card's ``about`` is put to the Director, before the move: a prompt to them, with the
# prep's own words set apart rather than pasted into a sentence.
LEADS = {
    "danger": "Against {}",
    "obstacle": "Against the obstacle here: “{}”",
    "npc": "With {}",
    "location": "At {}",
    "hero": "For {}",
    "equipment": "With “{}”",
    "drive": "Against the drive “{}”",
}


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
    {obstacle} (the Key Location's obstacles, as prepared), {location} (the Key Location);
    {they}, {them} and {their}: the hero's pronouns, on a card that names {hero}.
    A prompt whose placeholders can't be filled isn't drawn.

    ``about``: a placeholder the card works with without saying it in its words (an
    obstacle as the Director typed it in prep, a Danger's name): shown to the Director apart,
    as a lead ("Against Cistern Crocodile"), never in the line told to the table.
    """

    key: str  # stable, unique: a slug
    weight: Weight
    move: str
    example: str
    moments: frozenset[Moment] = frozenset(Moment)
    own: bool = False  # a Director's own: their words as they wrote them, braces and all
    about: str = ""  # one of PLACES, or ""
