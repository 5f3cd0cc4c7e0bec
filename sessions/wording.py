"""Small rules of English for words the table typed, joined into the app's own sentences.

A player types "Bluff the guard" or "Wet bootprints" as a line of its own, capital first; put
inside a sentence it reads "Ada tries to bluff the guard", "Sam sees wet bootprints". The
first letter is lowered unless it may start a name: "I", a word in capitals ("NASA"), a name
of several capitalised words ("Baron Vex", "The Hague"), a possessive ("Vex's coat"), or a
name the app knows (a hero, an NPC, a Danger). Everything that puts typed words inside a
sentence asks `mid_sentence`, so the rule is the same on every screen and in every recap.
"""

import re
from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum

from sessions import lexicon as L
from sessions.grammar import (
    NOT_A_TASK,
    TITLES,
    a_clause,
    a_task,
    a_title,
    an_order,
    known_words,
    quote,
)
from sessions.retold import named, own_part, with_name
from sessions.telling import THEY, third_person, told_of
from sessions.tenses import in_past as in_past  # the recap tells these sentences in the past

_POSSESSIVE = ("'s", "’s")
_I = re.compile(r"^I(?:['’](?:m|d|ll|ve))?$")


def mid_sentence(text: str, names: Iterable[str] = ()) -> str:
    """``text`` as it reads inside a sentence: "Ada sees a brass key", not "Ada sees A brass
    key"; ``names`` are names the app knows, which keep their capital."""
    words = text.split()
    if not words or not text[:1].isupper() or _a_name(words, names):
        return text
    return text[0].lower() + text[1:]


def _a_name(words: list[str], names: Iterable[str]) -> bool:
    """Whether the capital of the first of ``words`` may be a name's, to be kept."""
    first = words[0].strip('"“”,.;:!?()')
    bare = first.removesuffix(_POSSESSIVE[0]).removesuffix(_POSSESSIVE[1])
    if not bare or _I.match(first) or (len(words) == 1 and len(first) == 1):
        return True  # "I", "I'm"; a lone letter ("A") tells nothing
    if len(bare) > 1 and bare[1].isupper():
        return True  # capitals: "NASA", "THE CLOCK IS TICKING"
    known = known_words(names)
    if bare in known:
        return True  # a name the app knows, or a word of one ("Vex" of "Baron Vex")
    if bare != first:
        return True  # a possessive: "Anvil's hammer", "Vex's coat"
    # A capital next: a name of several words ("Baron Vex", "The Hague", "Old Tom"), unless
    # that next word is a name known alone ("Follow Vex", "A Vex agent") or a title that
    # starts a name of its own ("Question Mr. Wen").
    titled = first.rstrip(".").lower() in TITLES
    if not titled and a_title(words[1:]):
        return False
    following = words[1].strip('"“”,.;:!?()') if len(words) > 1 else ""
    following = following.removesuffix(_POSSESSIVE[0]).removesuffix(_POSSESSIVE[1])
    return following[:1].isupper() and (titled or following not in known)


# What typed words are, to weave them into a sentence that reads right, whatever was typed.
# A task ("Bluff the foreman") goes after "tries to"; a thing ("a torn press badge") after
# "sees"; a clause about the hero ("Ada bluffs the foreman", "I bluff the foreman") is a
# sentence of its own, told of the hero; any other clause ("a torn press badge glints on the
# floor") is never put after a verb alone: it follows "notices:", or is quoted.


class Kind(StrEnum):
    TASK = "task"  # "Bluff the foreman": told after "tries to"
    HERO = "hero"  # a clause about the hero: a sentence of its own, their name first
    CLAUSE = "clause"  # a clause about anything else: never after a verb
    ORDER = "order"  # "Look under the rug" where no task is told: never a thing seen
    THING = "thing"  # "a torn press badge": told after "sees", "at"


@dataclass(frozen=True)
class Typed:
    """Typed words read for weaving: what they are, and ``told``: a task or a thing as it
    reads inside the sentence ("bluff the foreman", told of the hero), a clause about the hero
    as a sentence of its own without its stop ("Ada Quill bluffs the foreman"), any other
    clause told of the hero, its capital kept. ``typed``: the words as typed, on one line."""

    kind: Kind
    told: str
    typed: str


