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
