"""Typed words that name others, retold so every name reads as one.

A player may type a one-word name in lowercase ("pillai keeps glancing at the door"): it is
written as the Director wrote it ("Pillai"), so it reads as a name and keeps its capital. Any
other words keep the player's own letters. A player may
type their own part beside another hero's ("Ada bluffs the guard while I sneak round"): the
"I" is told of their hero, never quoted as if nobody had said it.
"""

import re
from collections.abc import Iterable

from sessions.grammar import NOT_A_TASK
from sessions.telling import told_of

# Words that start a name without being the name a player would type alone ("Baron Vex").
_NOT_ALONE = frozenset("the a an old young mr mrs ms dr doctor sir lady lord baron".split())  # noqa: SIM905


def named(text: str, names: Iterable[str]) -> str:
    """``text`` with a known one-word name typed all in lowercase written as the Director wrote
    it: "pillai keeps glancing" → "Pillai keeps glancing". Everything else keeps the player's
    own letters: a word of a longer name may be a plain word ("a brass footprint", never "a
    Brass footprint" for the Danger "Brass Automaton"), and a longer name typed in lowercase
    ("the brass automaton") may be the player's common noun as much as the name."""
    spelled: dict[str, str] = {}
    for name in names:
        name = " ".join(str(name).split())
        if name[:1].isupper() and len(name.split()) == 1 and name.casefold() not in _NOT_ALONE:
            spelled.setdefault(name.casefold(), name)
    for key in sorted(spelled, key=len, reverse=True):
        pattern = r"(?<![\w'’-])" + re.escape(key) + r"(?![\w-])"
        text = re.sub(
            pattern, lambda m, key=key: _as_written(m.group(0), spelled[key]), text, flags=re.I
        )
    return text


def _as_written(typed: str, name: str) -> str:
    """The name as the Director wrote it where the player typed it all in lowercase; the
    player's own letters otherwise ("PILLAI" is shouted, kept)."""
    return name if typed.islower() else typed


# A player's own part, joined to another's: "… while I sneak round", "… and I grab the keys".
_AFTER = ("while", "whilst", "as")  # told first: "Zoe sneaks round while Ada bluffs the guard"
_BESIDE = ("and", "then", "so")  # told in its place: "Ada bluffs and Zoe grabs the keys"
_ME = {"me": "{}", "my": "{}'s", "mine": "{}'s", "myself": "{}", "i": "{}", "i'm": "{}'s"}
_ME |= {"i've": "{}'s", "i'll": "{}'ll", "i'd": "{}'d"}
_ME_WORDS = re.compile(
    r"(?<![\w'’])(I(?:['’](?:m|ve|ll|d))?|me|my|mine|myself)(?![\w'’])", re.IGNORECASE
)


def own_part(hero: str, text: str, pronouns: str | None = None) -> str | None:
    """Words that tell another's deed and then the player's own with "I" ("Ada bluffs the
    guard while I sneak round"), as one sentence of the hero: "Zoe Sparks sneaks round while
    Ada bluffs the guard"; None when there is no "I" joined that way."""
    words = text.split()
    for k in range(2, len(words)):
        subject = words[k].strip(",;").replace("’", "'").partition("'")[0]
        joining = words[k - 1].strip(",;").lower()
        if subject != "I" or joining not in _AFTER + _BESIDE:
            continue
        mine = told_of(hero, words[k:], pronouns)
        if mine is None:
            return None
        theirs = with_name(hero, " ".join(words[: k - 1]).rstrip(","))
        if joining in _AFTER:
            if words[0].lower() in NOT_A_TASK:  # "The guard dozes" mid-sentence: "the guard"
                theirs = theirs[:1].lower() + theirs[1:]
            return f"{mine} {joining} {theirs}"
        return f"{theirs} {joining} {mine}"
    return None


def with_name(hero: str, text: str) -> str:
    """``text`` with the player's "I", "me" and "my" told as their hero's first name, for
    words quoted in a sentence about the hero: “Ada covers me” → “Ada covers Zoe”."""
    first = hero.split()[0] if hero.split() else "them"
    return _ME_WORDS.sub(_named_for(first), text)


def _named_for(first: str):
    def told(match: re.Match) -> str:
        said = match.group(1)
        if said[:1] == "i":
            return said  # a lowercase "i" is not the player's "I" for sure
        return _ME[said.lower().replace("’", "'")].format(first)

    return told
