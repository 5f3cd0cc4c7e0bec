"""The ASGI entry point: event streams straight to `sessions.streams`, the rest to Django."""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "enigma_site.settings")

django_application = get_asgi_application()

from sessions.streams import stream_application  # noqa: E402  (needs Django set up)


async def application(scope, receive, send) -> None:
    if scope["type"] == "http" and await stream_application(scope, receive, send):
        return
    await django_application(scope, receive, send)
