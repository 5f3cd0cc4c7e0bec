"""Heroes named in full once a recap, then as the table calls them: "Professor Augusta
Wren" first, "Augusta" after (a fresh-eyes recap: "Sam 'Anvil' Okafor-Whitlock" fifteen
times a Leg)."""

import re
from collections.abc import Iterable

from sessions import lexicon as L
from sessions.lexicon import TITLES

# Titles a hero's name may start with, beyond the everyday ones (`lexicon.TITLES`).
_RANKS = TITLES | frozenset((
    "lieutenant", "lt", "commander", "admiral", "corporal", "private", "reverend", "rev",
    "dame", "professor", "prof",
))  # fmt: skip
# Words never a short name alone ("Dr. Who" stays whole).
_COMMON = L.QUESTION_WORDS | L.RELATIVE | L.SUBJECTS | L.DETERMINERS | L.NOT_A_TASK
# A nickname inside a name: "Sam 'Anvil' Okafor", "Kit “the Knife” Marlowe".
_NICKNAME = re.compile(r"""(['"‘“])[^'"‘’“”]+['"’”]""")


def short_name(name: str) -> str:
    """``name`` as the table calls the hero: their first name, without a title or a nickname
    ("Professor Augusta Wren" → "Augusta", "Sam 'Anvil' Okafor-Whitlock" → "Sam")."""
    words = _NICKNAME.sub(" ", name).split()
    while len(words) > 1 and words[0].rstrip(".").lower() in _RANKS:
        words = words[1:]
    return words[0] if words else name


def shortened(text: str, cast: Iterable[str], others: Iterable[str] = ()) -> str:
    """``text`` with each hero of ``cast`` named in full the first time and by their short
    name after, where that name is theirs alone (no other hero's, nor a word of ``others``:
    the story's NPCs and Dangers). Quoted words stay as typed."""
    cast = [c for c in dict.fromkeys(cast) if c]
    shorts = {hero: short_name(hero) for hero in cast}
    taken = [w for name in (*cast, *others) for w in _NICKNAME.sub(" ", name).split()]
    told = {
        hero: short
        for hero, short in shorts.items()
        if short != hero
        and list(shorts.values()).count(short) == 1
        and taken.count(short) == 1
        and short.lower() not in _RANKS | _COMMON
    }
    if not told:
        return text
    full = "|".join(re.escape(h) for h in sorted(told, key=len, reverse=True))
    pattern = re.compile(rf"“[^”]*”|(?<![\w'-])({full})(?![\w-])")
    seen: set[str] = set()

    def named(found: re.Match) -> str:
        hero = found.group(1)
        if hero is None:
            return found.group(0)  # a quote, as typed
        if hero in seen:
            return told[hero]
        seen.add(hero)
        return hero

    return pattern.sub(named, text)
