"""The ASGI entry point: event streams straight to `sessions.streams`, the rest to Django on a
few fixed threads (`enigma_site.pooled`: one thread hop per request, connections kept); every
request body within its limit first (`enigma_site.body_limit`)."""

import os
import socket

import django

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "enigma_site.settings")
# A server's PostgreSQL connections say what they are to whoever reads pg_stat_activity
# (`restore` itself looks for the advisory lock of `enigma_site.one_server`).
os.environ.setdefault("PGAPPNAME", "enigma-table-server")
django.setup(set_prefix=False)

from django.conf import settings  # noqa: E402

from enigma_site.body_limit import BodyLimit  # noqa: E402
from enigma_site.one_server import claim_database  # noqa: E402
from enigma_site.pooled import PooledHandler  # noqa: E402
from sessions.streams import close_streams_on_exit, stream_application  # noqa: E402

django_application = PooledHandler(settings.REQUEST_THREADS)


async def application(scope, receive, send) -> None:
    if scope["type"] == "http":
        _no_nagle(send)
        await _limited(scope, receive, send)
    elif scope["type"] == "lifespan":
        await _lifespan(receive, send)
    else:
        await django_application(scope, receive, send)


async def _served(scope, receive, send) -> None:
    if not await stream_application(scope, receive, send):
        await django_application(scope, receive, send)


_limited = BodyLimit(_served)


async def _lifespan(receive, send) -> None:
    """Startup and shutdown of the server process: at startup, claim a SQLite database (one
    process serves it, `enigma_site.one_server`) and see that a stop (SIGTERM, Ctrl+C) ends
    the open event streams, so that pages move over to the next server at once."""
    while True:
        message = await receive()
        if message["type"] == "lifespan.startup":
            if refused := claim_database():
                await send({"type": "lifespan.startup.failed", "message": refused})
                return
            close_streams_on_exit()
            await send({"type": "lifespan.startup.complete"})
        elif message["type"] == "lifespan.shutdown":
            await send({"type": "lifespan.shutdown.complete"})
            return


def _no_nagle(send) -> None:
    """Send each answer at once. `uvicorn --workers N` listens on a socket it made without
    naming TCP, so asyncio never turns Nagle's algorithm off on its connections: a response's
    body then waits for the client to acknowledge its head, which a client delays ~40 ms.
    uvicorn keeps the connection's transport on the `send` it hands us; on any other server
    this does nothing."""
    transport = getattr(getattr(send, "__self__", None), "transport", None)
    sock = transport.get_extra_info("socket") if transport is not None else None
    if sock is not None and sock.family in (socket.AF_INET, socket.AF_INET6):
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
