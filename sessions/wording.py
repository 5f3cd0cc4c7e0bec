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

_WORD = re.compile(r"[^\W\d_][\w'’-]*")
_POSSESSIVE = ("'s", "’s")
# Words that start a name when a capital follows ("Baron Vex", "Doctor Ng"), whatever follows.
_TITLES = frozenset(
    """mr mrs ms miss dr doctor professor sir lady lord baron baroness count
    countess duke duchess king queen prince princess captain colonel general major sergeant
    inspector detective agent madame monsieur father mother sister brother uncle aunt old
    saint st""".split()  # noqa: SIM905
)
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
    known = {w for name in names for w in _WORD.findall(name) if w[:1].isupper()}
    if bare in known:
        return True  # a name the app knows, or a word of one ("Vex" of "Baron Vex")
    if bare != first:
        return True  # a possessive: "Anvil's hammer", "Vex's coat"
    # A capital next: a name of several words ("Baron Vex", "The Hague", "Old Tom"), unless
    # that next word is a name known alone ("Follow Vex", "A Vex agent").
    following = words[1].strip('"“”,.;:!?()') if len(words) > 1 else ""
    following = following.removesuffix(_POSSESSIVE[0]).removesuffix(_POSSESSIVE[1])
    titled = first.rstrip(".").lower() in _TITLES
    return following[:1].isupper() and (titled or following not in known)


# A player's own words ("Search my satchel") told of their hero ("search their satchel").
_FIRST_PERSON = {
    "i": "they",
    "i'm": "they're",
    "i’m": "they’re",
    "i'd": "they'd",
    "i’d": "they’d",
    "i'll": "they'll",
    "i’ll": "they’ll",
    "i've": "they've",
    "i’ve": "they’ve",
    "me": "them",
    "my": "their",
    "mine": "theirs",
    "myself": "themselves",
    "we": "they",
    "us": "them",
    "our": "their",
    "ours": "theirs",
    "ourselves": "themselves",
}
_PERSON = re.compile(
    r"(?<![\w'’])("
    + "|".join(sorted(map(re.escape, _FIRST_PERSON), key=len, reverse=True))
    + r")(?![\w'’])",
    re.IGNORECASE,
)


def third_person(text: str) -> str:
    """A player's words about themselves ("Search my satchel", "get us out") as the story tells
    them of their hero: "search their satchel", "get them out". Words in quotes stay as said."""
    parts = re.split(r"(“[^”]*”|\"[^\"]*\")", text)
    for n in range(0, len(parts), 2):  # outside the quotes
        parts[n] = _PERSON.sub(_their, parts[n])
    return "".join(parts)


def _their(match: re.Match) -> str:
    said = match.group(0)
    told = _FIRST_PERSON[said.lower()]
    # "My notes" → "Their notes"; an "I" is mid-sentence in the story ("make sure they run").
    return told.capitalize() if said[:1].isupper() and said[:1] != "I" else told


# "Leg 1", "Leg one", "LEG 1:", "Leg 1 -", "Leg 1." at the start of a title the Director typed.
_LEG_PREFIX = re.compile(r"\s*leg\s+(\w+)\b\s*(?:[:.,;–—-]+\s*)?", re.IGNORECASE)
_NUMBER_WORDS = "zero one two three four five six seven eight nine ten eleven twelve".split()  # noqa: SIM905


def leg_title(number: int | None, title: str) -> str:
    """A Leg's own title, without the "Leg 1" / "Leg 1:" / "Leg 1 -" it may carry already:
    the app writes the number itself ("Leg 1: The Monsoon Heist", never "Leg 1: Leg 1: …").
    A different number ("Leg 2" titled "Leg 1: Redux") is the Director's words, kept."""
    found = _LEG_PREFIX.match(title)
    if found is None or number is None:
        return title.strip()
    said = found.group(1).lower()
    if said != str(number) and not (number < len(_NUMBER_WORDS) and said == _NUMBER_WORDS[number]):
        return title.strip()
    return title[found.end() :].strip()


def leg_name(number: int | None, title: str) -> str:
    """How every screen names a Leg: "Leg 1: The Monsoon Heist", or "Leg 1" when its title
    says no more than that."""
    if number is None:
        return title.strip() or "A Leg"
    own = leg_title(number, title)
    return f"Leg {number}: {own}" if own else f"Leg {number}"
