"""The event streams: the table, drawn on the server, pushed to every screen.

Each table page and shared screen holds one Server-Sent Events stream. When a table event
commits (`sessions.channel` wakes the streams of its Adventure), the parts of the page it
changed (from the parts registry) are drawn once per audience and sent down every stream of
that audience, where htmx swaps them in:

- *everyone*: the log row and the public parts, one drawing for every page and screen;
- *the screen*, *one player*, *the Director*: that viewer's own variants (a player's Gamble
  panels, the Director's panel with its secrets). A stream only ever gets the drawings of its
  own viewer, so secrets never travel down a player's or the screen's stream.

Drawings are shared by every stream of the process that needs them (`Drawings`). On connect
(and every reconnect) a stream first sends what the page missed: the parts changed by the
events after the last one it saw, or a snapshot of every part when the gap is large or
unknown. Drawing takes a few pooled threads with their own database connections; the streams
themselves only wait and write, and never hold a connection.
"""

import asyncio
import contextlib
import json
import logging
from collections import OrderedDict, defaultdict
from collections.abc import AsyncIterator, Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from importlib import import_module
from types import SimpleNamespace
from typing import NamedTuple

from django.conf import settings
from django.contrib.auth import get_user
from django.db import Error as DatabaseError
from django.db import connection, transaction
from django.template.loader import render_to_string

from sessions import parts
from sessions.access import Seat, screen_adventure, table_seat
from sessions.channel import Wake, channel, handed
from sessions.models import Adventure, TableEvent
from sessions.viewer import Viewer, event_table

log = logging.getLogger(__name__)

HEARTBEAT_SECONDS = 15
# More missed events than this and a reconnecting page gets a snapshot instead.
CATCH_UP_LIMIT = 50
# Ids a stream remembers having sent, so that a wake-up and a catch-up never send one twice.
LOOK_BACK = 50


# Who holds a stream ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Listener:
    """The viewer at the other end of a stream, and how to ask again whether they still may
    be there."""

    adventure_id: int
    user_id: int | None = None  # None: the shared screen
    directs: bool = False
    still_seated: Callable[[], bool] = field(default=lambda: True, compare=False)

    @property
    def screen(self) -> bool:
        return self.user_id is None

    @property
    def audience(self) -> str:
        if self.screen:
            return "screen"
        return "director" if self.directs else f"player-{self.user_id}"

    def viewer(self, adventure: Adventure) -> Viewer:
        return Viewer(adventure, self.user_id, self.directs, self.screen)


def table_listener(session_key: str | None, adventure_id: int) -> Listener | None:
    """The logged-in user of a session, if they have a seat at this table (runs in a drawer)."""

    def seat() -> tuple[int | None, Seat | None]:
        if not session_key:
            return None, None
        engine = import_module(settings.SESSION_ENGINE)
        user = get_user(SimpleNamespace(session=engine.SessionStore(session_key)))
        adventure = Adventure.objects.filter(pk=adventure_id).first()
        return user.pk, adventure and table_seat(user.pk, adventure)

    user_id, first = seat()
    if first is None:
        return None
    return Listener(
        adventure_id, user_id, first == Seat.DIRECTOR, lambda: seat() == (user_id, first)
    )


def screen_listener(token: str) -> Listener | None:
    """The shared screen of a link, while the link is on (runs in a drawer)."""
    adventure = screen_adventure(token)
    if adventure is None:
        return None
    adventure_id = adventure.pk
    return Listener(
        adventure_id, still_seated=lambda: getattr(screen_adventure(token), "pk", 0) == adventure_id
    )


# Drawing --------------------------------------------------------------------------------------

_drawers = ThreadPoolExecutor(max_workers=4, thread_name_prefix="enigma-draw")


def _job(work: Callable, args: tuple):
    try:
        return work(*args)
    except DatabaseError:
        # A connection the database dropped (a restart): try once more on a fresh one.
        connection.close()
        return work(*args)


async def in_drawer(work: Callable, *args):
    """Run database work on one of the drawing threads, which keep their connections."""
    return await asyncio.get_running_loop().run_in_executor(_drawers, _job, work, args)


def sse(name: str, html: str) -> str:
    lines = html.strip().splitlines() or [""]
    return f"event: {name}\n" + "".join(f"data: {line}\n" for line in lines) + "\n"


def seen(event_id: int) -> str:
    """The last message of an event: its id, which a reconnecting page sends back."""
    return f"id: {event_id}\nevent: seen\ndata: {json.dumps({'id': event_id})}\n\n"


def revoked(listener: Listener) -> str:
    text = (
        "This shared screen link has been switched off."
        if listener.screen
        else "You no longer have a seat at this table."
    )
    return sse("revoked", f"<p>{text}</p>")


