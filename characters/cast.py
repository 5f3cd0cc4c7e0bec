"""Who a character's fellow Cast members are.

A Cast belongs to an Adventure, which lives in the ``sessions`` app; this app must not import
it. So ``sessions`` tells us how to find a character's fellows when it starts up, and until it
does (or for a character in no Cast) there are none.
"""

from collections.abc import Callable

from django.db.models import QuerySet

from characters.models import Character

FellowsFinder = Callable[[Character], QuerySet[Character]]
_finder: FellowsFinder | None = None


def register_fellows_finder(finder: FellowsFinder) -> None:
    global _finder
    _finder = finder


def fellows_of(character: Character) -> QuerySet[Character]:
    """Characters sharing an unfinished Adventure's Cast with ``character`` (not itself)."""
    if _finder is None:
        return Character.objects.none()
    return _finder(character).exclude(pk=character.pk)


# Whether a knocked-out hero fell during the Tumult on now at their table (then they are out
# until it ends), told by ``sessions`` as the fellows are.
TumultKnockoutFinder = Callable[[Character], bool]
_in_tumult: TumultKnockoutFinder | None = None


def register_tumult_knockout_finder(finder: TumultKnockoutFinder) -> None:
    global _in_tumult
    _in_tumult = finder


def knocked_out_in_tumult(character: Character) -> bool:
    """Whether ``character``'s Knockout was taken during the Tumult still on at their table
    (asked only of a hero who is out)."""
    return character.incapacitated and _in_tumult is not None and _in_tumult(character)
