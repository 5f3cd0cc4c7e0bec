"""One open stream's end of the broadcast: what its page has, and the bytes on their way to it.

The broadcast of a table (`sessions.live.broadcast`) hands every stream the same bytes in one
pass; an outlet takes them without waiting for anything (it only appends to its buffer), and
the stream's own writer sends whatever has gathered, in one piece, when it can. A page that
doesn't read (a phone gone to sleep with its socket open) only grows its own buffer, and one
that falls too far behind is cut off: its page reconnects and catches up from its last id.
"""

import asyncio
import logging
from collections import OrderedDict
from collections.abc import AsyncIterator

from sessions.live.catchup import CatchUp
from sessions.live.listeners import Listener

log = logging.getLogger(__name__)

# Ids a stream remembers having sent, so that a wake-up and a catch-up never send one twice.
LOOK_BACK = 50
# Bytes a stream may have waiting to go before it is cut off (a few hundred events; a snapshot
# is some tens of KB). The server's own buffer (64 KB) and the sockets' come on top.
BACKLOG_BYTES = 512 * 1024


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


class Outlet:
    """One open stream, as its table's broadcast writes to it.

    An event comes in one piece, which the stream takes or not by the ids its page has. While
    the stream is *held* (its catch-up being drawn, its seat being checked) events wait in
    order, and are let through, or not, once it is free.
    """

    def __init__(self, listener: Listener) -> None:
        self.listener = listener
        self.sent = _Sent()
        self.ended = False  # nothing more goes in; the writer ends once the buffer is out
        self.cut = False  # ended for falling behind: what was waiting is dropped
        self.writer: asyncio.Task | None = None  # cancelled when cut, if stuck sending
        self._holds = 0
        self._held: list[tuple[int, bytes]] = []
        self._held_size = 0
        self._buffer: list[bytes] = []
        self._size = 0
        self._ready: asyncio.Future | None = None

    # What the broadcast calls: none of it waits.

    def event(self, event_id: int, data: bytes) -> None:
        """An event's drawing, the same bytes for every stream of the audience."""
        if self._holds:
            self._held.append((event_id, data))
            self._held_size += len(data)  # it counts against the backlog all the same
            if self._size + self._held_size > BACKLOG_BYTES:
                self.cut_off()
        elif self.sent.add(event_id):
            self.put(data)

    def put(self, data: bytes) -> None:
        if self.ended:
            return
        self._buffer.append(data)
        self._size += len(data)
        # One message alone, however large (a big table's snapshot), always goes.
        if self._size + self._held_size > BACKLOG_BYTES and len(self._buffer) > 1:
            self.cut_off()
        else:
            self._wake()

    def end(self, last: bytes = b"") -> None:
        """End the stream after what is waiting (and ``last``): a server stopping, a seat
        taken away."""
        if last:
            self.put(last)
        self.ended = True
        self._wake()

    def cut_off(self) -> None:
        """End the stream now, dropping what waits: its page reconnects and catches up."""
        if not self.cut:
            behind = self._size + self._held_size
            log.info("A %s stream fell %d B behind: cut off", self.listener.audience, behind)
        self.ended = self.cut = True
        self._buffer.clear()
        self._held.clear()
        self._size = self._held_size = 0
        self._wake()
        if self.writer is not None:
            self.writer.cancel()  # stuck sending to a client that doesn't read

    def hold(self) -> None:
        self._holds += 1

    def release(self, caught: CatchUp | None = None, fresh: bool = False) -> None:
        """Free the stream, first sending what a catch-up drew (``fresh``: the stream's first,
        which says what the page has); then the events that waited, those it hasn't had."""
        if caught is not None:
            if fresh or caught.whole:  # the page starts over from its id
                self.sent = _Sent(caught.through)
                if caught.text:
                    self.put(caught.text.encode())
            elif [event_id for event_id in caught.ids if self.sent.add(event_id)]:
                self.put(caught.text.encode())
        self._holds -= 1
        if not self._holds:
            held, self._held, self._held_size = self._held, [], 0
            for event_id, data in held:
                self.event(event_id, data)

    # What the stream's writer calls.

    async def bodies(self) -> AsyncIterator[bytes]:
        """What to send, as it comes: everything gathered since the last send in one piece."""
        while True:
            if self._buffer:
                body = self._buffer[0] if len(self._buffer) == 1 else b"".join(self._buffer)
                self._buffer.clear()
                self._size = 0
                yield body
            elif self.ended:
                return
            else:
                self._ready = asyncio.get_running_loop().create_future()
                await self._ready
                self._ready = None

    def _wake(self) -> None:
        if self._ready is not None and not self._ready.done():
            self._ready.set_result(None)
