"""What a (re)connecting page gets first: what it missed, or a snapshot of the whole page."""

import contextlib
from collections.abc import Iterator
from typing import NamedTuple

from django.db import connection, transaction

from sessions import parts
from sessions.live.drawing import log_row, seen, sse
from sessions.live.listeners import Listener
from sessions.models import Adventure, TableEvent

# More missed events than this and a reconnecting page gets a snapshot instead.
CATCH_UP_LIMIT = 50


@contextlib.contextmanager
def one_moment() -> Iterator[None]:
    """Every read inside sees the database as it was at one moment (a read-only transaction:
    REPEATABLE READ on PostgreSQL, a deferred one on SQLite, which takes no write lock), so
    what a snapshot draws and the id it claims agree. Inside a transaction already (a test's),
    the reads are as consistent as that transaction makes them."""
    connection.ensure_connection()
    sqlite_busy = connection.vendor == "sqlite" and connection.connection.in_transaction
    if connection.in_atomic_block or sqlite_busy:
        yield
    elif connection.vendor == "postgresql":
        with transaction.atomic():
            with connection.cursor() as cursor:
                cursor.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY")
            yield
    else:
        with connection.cursor() as cursor:
            cursor.execute("BEGIN DEFERRED")
        try:
            yield
        finally:
            with connection.cursor() as cursor:
                cursor.execute("COMMIT")


class CatchUp(NamedTuple):
    """What a (re)connecting page gets first: ``text`` to send, the event ``ids`` it covers,
    ``through``: the newest event the page then has (nothing at or before it is sent again),
    and whether it is a ``whole`` snapshot of the page."""

    text: str = ""
    ids: tuple[int, ...] = ()
    through: int = 0
    whole: bool = False


def catch_up(listener: Listener, after: int | None) -> CatchUp:
    """What a (re)connecting page missed since event ``after``: the changed parts and the log
    rows, or a snapshot of the whole page when the gap is large or ``after`` isn't an event of
    this table the server can take up from (none given, ahead of the table, another table's,
    or gone with a restore; 0 is every table's start)."""
    with one_moment():
        adventure = Adventure.objects.filter(pk=listener.adventure_id).first()
        if adventure is None:
            return CatchUp()
        if after is None:
            return snapshot(listener, adventure)
        # One table's events commit in id order (`actions.base.record`): nothing before
        # ``after`` can still be on its way. ``after`` itself comes first, if it is ours; 0 is
        # the start of every table (a page that loaded an empty log).
        events = list(
            TableEvent.objects.filter(pk__gte=after, adventure=adventure)
            .select_related("character")
            .order_by("pk")[: CATCH_UP_LIMIT + 2]
        )
        if after:
            if not events or events[0].pk != after:
                return snapshot(listener, adventure)
            events = events[1:]
        if len(events) > CATCH_UP_LIMIT:
            return snapshot(listener, adventure)
        if not events:
            return CatchUp(through=after)
        viewer = listener.viewer(adventure, max(event.pk for event in events))
        text = "".join(log_row(event) for event in events)
        text += "".join(sse(*drawing) for drawing in parts.drawn(viewer, parts.change(events)))
        ids = tuple(event.pk for event in events)
        return CatchUp(text + seen(max(ids)), ids, max(ids))


def snapshot(listener: Listener, adventure: Adventure) -> CatchUp:
    """Every part the viewer sees, the log included, as it is now (read in `one_moment`: the
    id it claims is the newest event it drew)."""
    with one_moment():
        latest = TableEvent.objects.filter(adventure=adventure).order_by("-pk")
        latest = latest.values_list("pk", flat=True).first() or 0
        viewer = listener.viewer(adventure, latest)
        text = "".join(sse(*drawing) for drawing in parts.drawn(viewer, parts.EVERY_PART))
    ids = (latest,) if latest else ()
    return CatchUp(text + (seen(latest) if latest else ""), ids, latest, whole=True)