def log_row(event: TableEvent) -> str:
    """The event's row of the log; an undo also strikes out, where they show, the rows it
    undid (swapped out of band, by their ids)."""
    html = render_to_string("sessions/table/_event.html", {"event": event})
    if event.kind == "undo":
        for undone in TableEvent.objects.filter(pk__in=event.data.get("undid", [])):
            html += render_to_string("sessions/table/_event.html", {"event": undone, "oob": True})
    return sse("log", html)


def _event(event_id: int) -> TableEvent | None:
    """The event, as the action of this process that wrote it handed it over, else read."""
    return handed(event_id) or (
        TableEvent.objects.select_related("character").filter(pk=event_id).first()
    )


def public_drawing(event: TableEvent, table: Viewer) -> str:
    """The log row and the public parts the event changed: the same for every page, drawn by
    ``table`` (a viewer of the table with no seat of its own)."""
    text = log_row(event)
    what = parts.change([event])
    if what.names:
        text += "".join(sse(*drawing) for drawing in parts.drawn(table, what, public=True))
    return text


@dataclass(frozen=True)
class EventDrawing:
    """One event as the streams of a process send it, encoded once for all of them: the public
    drawing first, then (drawn meanwhile, sharing the reads) each audience's own."""

    event: TableEvent
    table: Viewer  # what the drawings read of the table, for the audiences' own to share
    public: bytes
    done: bytes  # the public drawing and the event's id: all that most audiences get

    concerned: dict[str, bool] = field(default_factory=dict)  # by audience, worked out once

    def concerns(self, listener: Listener) -> bool:
        """Whether ``listener`` has a drawing of its own to get for this event."""
        known = self.concerned.get(listener.audience)
        if known is None:
            what = parts.change([self.event])
            known = self.concerned[listener.audience] = any(
                _concerns(parts.PARTS[name], what, self.event, listener) for name in what.names
            )
        return known


def draw_event(event_id: int) -> EventDrawing | None:
    """Draw an event for everybody (the log row and the public parts it changed)."""
    event = _event(event_id)
    if event is None:
        return None
    table = event_table(event)
    public = public_drawing(event, table).encode()
    return EventDrawing(event, table, public, public + seen(event_id).encode())


def draw_own(drawing: EventDrawing, audiences: dict[str, "Listener"]) -> dict[str, bytes]:
    """Each audience's own drawing of an event, with its id after it."""
    end = seen(drawing.event.pk).encode()
    return {
        audience: own_drawing(drawing.event, listener, drawing.table).encode() + end
        for audience, listener in audiences.items()
    }


def own_drawing(event: TableEvent, listener: Listener, table: Viewer) -> str:
    """The parts the event changed that this audience sees its own way (maybe none), drawn
    with what ``table`` (a viewer of the same table) has read already, and adding to it."""
    what = parts.change([event])
    if not any(_concerns(parts.PARTS[name], what, event, listener) for name in what.names):
        return ""
    viewer = table.alike(listener.user_id, listener.directs, listener.screen)
    text = "".join(sse(*drawing) for drawing in parts.drawn(viewer, what, public=False))
    table.share(viewer)
    return text


def _concerns(part: parts.Part, what: parts.Change, event: TableEvent, listener: Listener):
    """Whether ``listener`` has its own drawing of ``part`` to get: not for a public part, a
    part it doesn't show, or one hero's panel when the hero is someone else's."""
    if part.audience == parts.Audience.EVERYONE or not part.seen_by(listener):
        return False
    if part.per_hero and what.heroes is not None:
        return event.character is not None and event.character.owner_id == listener.user_id
    heard = set(event.topics) & part.topics
    if part.owner_topics and event.character is not None and heard <= part.owner_topics:
        return event.character.owner_id == listener.user_id
    return True


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
        viewer = listener.viewer(adventure)
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
        viewer = listener.viewer(adventure)
        text = "".join(sse(*drawing) for drawing in parts.drawn(viewer, parts.EVERY_PART))
    ids = (latest,) if latest else ()
    return CatchUp(text + (seen(latest) if latest else ""), ids, latest, whole=True)


