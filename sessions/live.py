"""The event streams: after a table event commits, every open table page hears of it.

Each table page (and shared screen) holds one Server-Sent Events stream. A stream is woken
(by `sessions.channel`) with the id of a new event, sends its public rendering (the log row)
and the names of the live parts it changed (from the parts registry); pages re-fetch those
parts themselves, so whatever differs by viewer (the Director's secrets) is never sent down a
shared pipe. Streams touch the database only briefly, to fetch and render an event, and close
that connection straight after: a stream never pins one.
"""

import asyncio
import contextlib
import json
from collections import OrderedDict
from collections.abc import AsyncIterator

from asgiref.sync import sync_to_async
from django.db import connection
from django.template.loader import render_to_string

from sessions import parts
from sessions.channel import channel
from sessions.models import TableEvent

HEARTBEAT_SECONDS = 15
CATCH_UP_LIMIT = 200
LOOK_BACK = 50


class Messages:
    """The SSE text of recent events, fetched and rendered once however many streams ask."""

    def __init__(self) -> None:
        self._messages: OrderedDict[int, asyncio.Future] = OrderedDict()

    async def get(self, event_id: int) -> str:
        future = self._messages.get(event_id)
        if future is None:
            future = asyncio.get_running_loop().create_future()
            self._messages[event_id] = future
            while len(self._messages) > 256:
                self._messages.popitem(last=False)
            try:
                events = await _fetch_events(ids=[event_id])
                future.set_result(events[0][1] if events else "")
            except Exception as error:  # pragma: no cover - surfaced to every waiting stream
                self._messages.pop(event_id, None)
                future.set_exception(error)
        return await asyncio.shield(future)


messages = Messages()


def sse_message(event: TableEvent) -> str:
    """The public SSE text for an event: the log row, the parts that changed, then the id."""
    row = render_to_string("sessions/table/_event.html", {"event": event})
    lines = ["event: log", *(f"data: {line}" for line in row.strip().splitlines()), ""]
    for name in parts.changed_by(event):
        lines += [f"event: {name}", f"data: {event.pk}", ""]
    # The id goes last, so a page that drops mid-event asks for the whole event again.
    lines += [f"id: {event.pk}", "event: seen", f"data: {json.dumps({'id': event.pk})}", ""]
    return "\n".join(lines) + "\n"


def _fetch_events_sync(
    adventure_id: int | None = None, after: int = 0, ids: list[int] | None = None
) -> list[tuple[int, str]]:
    try:
        events = TableEvent.objects.select_related("character")
        if ids is not None:
            events = events.filter(pk__in=ids)
        else:
            events = events.filter(adventure_id=adventure_id, pk__gt=after)
        events = events.order_by("pk")[:CATCH_UP_LIMIT]
        return [(event.pk, sse_message(event)) for event in events]
    finally:
        connection.close()


_fetch_events = sync_to_async(_fetch_events_sync, thread_sensitive=False)


class _Sent:
    """The ids a stream has sent lately. Ids are not always committed in order on PostgreSQL,
    so a stream looks back a little when it catches up and skips what it already sent."""

    def __init__(self, after: int) -> None:
        self.high = after
        self._ids: OrderedDict[int, None] = OrderedDict()

    def add(self, event_id: int) -> bool:
        if event_id in self._ids or event_id <= self.high - LOOK_BACK:
            return False
        self._ids[event_id] = None
        if len(self._ids) > 4 * LOOK_BACK:
            self._ids.popitem(last=False)
        self.high = max(self.high, event_id)
        return True


async def stream(adventure_id: int, after: int) -> AsyncIterator[str]:
    """The body of one table page's event stream."""
    subscriber = channel.subscribe(adventure_id)
    sent = _Sent(after)
    try:
        yield f"retry: 2000\n: listening after {after}\n\n"
        catch_up_from = after
        while True:
            while True:
                batch = await _fetch_events(adventure_id, after=catch_up_from)
                for event_id, message in batch:
                    if sent.add(event_id):
                        yield message
                if len(batch) < CATCH_UP_LIMIT:
                    break
                catch_up_from = batch[-1][0]
            while True:
                try:
                    event_id = await asyncio.wait_for(
                        subscriber.queue.get(), timeout=HEARTBEAT_SECONDS
                    )
                except TimeoutError:
                    yield ": heartbeat\n\n"
                    break  # and catch up from the log, in case a wake-up went astray
                message = await messages.get(event_id)
                if message and sent.add(event_id):
                    yield message
            catch_up_from = max(after, sent.high - LOOK_BACK)
    finally:
        channel.unsubscribe(subscriber)


def parse_after(*candidates: str | None) -> int:
    """The last event a page has seen, from Last-Event-ID or ?after=, whichever is later."""
    best = 0
    for value in candidates:
        with contextlib.suppress(TypeError, ValueError):
            best = max(best, int(value))
    return best
