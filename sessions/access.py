"""Who may see what. Anything a user may not see is a 404, never a 403: no hint it exists."""

from django.db.models import Q, QuerySet
from django.http import Http404, HttpRequest
from django.shortcuts import get_object_or_404

from sessions.models import Adventure


def directed_adventure(request: HttpRequest, pk: int) -> Adventure:
    """An Adventure the user directs (secrets and all), or 404."""
    return get_object_or_404(Adventure, pk=pk, director=request.user)


def visible_adventures(user) -> QuerySet[Adventure]:
    """Adventures the user directs or plays in with one of their characters."""
    return Adventure.objects.filter(Q(director=user) | Q(cast__character__owner=user)).distinct()


def joined_adventure(request: HttpRequest, pk: int) -> tuple[Adventure, bool]:
    """An Adventure the user directs or has a character in, and whether they direct it."""
    adventure = get_object_or_404(Adventure.objects.select_related("director"), pk=pk)
    if adventure.director_id == request.user.pk:
        return adventure, True
    if adventure.cast.filter(character__owner=request.user).exists():
        return adventure, False
    raise Http404("No such adventure")
