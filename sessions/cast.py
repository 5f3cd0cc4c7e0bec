from django.db.models import QuerySet

from characters.models import Character
from sessions.models import Adventure, Tumult


def fellows_in_cast(character: Character) -> QuerySet[Character]:
    """Characters in the same active Cast as ``character``."""
    adventures = Adventure.objects.filter(cast__character=character, cast__active=True)
    return Character.objects.filter(
        cast_memberships__adventure__in=adventures, cast_memberships__active=True
    )


def knocked_out_in_tumult(character: Character) -> bool:
    """Whether ``character`` was knocked out during the Tumult on now in their Cast's
    Adventure (the Tumult remembers who: `Tumult.knocked_out`)."""
    tumults = Tumult.objects.filter(
        active=True, adventure__cast__character=character, adventure__cast__active=True
    )
    return any(character.pk in tumult.knocked_out for tumult in tumults)
