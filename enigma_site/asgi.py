"""The ASGI entry point: event streams straight to `sessions.streams`, the rest to Django."""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "enigma_site.settings")

django_application = get_asgi_application()

from sessions.streams import close_streams_on_exit, stream_application  # noqa: E402


async def application(scope, receive, send) -> None:
    if scope["type"] == "lifespan":
        await _lifespan(receive, send)
    elif scope["type"] == "http" and await stream_application(scope, receive, send):
        return
    else:
        await django_application(scope, receive, send)


async def _lifespan(receive, send) -> None:
    """Startup and shutdown of the server process: at startup, see that a stop (SIGTERM, Ctrl+C)
    ends the open event streams, so that pages move over to the next server at once."""
    while True:
        message = await receive()
        if message["type"] == "lifespan.startup":
            close_streams_on_exit()
            await send({"type": "lifespan.startup.complete"})
        elif message["type"] == "lifespan.shutdown":
            await send({"type": "lifespan.shutdown.complete"})
            return
