"""A stretch of play as plain facts, for the recap writer (`sessions.recaps.writer`) to tell:
what `sessions.recaps.story` reads out of the log (only what the Cast saw)."""

from dataclasses import dataclass
from enum import StrEnum


class Moment(StrEnum):
    KNOCKOUT = "knockout"
    BLAMMO = "blammo"  # a success with Blammo! sound effects
    BLAMMO_FLOP = "blammo-flop"  # a blunder in spite of them
    SNATCHED = "snatched"  # a blunder turned into a success with Lucky Saves
    CATCHPHRASE = "catchphrase"  # the Catchphrase re-roll turned a blunder round
    DANGER_OUT = "danger-out"
    INVESTIGATED = "investigated"
    GROUP = "group"  # a Group Gamble in one sentence: its action, its members, its tally
    GROUP_CALLED = "group-called"  # a Group Gamble's action, told before its members' parts…
    GROUP_TALLY = "group-tally"  # …and its tally and outcome, told after them
    REST = "rest"
    TUMULT = "tumult"
    NARRATION = "narration"
    CLUE = "clue"  # a clue from the crib, posted to the table (``text``: its words)
    RETIRING = "retiring"  # a fourth Knockout
    GAMBLE = "gamble"  # a Gamble with a stated action: its success or blunder, told
    HANDOUT = "handout"  # the Director revealed a handout (``text``: its caption)
    GEAR_LOST = "gear-lost"  # a consequence made real: the hero parted from ``text``
    STRUCK = "struck"  # the enemies' turn: ``who`` took Peril from ``text`` (named foes, or "")


@dataclass(frozen=True)
class Happening:
    """One memorable thing. ``text`` is what it was about (the sound effects, what was looked
    into, a Danger's name, the Director's line; for a Knockout, how long it lasts), ``more``
    its upshot or cause."""

    moment: Moment
    hero: str = ""
    text: str = ""
    more: str = ""
    success: bool = True
    count: int = 0
    of: int = 0
    # A Group Gamble's members who rolled, named once in its sentence.
    who: tuple[str, ...] = ()
    # A Gamble thrown a blunder that Lucky Saves turned into a success, told in its sentence.
    snatched: bool = False


@dataclass(frozen=True)
class HandRoll:
    """One roll of real dice: whose, what for (a key of `ROLLS`), and whether the Director
    typed the faces in for its player."""

    hero: str
    roll: str = "gamble"
    typed: bool = False


# What a roll was for: with its article, alone (after a name's “'s”), and in the plural.
ROLLS = {
    "gamble": ("a Gamble", "Gamble", "Gambles"),
    "catchphrase": ("a Catchphrase re-roll", "Catchphrase re-roll", "Catchphrase re-rolls"),
    "investigation": ("an Investigation", "Investigation", "Investigations"),
    "rest": ("a Rest die", "Rest die", "Rest dice"),
    "lucky": ("a Lucky Saves die", "Lucky Saves die", "Lucky Saves dice"),
}


@dataclass(frozen=True)
class Told:
    """A Scene as the Cast saw it. A Told with no beat holds what happened before any Scene."""

    beat: str = ""
    place: str = ""
    description: str = ""
    where: str = ""
    what: str = ""
    who: str = ""
    opening: str = ""
    canon: tuple[tuple[str, str], ...] = ()  # (hero, what they added to the Wide Shot)
    happenings: tuple[Happening, ...] = ()
    # Every Gamble rolled, a Group Gamble's members' each one (the SRD: "The players each make
    # a Gamble"), as the TV counts them; ``grouped`` of them were a Group Gamble's.
    gambles: int = 0
    successes: int = 0
    grouped: int = 0
    # The Scene started before this stretch (an earlier recap told its start and framing): it
    # is told going on, for what happened in it since.
    going_on: bool = False


@dataclass(frozen=True)
class Chapter:
    adventure: str
    leg_number: int | None = None
    leg_title: str = ""
    # The Leg started before this chapter does (an earlier recap told its beginning).
    continued: bool = False
    cast: tuple[str, ...] = ()
    scenes: tuple[Told, ...] = ()
    leg_over: bool = False
    finished: bool = False
    retired: tuple[str, ...] = ()
    sound_effects: tuple[str, ...] = ()
    # Each roll of real dice whose faces were typed in, in the log's order: the recap names
    # whose roll it was and who typed it (the player, or the Director for them).
    by_hand: tuple["HandRoll", ...] = ()
    # The names the story knows (heroes, NPCs, Dangers): typed words that start with one keep
    # their capital inside a sentence (`wording.typed.mid_sentence`).
    names: tuple[str, ...] = ()
    # Each hero's pronouns, as the story tells of them: ("Ada Quill", "she").
    pronouns: tuple[tuple[str, str], ...] = ()
    seed: int = 0

    @property
    def eventful(self) -> bool:
        return any(s.beat or s.happenings or s.gambles for s in self.scenes)
