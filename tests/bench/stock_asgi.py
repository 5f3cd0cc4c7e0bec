"""The ASGI app as it was before issue #27, for the bench's side-by-side figures only.

Django's own ASGI handler (a new thread, so a new database connection, for every request, and
a score of thread hops through the middlewares), and nothing that turns Nagle's algorithm off
under `--workers N`. The streams and the startup are today's. Production never imports this.
"""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "enigma_site.settings")
django_application = get_asgi_application()

from enigma_site.asgi import _lifespan  # noqa: E402
from sessions.streams import stream_application  # noqa: E402


async def application(scope, receive, send) -> None:
    if scope["type"] == "lifespan":
        await _lifespan(receive, send)
    elif scope["type"] == "http" and await stream_application(scope, receive, send):
        return
    else:
        await django_application(scope, receive, send)
