"""A player's heroes: making one (`creation`), the sheet and what is kept on it (`sheet`), and
taking a hero from one site to another (`portable`)."""

from django.db.models import Prefetch
from django.http import HttpRequest
from django.shortcuts import get_object_or_404

from characters.models import Character, Relationship


def own_character(request: HttpRequest, pk: int, *, sheet: bool = False) -> Character:
    """The user's own character, or 404: nobody learns whether another's exists. With
    ``sheet``, read with what the sheet shows of it."""
    characters = Character.objects.all()
    if sheet:
        characters = characters.prefetch_related(
            "knacks",
            "equipment",
            Prefetch("relationships", queryset=Relationship.objects.select_related("other")),
        )
    return get_object_or_404(characters, pk=pk, owner=request.user)
