"""What typed words are, for a sentence (`read`), and how they read inside one
(`mid_sentence`, `stop`): the rules every sentence of `sessions.wording` stands on."""

import re
from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum

from sessions import lexicon as L
from sessions.grammar import TITLES, a_clause, a_question, a_task, a_title, an_order, known_words
from sessions.retold import named
from sessions.telling import third_person, told_of

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
    names = list(names)
    known = known_words(names)
    if bare in known and not _everyday(bare, words, names):
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


def _everyday(word: str, words: list[str], names: list[str]) -> bool:
    """Whether ``word``, a word of a name the app knows, is an everyday word typed with a
    capital: "Jade dust on the rail" beside "the Seventh Jade Planet" (a fresh-eyes review:
    "sees Jade dust" on the TV), never a name of its own ("Jade", "Brass" a hero's name) nor
    the start of the name typed in full ("Jade Planet")."""
    following = words[1] if len(words) > 1 else ""
    return (
        word.lower() in L.EVERYDAY
        and not following[:1].isupper()
        and all(word != " ".join(name.split()[-1:]) and word != name.strip() for name in names)
    )


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
    QUESTION = "question"  # "where did the thief go": quoted as a question, never after "at"


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
    pronouns: str | None = None,
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
    if a_question(words):
        return Typed(Kind.QUESTION, asked(typed), asked(typed))
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


def asked(text: str) -> str:
    """A question as a question: its capital, its "?" ("where did the thief go" → "Where did
    the thief go?"), whatever stops it was typed with ("Is it a trap?." → "Is it a trap?")."""
    bare = text.rstrip(" .!?…")
    if bare[-1:] in tuple("\"”')") and bare[:-1].rstrip().endswith("?"):
        return f"{bare[:1].upper()}{bare[1:]}"  # “Is it a trap?” typed in quotes
    return f"{bare[:1].upper()}{bare[1:]}?" if bare else text


def stop(text: str) -> str:
    """``text`` ending in a stop, unless it ends in one of its own ("Jump!", "…”")."""
    return text if text[-1:] in tuple(".!?…\"”'’)") else f"{text}."
