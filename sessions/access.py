"""Who may see what. Anything a user may not see is a 404, never a 403: no hint it exists.

The table's views and its event streams ask the same question, `table_seat`.
"""

from enum import StrEnum

from django.db.models import Exists, OuterRef, Q, QuerySet, Value
from django.http import Http404, HttpRequest
from django.shortcuts import get_object_or_404

from sessions.models import Adventure, CastMember


class Seat(StrEnum):
    DIRECTOR = "director"
    PLAYER = "player"


def table_seat(
    user_id: int | None, adventure: Adventure, *, has_hero: bool | None = None
) -> Seat | None:
    """Where the user sits at this Adventure's table: its Director, a player with a hero in
    its Cast (now, or when it was played), or nowhere. ``has_hero``: whether they have such a
    hero, when the caller already read it (`seated_in_cast`)."""
    if user_id is None:
        return None
    if adventure.director_id == user_id:
        return Seat.DIRECTOR
    if has_hero is None:
        has_hero = CastMember.objects.filter(
            adventure=adventure, character__owner_id=user_id
        ).exists()
    return Seat.PLAYER if has_hero else None


def seated_in_cast(user_id: int | None, adventure: OuterRef | int) -> Exists | Value:
    """Whether the user has a hero in the Adventure's Cast, now or when it was played, as an
    expression for a query that reads the Adventure anyway (`table_seat`'s ``has_hero``)."""
    if user_id is None:
        return Value(False)
    heroes = CastMember.objects.filter(adventure=adventure, character__owner_id=user_id)
    return Exists(heroes)


def screen_adventure(token: str) -> Adventure | None:
    """The Adventure a shared-screen link shows, or None once the Director switched it off."""
    return Adventure.objects.filter(screen_token=token).first()


def directed_adventure(request: HttpRequest, pk: int) -> Adventure:
    """An Adventure the user directs (secrets and all), or 404."""
    return get_object_or_404(Adventure, pk=pk, director=request.user)


def visible_adventures(user) -> QuerySet[Adventure]:
    """Adventures the user directs or plays in with one of their characters."""
    return Adventure.objects.filter(Q(director=user) | Q(cast__character__owner=user)).distinct()


def joined_adventure(request: HttpRequest, pk: int) -> tuple[Adventure, bool]:
    """An Adventure the user directs or has a character in, and whether they direct it."""
    adventure = get_object_or_404(Adventure.objects.select_related("director", "campaign"), pk=pk)
    seat = table_seat(request.user.pk, adventure)
    if seat is None:
        raise Http404("No such adventure")
    return adventure, seat == Seat.DIRECTOR
