"""The Director's words inside the app's sentences (SRD: The Director): a phrase of theirs
with its closing stop dropped (never an abbreviation's), a name of theirs (a Danger's, an
NPC's) with its article lowered, and a name left out of a line they tell the table."""

import re

from sessions.grammar import TITLES

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