def read(
    text: str,
    hero: str = "",
    names: Iterable[str] = (),
    tasks: bool = True,
    pronouns: str = THEY,
) -> Typed:
    """What ``text`` (typed by the player of ``hero``, or the Director) is, for a sentence,
    told of the hero by their ``pronouns`` ("she", "he", "they": "my badge" → "her badge").
    ``tasks``: whether it may be a task (a stated action), or is told of what is seen there
    ("Wet bootprints" is a thing, never a task to wet them)."""
    typed = named(" ".join(str(text).split()), (hero, *names))
    words = typed.rstrip(".").split() if not typed.endswith("..") else typed.split()
    plain = " ".join(words)
    names = (hero, *names)
    if not words:
        return Typed(Kind.THING, "", "")
    about_hero = told_of(hero, words, pronouns) if hero else None
    if about_hero is not None:
        return Typed(Kind.HERO, about_hero, typed)
    titled = words[0].rstrip(".").lower() in TITLES and words[1:2] != [
        w.lower() for w in words[1:2]
    ]
    if a_task(plain, names) and not titled and (tasks or an_order(words, names)):  # "Baron Vex"
        kind = Kind.TASK if tasks else Kind.ORDER  # "Look under the rug": no thing seen
        return Typed(kind, mid_sentence(third_person(plain, pronouns), names), typed)
    if a_clause(words, known_words(names)):
        return Typed(Kind.CLAUSE, third_person(plain, pronouns), typed)
    return Typed(Kind.THING, mid_sentence(third_person(plain, pronouns), names), typed)


# The sentences the app tells of a hero, typed words inside, without a closing stop: the screens
# show them as they stand, a log line adds its stop.


def attempt(hero: str, intent: str, names: Iterable[str] = (), pronouns: str = THEY) -> str:
    """A Gamble's stated action with its hero: "Ada tries to bluff the foreman", "Ada Quill
    bluffs the foreman" (as typed, "I bluff the foreman"), "Ada goes for “A leap of faith”"."""
    typed = read(intent, hero, names, pronouns=pronouns)
    if typed.kind is Kind.TASK:
        return f"{hero} tries to {typed.told}"
    if typed.kind is Kind.HERO:
        return typed.told
    # "Ada bluffs the guard while I sneak round": the "I" is the hero, told as such.
    mine = own_part(hero, typed.typed.rstrip("."), pronouns)
    return mine or f"{hero} goes for {quote(with_name(hero, typed.typed))}"


def gambled(hero: str, intent: str, names: Iterable[str] = (), pronouns: str = THEY) -> str:
    """A Gamble as the log tells its roll: "Sam gambles to swing the crane hook", "Ada Quill
    bluffs the foreman" (typed "I bluff the foreman"), "Ada gambles on “A leap of faith”"."""
    if not intent:
        return f"{hero} gambles"
    typed = read(intent, hero, names, pronouns=pronouns)
    if typed.kind is Kind.TASK:
        return f"{hero} gambles to {typed.told}"
    if typed.kind is Kind.HERO:
        return typed.told
    mine = own_part(hero, typed.typed.rstrip("."), pronouns)
    return mine or f"{hero} gambles on {quote(with_name(hero, typed.typed))}"


