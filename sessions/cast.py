from django.db.models import QuerySet

from characters.models import Character
from sessions.models import Adventure


def fellows_in_cast(character: Character) -> QuerySet[Character]:
    """Characters in the same active Cast as ``character``."""
    adventures = Adventure.objects.filter(cast__character=character, cast__active=True)
    return Character.objects.filter(
        cast_memberships__adventure__in=adventures, cast_memberships__active=True
    )
