"""How a Leg is named on every screen: "Leg 1: The Monsoon Heist", whatever "Leg 1" the
Director typed into its title already. Plain Python, no Django."""

import re

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


def typed_leg_title(title: str) -> str:
    """A Leg's title as the Director typed it, without a leading "Leg 2" / "Leg 2:", whatever
    its number: every screen writes the Leg's number itself, so "Leg 2: The Docks" is kept as
    "The Docks" (a fresh-eyes evening: "Leg 2: Leg 2: The Docks"). A number word counts only
    before a stop or the end ("Leg one of the trip" is words). Empty if nothing else is said."""
    found = _LEG_PREFIX.match(title)
    if found is not None:
        said, rest = found.group(1).lower(), title[found.end(1) :].lstrip()
        if said.isdigit() or (said in _NUMBER_WORDS and rest[:1] in ("", *":.,;–—-")):
            return title[found.end() :].strip()
    return title.strip()


def leg_name(number: int | None, title: str) -> str:
    """How every screen names a Leg: "Leg 1: The Monsoon Heist", or "Leg 1" when its title
    says no more than that."""
    if number is None:
        return title.strip() or "A Leg"
    own = leg_title(number, title)
    return f"Leg {number}: {own}" if own else f"Leg {number}"