class Drawings:
    """Each drawing made once in this process, however many streams wait for it."""

    def __init__(self, size: int = 2048) -> None:
        self._futures: OrderedDict[tuple, asyncio.Future] = OrderedDict()
        self._drawing: set[asyncio.Task] = set()
        self.size = size

    async def get(self, key: tuple, work: Callable, *args):
        loop = asyncio.get_running_loop()
        future = self._futures.get(key)
        if future is not None and future.done() and future.get_loop() is loop:
            return future.result()  # drawn already: the common case, kept cheap
        if future is None or future.get_loop() is not loop:
            future = loop.create_future()
            self._futures[key] = future
            while len(self._futures) > self.size:
                self._futures.popitem(last=False)
            # Drawn by a task of its own: a stream that hangs up doesn't stop it for the rest.
            task = loop.create_task(self._draw(key, future, work, args))
            self._drawing.add(task)
            task.add_done_callback(self._drawing.discard)
        return await asyncio.shield(future)

    async def _draw(self, key: tuple, future: asyncio.Future, work: Callable, args) -> None:
        try:
            future.set_result(await in_drawer(work, *args))
        except asyncio.CancelledError:
            self._futures.pop(key, None)
            future.cancel()
            raise
        except Exception as error:
            self._futures.pop(key, None)
            future.set_exception(error)


drawings = Drawings()


# Who has a stream open in this process, by Adventure and audience: an event is drawn for
# each of them at once.
_present: dict[int, dict[str, list[Listener]]] = defaultdict(dict)


def _arrive(listener: Listener) -> None:
    _present[listener.adventure_id].setdefault(listener.audience, []).append(listener)


def _leave(listener: Listener) -> None:
    audiences = _present[listener.adventure_id]
    audiences[listener.audience].remove(listener)
    if not audiences[listener.audience]:
        del audiences[listener.audience]
    if not audiences:
        del _present[listener.adventure_id]


async def event_messages(event_id: int, listener: Listener) -> AsyncIterator[bytes]:
    """What one stream sends for one event, the same bytes for every stream of its audience:
    the public drawing with the id in one piece when the audience has nothing of its own to
    get (most), else the public drawing at once and its own when drawn."""
    drawing = await drawings.get(("event", event_id), draw_event, event_id)
    if drawing is None or drawing.event.adventure_id != listener.adventure_id:
        return
    if not drawing.concerns(listener):
        yield drawing.done
        return
    yield drawing.public
    present = _present[listener.adventure_id]
    audiences = {name: seats[0] for name, seats in present.items() if drawing.concerns(seats[0])}
    audiences.setdefault(listener.audience, listener)
    own = await drawings.get(("own", event_id), draw_own, drawing, audiences)
    if listener.audience not in own:  # a stream that opened after the others were drawn
        key = (listener.audience, event_id)
        own = await drawings.get(key, draw_own, drawing, {listener.audience: listener})
    yield own[listener.audience]


# The stream -----------------------------------------------------------------------------------


class _Sent:
    """The ids a stream has sent lately, so that nothing is sent twice: none at or before
    ``through`` (the page has those), none sent already."""

    def __init__(self, through: int = 0) -> None:
        self.high = self.through = through
        self._ids: OrderedDict[int, None] = OrderedDict()

    def add(self, event_id: int) -> bool:
        if event_id <= self.through or event_id in self._ids or event_id <= self.high - LOOK_BACK:
            return False
        self._ids[event_id] = None
        if len(self._ids) > 4 * LOOK_BACK:
            self._ids.popitem(last=False)
        self.high = max(self.high, event_id)
        return True


async def stream(listener: Listener, after: int | None) -> AsyncIterator[bytes]:
    """The body of one page's event stream."""
    subscriber = channel.subscribe(listener.adventure_id, listener.user_id)
    _arrive(listener)
    try:
        yield b"retry: 1000\n\n"
        first = await in_drawer(catch_up, listener, after)
        sent = _Sent(first.through)
        if first.text:
            yield first.text.encode()
        while True:
            try:
                item = await asyncio.wait_for(subscriber.queue.get(), timeout=HEARTBEAT_SECONDS)
            except TimeoutError:
                yield b": heartbeat\n\n"
                continue
            if item == Wake.CLOSE:
                return
            if item == Wake.RECHECK:
                if not await in_drawer(listener.still_seated):
                    yield revoked(listener).encode()
                    return
            elif item == Wake.CATCH_UP:
                missed = await in_drawer(catch_up, listener, sent.high)
                if missed.whole:  # a snapshot: the page starts over from its id
                    sent = _Sent(missed.through)
                    yield missed.text.encode()
                elif [event_id for event_id in missed.ids if sent.add(event_id)]:
                    yield missed.text.encode()
            elif sent.add(item):
                async for message in event_messages(item, listener):
                    yield message
    finally:
        _leave(listener)
        channel.unsubscribe(subscriber)


def parse_after(*candidates: str | None) -> int | None:
    """The last event a page has seen, from Last-Event-ID or ?after=, whichever is later;
    None when the page did not say."""
    best = None
    for value in candidates:
        if value and value.isascii() and value.isdigit() and len(value) < 19:
            best = max(best or 0, int(value))
    return best