def sight(hero: str, detail: str, names: Iterable[str] = (), pronouns: str = THEY) -> str:
    """What a hero adds to the Wide Shot, every one a sentence that starts with the hero and
    a verb: "Ada sees a torn press badge", "Ada notices: a torn press badge glints on the
    floor" (a clause is never put after "sees", nor after "sees that": glued to a thing the
    player typed, "sees that crowbar on the floor" reads as a clause cut short), "Ada Quill
    crouches by the badge" (typed "I crouch by the badge"), "Ada says to look under the rug",
    "Ada asks: “Is the clerk lying?”"."""
    typed = read(detail, hero, names, tasks=False, pronouns=pronouns)
    if typed.kind is Kind.THING and not _DEMONSTRATIVE.match(typed.told):
        where_first = typed.told.split()[0] in L.PREPOSITIONS and "," in typed.told
        return f"{hero} sees{',' if where_first else ''} {typed.told}"  # "sees, under the rug, a…"
    if typed.kind is Kind.HERO:
        return typed.told
    if typed.typed.endswith("?"):
        return f"{hero} asks: {quote(typed.typed)}"
    if typed.kind is Kind.ORDER:
        return f"{hero} says to {typed.told}"
    # After the colon anything reads whole: a clause, or a thing ("that crowbar on the floor").
    return f"{hero} notices: {_after_that(typed.told, (hero, *names))}"


# "that crowbar", "those footprints": after "sees" the word reads as "sees that …", a clause.
_DEMONSTRATIVE = re.compile(r"(?:that|this|these|those)\b", re.IGNORECASE)


def sight_words(hero: str, detail: str, names: Iterable[str] = (), pronouns: str = THEY) -> str:
    """A Wide Shot detail's own words as `sight` shows them, to quote them: a question as
    typed, anything else retold ("a porter watching us" → "a porter watching them"), a
    clause as it reads after "notices:" ("the door is ajar", not "The door is ajar", beside
    the others' "a torn glove"; a name's capital kept)."""
    typed = read(detail, hero, names, tasks=False, pronouns=pronouns)
    if typed.typed.endswith("?"):
        return typed.typed
    if typed.kind in (Kind.THING, Kind.HERO, Kind.ORDER):
        return typed.told
    return _after_that(typed.told, (hero, *names))


def _after_that(clause: str, names: Iterable[str]) -> str:
    """A clause as it reads inside a sentence ("notices: …"): "the door is ajar", "it's a
    trap", "steam hisses", a name's capital kept ("Pillai keeps glancing")."""
    first = clause.split()[0].lower().replace("’", "'").partition("'")[0] if clause else ""
    if first in NOT_A_TASK and first != "i":
        return clause[:1].lower() + clause[1:]
    return mid_sentence(clause, names)


def closer_look(hero: str, prompt: str, names: Iterable[str] = (), pronouns: str = THEY) -> str:
    """An Investigation, as one sentence: "Ada takes a closer look at the ledger", or with a
    question or a clause quoted, “Ada takes a closer look: “Is the clerk lying?”"."""
    typed = read(prompt, hero, names, tasks=False, pronouns=pronouns)
    if typed.kind is Kind.THING:
        return f"{hero} takes a closer look at {typed.told.rstrip('.?!')}"
    return f"{hero} takes a closer look: {quote(typed.typed)}"


def own_deed(hero: str, intent: str, names: Iterable[str] = (), pronouns: str = THEY) -> str | None:
    """A Gamble typed about another hero with the player's own part in it ("Ada bluffs the
    guard while I sneak round"), as a sentence about the hero that starts with their name
    ("Zoe Sparks sneaks round while Ada bluffs the guard"); None for any other words."""
    typed = read(intent, hero, names, pronouns=pronouns)
    if typed.kind in (Kind.TASK, Kind.HERO):
        return None
    mine = own_part(hero, typed.typed.rstrip("."), pronouns)
    return mine if mine and mine.startswith(hero) else None


# A name left out of a line the Director tells the table, and the plain word in its place.
_ARTICLE_BEFORE = re.compile(r"(?<![\w'’])(?:the|a|an)\s+$", re.IGNORECASE)
_AT_BEFORE = re.compile(r"(?<![\w'’])(?:at|in|to|into|inside|within)\s+$", re.IGNORECASE)
_WHO_AFTER = re.compile(r"^,?\s+(?=(?:who|whom|whose)\b)", re.IGNORECASE)


