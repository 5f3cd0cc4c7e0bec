"""A Wide Shot in words (SRD: Wide Shot): what a hero adds to it, as one sentence that starts
with the hero and a verb, and the detail's own words to quote."""

import re
from collections.abc import Iterable

from sessions import lexicon as L
from sessions.grammar import NOT_A_TASK, quote
from sessions.wording.typed import Kind, mid_sentence, read


def sight(hero: str, detail: str, names: Iterable[str] = (), pronouns: str | None = None) -> str:
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


def sight_said(
    hero: str, detail: str, names: Iterable[str] = (), pronouns: str | None = None
) -> str:
    """A detail as every screen's Wide Shot shows it (and the log tells it): the hero's
    sentence (`sight`) ending in one stop (`one_stop`): "Ada sees a brass key." whether typed
    "a brass key", "a brass key." or "a brass key.." (a fresh-eyes review: the board's details
    ended unevenly)."""
    return one_stop(sight(hero, detail, names, pronouns))


# What ends a sentence: its stops, with the spaces between them ("key. ." typed in haste).
_STOPS = re.compile(r"[.!?…\s]+$")
# What a sentence can't end on: a comma, a semicolon, a colon, left trailing.
_DANGLING = re.compile(r"[\s,;:]+$")
_CLOSERS = "\"”'’)]"


def one_stop(text: str) -> str:
    """``text`` ending in one stop: as typed where it ends in its own ("!", "?", an ellipsis,
    a quotation closed after its stop: “…lying?”), a full stop added where it ends in none,
    never doubled (".." and ". ." read "."; "!." reads "!"); a comma, semicolon or colon left
    at its end dropped first."""
    text = _DANGLING.sub("", text.rstrip())
    if not text:
        return ""
    ending = _STOPS.search(text)
    if ending:
        stops = "".join(ending.group().split())
        text = text[: ending.start()]
        if "…" in stops or (len(stops) >= 3 and set(stops) == {"."}):
            return text + ("…" if "…" in stops else "...")
        loud = "".join(c for c in stops if c in "!?")
        return text + (loud or ".")
    # A quotation or an aside closed after its own stop ends the sentence: “…lying?”
    bare = text.rstrip(_CLOSERS)
    if bare != text and bare[-1:] in tuple(".!?…"):
        return text
    return f"{text}."


# "that crowbar", "those footprints": after "sees" the word reads as "sees that …", a clause.
_DEMONSTRATIVE = re.compile(r"(?:that|this|these|those)\b", re.IGNORECASE)


def sight_words(
    hero: str, detail: str, names: Iterable[str] = (), pronouns: str | None = None
) -> str:
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
