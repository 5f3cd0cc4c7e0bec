"""One broadcast per table: the streams of an Adventure in this process, and the one task that
writes each event to all of them.

When an event id comes in, the broadcast draws the event once (on a drawing thread) with what
each audience that sees it its own way gets, then in one pass hands the same bytes to every
stream of each audience. Handing over never waits (`Outlet`): a stream's own writer sends,
and a stream that doesn't keep up is cut off without holding up the rest. The work of a
single stream (its catch-up on connect, a seat check, a look in the log after the channel
lost touch) runs beside the broadcast, while the stream holds back what it is handed
meanwhile.
"""

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator, Awaitable, Callable

from sessions.channel import Wake, channel
from sessions.live.catchup import catch_up
from sessions.live.drawing import draw_for, revoked
from sessions.live.listeners import Listener, in_drawer
from sessions.live.outlet import Outlet
from sessions.parts import kept

log = logging.getLogger(__name__)

HEARTBEAT_SECONDS = 15
HEARTBEAT = b": heartbeat\n\n"


class Table:
    """The streams of one Adventure open in this process (on one event loop), by audience."""

    def __init__(self, adventure_id: int) -> None:
        self.adventure_id = adventure_id
        self.audiences: dict[str, list[Outlet]] = {}
        self.subscriber = channel.subscribe(adventure_id)
        self.errands: set[asyncio.Task] = set()  # the single streams' own work
        self.task = asyncio.get_running_loop().create_task(self._run())

    def arrive(self, outlet: Outlet) -> None:
        self.audiences.setdefault(outlet.listener.audience, []).append(outlet)
        if (user_id := outlet.listener.user_id) is not None:
            self.subscriber.users[user_id] += 1

    def leave(self, outlet: Outlet) -> None:
        audience = outlet.listener.audience
        self.audiences[audience].remove(outlet)
        if not self.audiences[audience]:
            del self.audiences[audience]
        if (user_id := outlet.listener.user_id) is not None:
            self.subscriber.users[user_id] -= 1
            if not self.subscriber.users[user_id]:
                del self.subscriber.users[user_id]

    def close(self) -> None:
        """The last stream left: stop listening."""
        channel.unsubscribe(self.subscriber)
        kept.forget(self.adventure_id)  # its drawings go with it (a page draws them again)
        self.task.cancel()
        for errand in list(self.errands):
            errand.cancel()

    def outlets(self, user_id: int | None = None) -> list[Outlet]:
        return [
            outlet
            for outlets in self.audiences.values()
            for outlet in outlets
            if user_id is None or outlet.listener.user_id == user_id
        ]

    def errand(self, outlet: Outlet, work: Callable[[Outlet], Awaitable[None]]) -> None:
        """Run one stream's own work beside the broadcast, the stream held meanwhile; a
        stream whose work fails ends (its page reconnects and catches up)."""
        outlet.hold()

        async def run() -> None:
            try:
                await work(outlet)
            except Exception:
                log.warning("A stream's catch-up or seat check failed", exc_info=True)
                outlet.end()

        task = asyncio.get_running_loop().create_task(run())
        self.errands.add(task)
        task.add_done_callback(self.errands.discard)

    async def _run(self) -> None:
        queue = self.subscriber.queue
        while True:
            try:
                item, user_id = await asyncio.wait_for(queue.get(), HEARTBEAT_SECONDS)
            except TimeoutError:
                for outlet in self.outlets():
                    outlet.put(HEARTBEAT)
                continue
            try:
                await self._take(item, user_id)
            except Exception:  # a table that stopped listening would go quiet for good
                log.exception("The broadcast of Adventure %s failed on %r", self.adventure_id, item)

    async def _take(self, item: int | Wake, user_id: int | None) -> None:
        if item == Wake.CLOSE:
            for outlet in self.outlets():
                outlet.end()
        elif item == Wake.RECHECK:
            for outlet in self.outlets(user_id):
                self.errand(outlet, _recheck)
        elif item == Wake.CATCH_UP:
            for outlet in self.outlets():
                self.errand(outlet, _look_back)
        else:
            await self._broadcast(item)

    async def _broadcast(self, event_id: int) -> None:
        """Draw an event once and hand it to every stream open when it came in (a stream
        opening later gets it with its catch-up, which reads the log after it committed). An
        audience with its own drawing to get gets it with the public one, in one piece: one
        write to each of its streams."""
        targets = {audience: list(outlets) for audience, outlets in self.audiences.items()}
        audiences = {audience: outlets[0].listener for audience, outlets in targets.items()}
        try:
            table, drawn = await in_drawer(draw_for, event_id, audiences)
        except Exception:
            # The drawing failed (the database gone for a moment): the streams start over.
            log.warning("Could not draw event %s for its streams", event_id, exc_info=True)
            for outlets in targets.values():
                for outlet in outlets:
                    outlet.end()
            return
        if table != self.adventure_id:
            return
        for audience, outlets in targets.items():
            data = drawn[audience]
            for outlet in outlets:
                outlet.event(event_id, data)


async def _catch_up_first(outlet: Outlet, after: int | None) -> None:
    # Read once this process hears the table's wake-ups: an event committed after the read
    # is then always heard (the first stream of a process opens before its LISTEN is in place).
    await channel.listening()
    outlet.release(await in_drawer(catch_up, outlet.listener, after), fresh=True)


async def _look_back(outlet: Outlet) -> None:
    """The channel lost touch for a while: send what the log has that the page hasn't."""
    outlet.release(await in_drawer(catch_up, outlet.listener, outlet.sent.high))


async def _recheck(outlet: Outlet) -> None:
    if await in_drawer(outlet.listener.still_seated):
        outlet.release()
    else:
        outlet.end(revoked(outlet.listener).encode())


# Each event loop's tables (a server has one loop; tests may run several, one after another).
_tables: dict[tuple[asyncio.AbstractEventLoop, int], Table] = {}


@contextlib.asynccontextmanager
async def opened(listener: Listener, after: int | None) -> AsyncIterator[Outlet]:
    """A stream for ``listener`` at its table's broadcast: first what the page missed since
    ``after`` (or a snapshot), then every event as it comes."""
    key = (asyncio.get_running_loop(), listener.adventure_id)
    table = _tables.get(key)
    if table is None:
        table = _tables[key] = Table(listener.adventure_id)
    outlet = Outlet(listener)
    table.arrive(outlet)
    try:
        outlet.put(b"retry: 1000\n\n")
        table.errand(outlet, lambda outlet: _catch_up_first(outlet, after))
        yield outlet
    finally:
        table.leave(outlet)
        if not table.audiences:
            del _tables[key]
            table.close()


async def stream(listener: Listener, after: int | None) -> AsyncIterator[bytes]:
    """The body of one page's event stream, for a server that takes an iterator (Django's)."""
    async with opened(listener, after) as outlet:
        async for body in outlet.bodies():
            yield body
