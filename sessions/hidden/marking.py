"""Marking the secrets found in a line for the Director, and the line as their choices post it
(a secret left out is swapped for a plain word: "something", "somewhere")."""

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from sessions.hidden.finding import Hidden, find
from sessions.models import Adventure
from sessions.wording.director import left_out


def without(text: str, found: Iterable[Hidden], keys: Iterable[str]) -> str:
    """``text`` with the things ``keys`` name swapped for a plain word ("something")."""
    keys = set(keys)
    spans = sorted(
        ((start, end, h.stand_in) for h in found if h.key in keys for start, end in h.spans),
        reverse=True,
    )
    for start, end, word in spans:  # from the end: the spans before stay where they are
        text = left_out(text, start, end, word)
    return re.sub(r"[ \t]{2,}", " ", text).strip()


# A possessive after a name ("Voss's"): marked with it, kept in the line when it is left out.
_POSSESSIVE = re.compile(r"['’]s(?!\w)", re.IGNORECASE)


def marked(text: str, found: Iterable[Hidden]) -> list[tuple[str, Hidden | None]]:
    """``text`` in pieces for drawing: each piece with the secret it is, or None; a name's
    possessive goes in its piece ("Voss's"), never half-hidden by the mark's edge."""
    spans = sorted((start, end, h) for h in found for start, end in h.spans)
    pieces, at = [], 0
    for start, end, hidden in spans:
        if owned := _POSSESSIVE.match(text, end):
            end = owned.end()
        if start > at:
            pieces.append((text[at:start], None))
        pieces.append((text[start:end], hidden))
        at = end
    if at < len(text):
        pieces.append((text[at:], None))
    return pieces


def shown(text: str, found: list[Hidden], choices: Mapping[str, str] | None = None) -> dict:
    """What the Director is shown of a line before it goes: its pieces marked, each secret
    with the choice made for it ("out" until another is picked), and ``reads``: the line
    exactly as those choices would post it, what every screen's log would read."""
    chosen = {h.key: (choices or {}).get(h.key, "out") for h in found}
    out = [key for key, choice in chosen.items() if choice == "out"]
    return {
        "pieces": marked(text, found),
        "found": found,
        "choices": [(h, chosen[h.key]) for h in found],
        "reads": without(text, found, out),
    }


@dataclass
class Settled:
    """A line as it will be posted, with the Dangers to reveal as it goes; or, while
    ``open`` holds anything, a line that must be shown to the Director again."""

    line: str
    reveal: tuple[int, ...]
    open: list[Hidden]
    found: list[Hidden]


def settle(
    adventure: Adventure, text: str, choices: Mapping[str, str], *, skip: Iterable[str] = ()
) -> Settled:
    """Apply the Director's choices (key → "reveal", "say" or "out") to ``text``, then check the
    line that results again: whatever it still names without a fitting choice stays open."""
    skip = tuple(skip)
    found = find(adventure, text, skip=skip)
    line = without(text, found, [h.key for h in found if choices.get(h.key) == "out"])
    again = find(adventure, line, skip=skip) if line != text else found
    still = [h for h in again if choices.get(h.key) not in h.choices or choices[h.key] == "out"]
    reveal = tuple(
        pk for h in again if h not in still and choices[h.key] == "reveal" for pk in h.danger_ids
    )
    return Settled(line, reveal, still, found)
