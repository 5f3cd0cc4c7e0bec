"""A viewer made for a request (the seat of the user asking) or for an event's drawings
(no seat: the parts each audience gets are drawn from its reads)."""

from characters import initials
from sessions.access import Seat, table_seat
from sessions.models import (
    Adventure,
    TableEvent,
    reads,
    table_now_joined,
)
from sessions.viewer.looking import Viewer


def event_table(event: TableEvent) -> Viewer:
    """A viewer of the event's table with no seat, for the drawings of the event to share
    their reads: from what the action that wrote it handed over (`Written`), else read."""
    written = getattr(event, "written", None)
    if written is None:
        # Read back (drawn by another process, say): still the event being drawn, with
        # nothing handed over (`Viewer.written` is None).
        adventure = Adventure.objects.get(pk=event.adventure_id)
        moment = (event.pk, adventure.updated)
        return Viewer(adventure, user_id=None, drawing=event, moment=moment)
    moment = (event.pk, written.adventure.updated)
    viewer = Viewer(written.adventure, user_id=None, drawing=event, moment=moment)
    if written.adventure.tumult_id is None:  # absent, as read under the lock: no need to ask
        viewer.tumult = None
    if written.adventure.group_id is None:
        viewer.group = None
    return viewer


def seated_viewer(adventure_id: int, user_id: int | None) -> Viewer | None:
    """The user at this Adventure's table, or None if they have no seat there.

    One query reads the Adventure, everyone who ever joined its Cast with their open Gambles
    and how many Gambles they made, and the table's Tumult and Group Gamble (two for a table
    nobody has joined yet), so a table action spends its queries on the action. Joins, not
    subqueries (the seat check runs on every table request: Django compiled each subquery on
    its own, and they cost more than the read): the open Gamble, the Tumult and the Group
    Gamble are one row at most, the Gambles made a count.
    """
    members = reads.seats(adventure_id)
    if members:
        adventure, state = members[0].adventure, members[0]
    else:
        state = (
            Adventure.objects.select_related("director")
            .annotate(**table_now_joined(""))
            .filter(pk=adventure_id)
            .first()
        )
        adventure = state
    if adventure is None:
        return None
    has_hero = any(m.character.owner_id == user_id for m in members)
    seat = table_seat(user_id, adventure, has_hero=has_hero)
    if seat is None:
        return None
    viewer = Viewer(adventure, user_id, seat == Seat.DIRECTOR)
    cast, open_gambles = {}, {}
    for member in members:
        # Set only where there is one (Django's select_related of a filtered relation).
        gamble = getattr(member, "now_open_gamble", None)
        if gamble is not None:
            gamble.character = member.character
            open_gambles[gamble.character_id] = gamble
        if adventure.still_plays(member):
            hero = member.character
            hero.open_gamble_id = member.open_gamble_id
            cast.setdefault(hero.pk, hero)
    viewer.cast = initials.tell_apart(cast.values())
    viewer.open_gambles = open_gambles  # every open Gamble at the table is a Cast member's
    # Absent, as just read: the cached lookups need not ask.
    if state.tumult_id is None:
        viewer.tumult = None
    if state.group_id is None:
        viewer.group = None
    return viewer
