"""The event streams: the table, drawn on the server, pushed to every screen.

Each table page and shared screen holds one Server-Sent Events stream. When a table event
commits (`sessions.channel` wakes its Adventure), the parts of the page it changed (from the
parts registry) are drawn once per audience (`drawing`) and written to every stream of that
audience by its table's one broadcast (`broadcast`, through each stream's `outlet`), where
htmx swaps them in. A stream only ever gets the drawings of its own viewer (`listeners`), so
secrets never travel down a player's or the screen's stream. On connect (and every reconnect)
a stream first gets what the page missed: the parts changed by the events after the last one
it saw, or a snapshot of every part when the gap is large or unknown (`catchup`). Drawing
takes a few pooled threads with their own database connections; the streams themselves only
wait and write, and never hold a connection.
"""

from sessions.live.broadcast import HEARTBEAT_SECONDS, opened, stream
from sessions.live.catchup import CATCH_UP_LIMIT, CatchUp, catch_up, one_moment, snapshot
from sessions.live.drawing import (
    EventDrawing,
    draw_event,
    draw_own,
    log_row,
    own_drawing,
    public_drawing,
    revoked,
    seen,
    sse,
)
from sessions.live.listeners import (
    Listener,
    in_drawer,
    parse_after,
    screen_listener,
    table_listener,
)
from sessions.live.outlet import BACKLOG_BYTES, Outlet

__all__ = [
    "BACKLOG_BYTES",
    "CATCH_UP_LIMIT",
    "HEARTBEAT_SECONDS",
    "CatchUp",
    "EventDrawing",
    "Listener",
    "Outlet",
    "catch_up",
    "draw_event",
    "draw_own",
    "in_drawer",
    "log_row",
    "one_moment",
    "opened",
    "own_drawing",
    "parse_after",
    "public_drawing",
    "revoked",
    "screen_listener",
    "seen",
    "snapshot",
    "sse",
    "stream",
    "table_listener",
]