def left_out(text: str, start: int, end: int, word: str) -> str:
    """``text`` with the name at ``start:end`` told as ``word`` ("something", "somewhere"),
    reading as English: "while the Brass Jack looks on" → "while something looks on", never
    "the something"; "hiding at the Old Mill" → "hiding somewhere", never "at somewhere";
    "warn Vex, who is hiding" → "warn someone who is hiding", never "something, who"."""
    name = text[start:end].split()
    if word == "something" and name and name[0].rstrip(".").lower() in TITLES:
        word = "someone"  # "Baron Vex", "Doctor Ng": a person
    if article := _ARTICLE_BEFORE.search(text[:start]):
        start = article.start()
    if word == "somewhere" and (at := _AT_BEFORE.search(text[:start])):
        start = at.start()
    after = text[end:]
    if word == "something" and (who := _WHO_AFTER.match(after)):
        word, after = "someone", " " + after[who.end() :]
    elif word == "someone" and (who := _WHO_AFTER.match(after)):
        after = " " + after[who.end() :]
    opening = not text[:start].strip() or text[:start].rstrip()[-1] in ".!?"
    return text[:start] + (word.capitalize() if opening else word) + after


def name_inside(name: str) -> str:
    """A name (a Danger's, an NPC's) as it reads inside a sentence: its own capitals kept, its
    article lowered: "Down went the Brass Widow", never "Down went The Brass Widow"."""
    article, _, rest = name.strip().partition(" ")
    return f"{article.lower()} {rest}" if rest and article in ("The", "A", "An") else name.strip()


# Words whose closing period is their own ("Baker St.", "Dr."): a phrase ending in one keeps it.
ABBREVIATIONS = frozenset((
    "st.", "mr.", "mrs.", "ms.", "dr.", "jr.", "sr.", "co.", "ltd.", "inc.", "etc.", "vs.",
    "ave.", "rd.", "mt.", "ft.", "bros.", "esq.", "capt.", "col.", "gen.", "lt.", "sgt.", "prof.",
))  # fmt: skip
# "a.m.", "p.m.", "U.S.", "e.g.": letters each with its period.
_DOTTED = re.compile(r"(?:\w\.){2,}$")


def ends_in_abbreviation(text: str) -> bool:
    """Whether ``text``'s closing period belongs to its last word ("2 a.m.", "Baker St.",
    "Agent J."), not a stop that ends a sentence."""
    last = text.split()[-1] if text.split() else ""
    if not last.endswith(".") or last.endswith(".."):
        return False
    return bool(
        _DOTTED.search(last)
        or last.lower() in ABBREVIATIONS
        or (len(last) == 2 and last[0].isupper())
    )


def phrase(text: str) -> str:
    """The Director's words as a phrase inside a sentence: one line, its closing stop dropped
    ("The docks." → "The docks"), but never a period an abbreviation owns ("2 a.m.")."""
    text = " ".join(text.split())
    if text.endswith(".") and not text.endswith("..") and not ends_in_abbreviation(text):
        return text[:-1]
    return text


def stop(text: str) -> str:
    """``text`` ending in a stop, unless it ends in one of its own ("Jump!", "…”")."""
    return text if text[-1:] in tuple(".!?…\"”'’)") else f"{text}."


def open_gambles_words(names: list[str]) -> str:
    """What the Director is told of the heroes whose Gambles are still open as they mean to end
    the Scene: on the refusal, and on every drawing of the cockpit while a warned one is open."""
    one = len(names) == 1
    return (
        f"{', '.join(names)} still {'has' if one else 'have'} a Gamble open: "
        f"{'its player is' if one else 'their players are'} told so, and may still spend "
        "a Lucky Save. Wait for them to lock in, or end the Scene anyway, locking "
        f"{'it' if one else 'them'} in as {'it stands' if one else 'they stand'}."
    )


def helping(names: Iterable[str]) -> str:
    """Who helps a hero's Gamble, each adding 1d6 (the SRD's "Helping Out"), as the TV says it:
    "Sam Okafor helps", "Sam and Cleo help", "Sam, Cleo and Ada help"; "" for nobody."""
    names = [name for name in names if name]
    if not names:
        return ""
    if len(names) == 1:
        return f"{names[0]} helps"
    return f"{', '.join(names[:-1])} and {names[-1]} help"
