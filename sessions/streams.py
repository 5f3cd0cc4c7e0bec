"""The event streams as a bare ASGI app, in front of Django.

Through Django, every request passes a dozen middlewares, most of which hop to a thread, and
Django keeps that thread for as long as the response lasts: for an event stream, hours. With a
thousand pages open that is a thousand idle threads. The streams need none of it: they check
who is asking (one short trip to the database on a drawing thread), then only wait and write.
They do get what Django's security middlewares give every page: the HTTPS redirect and the
same security headers. `enigma_site.asgi` sends the two stream paths here, the rest to Django.
"""

import asyncio
import io
import logging
import re
import signal
from http.cookies import SimpleCookie
from urllib.parse import parse_qs

from django.conf import settings
from django.core.exceptions import DisallowedHost
from django.core.handlers.asgi import ASGIRequest
from django.http import HttpResponse, HttpResponseBadRequest
from django.utils.module_loading import import_string

from sessions import live
from sessions.channel import channel

TABLE_STREAM = re.compile(r"^/adventures/(\d{1,18})/table/events/$")
SCREEN_STREAM = re.compile(r"^/screen/([A-Za-z0-9_-]{1,64})/events/$")
HEADERS = [
    (b"content-type", b"text/event-stream; charset=utf-8"),
    (b"cache-control", b"no-cache"),
    (b"x-accel-buffering", b"no"),
]
# The middlewares whose headers (and HTTPS redirect) every response gets, streams included.
SECURITY_MIDDLEWARE = (
    "django.middleware.security.SecurityMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django.middleware.csp.ContentSecurityPolicyMiddleware",
)


def _security_middleware() -> list:
    def nothing(request):  # pragma: no cover - the middlewares are only asked for headers
        return None

    return [
        import_string(path)(nothing) for path in SECURITY_MIDDLEWARE if path in settings.MIDDLEWARE
    ]


def guarded(scope) -> tuple[HttpResponse | None, list[tuple[bytes, bytes]]]:
    """Django's answer before any stream (an HTTPS redirect), or the security headers the
    stream's response carries, as Django's own middlewares make them. A host outside
    ALLOWED_HOSTS gets Django's 400, with a warning where Django logs it, not a traceback."""
    request = ASGIRequest(scope, io.BytesIO())
    try:
        request.get_host()
    except DisallowedHost as refused:
        logging.getLogger("django.security.DisallowedHost").warning("%s", refused)
        return HttpResponseBadRequest(), []
    for middleware in _security_middleware():
        if hasattr(middleware, "process_request") and (
            early := middleware.process_request(request)
        ):
            return early, []
    response = HttpResponse()
    for middleware in _security_middleware():
        response = middleware.process_response(request, response)
    headers = [
        (name.lower().encode("latin-1"), value.encode("latin-1"))
        for name, value in response.headers.items()
        if name.lower() != "content-type"
    ]
    return None, headers


def close_streams_on_exit() -> None:
    """When the server is told to stop, end the open event streams first: the server waits for
    open responses before it exits, and a stream never ends by itself. Their pages reconnect
    (to the next server) and catch up. Chains to the server's own handlers."""
    for number in (signal.SIGTERM, signal.SIGINT):
        previous = signal.getsignal(number)

        def stop(signum, frame, previous=previous) -> None:
            channel.close_all()
            if callable(previous):
                previous(signum, frame)

        signal.signal(number, stop)


def _header(scope, name: bytes) -> str | None:
    for key, value in scope.get("headers", []):
        if key == name:
            return value.decode("latin-1")
    return None


async def stream_application(scope, receive, send) -> bool:
    """Serve an event stream if ``scope`` asks for one; False leaves the request to Django."""
    path = scope.get("path", "")
    table, screen = TABLE_STREAM.match(path), SCREEN_STREAM.match(path)
    if not (table or screen):
        return False
    early, security = guarded(scope)
    if early is not None:
        await _answer(send, early.status_code, list(early.items()), early.content)
        return True
    if scope["method"] != "GET":
        await _plain(send, 405, b"Event streams are read with GET.", security)
        return True
    if table:
        cookie = SimpleCookie(_header(scope, b"cookie") or "")
        morsel = cookie.get(settings.SESSION_COOKIE_NAME)
        session_key = morsel.value if morsel else None
        listener = await live.in_drawer(live.table_listener, session_key, int(table.group(1)))
    else:
        listener = await live.in_drawer(live.screen_listener, screen.group(1))
    if listener is None:
        await _plain(send, 404, b"No such table.", security)
    else:
        query = parse_qs(scope.get("query_string", b"").decode("latin-1"))
        after = live.parse_after(_header(scope, b"last-event-id"), *query.get("after", []))
        await _serve(listener, after, receive, send, security)
    return True


async def _answer(send, status: int, headers: list, body: bytes) -> None:
    encoded = [(k.lower().encode("latin-1"), str(v).encode("latin-1")) for k, v in headers]
    await send({"type": "http.response.start", "status": status, "headers": encoded})
    await send({"type": "http.response.body", "body": body})


async def _plain(send, status: int, body: bytes, security: list) -> None:
    headers = [("content-type", "text/plain; charset=utf-8")]
    headers += [(name.decode("latin-1"), value.decode("latin-1")) for name, value in security]
    await _answer(send, status, headers, body)


async def _serve(listener: live.Listener, after: int | None, receive, send, security) -> None:
    await send({"type": "http.response.start", "status": 200, "headers": HEADERS + security})
    async with live.opened(listener, after) as outlet:

        async def write() -> None:
            async for body in outlet.bodies():
                await send({"type": "http.response.body", "body": body, "more_body": True})
            # The stream ended itself (a seat taken away, the server stopping): end the
            # response too.
            await send({"type": "http.response.body", "body": b""})

        # Writing and listening for the hang-up run side by side; whichever ends first ends
        # both. A stream cut off for falling behind has its writer cancelled.
        outlet.writer = writer = asyncio.ensure_future(write())
        try:
            while not writer.done():
                hang_up = asyncio.ensure_future(receive())
                await asyncio.wait({writer, hang_up}, return_when=asyncio.FIRST_COMPLETED)
                if hang_up.done() and hang_up.result()["type"] == "http.disconnect":
                    break
                hang_up.cancel()
        finally:
            writer.cancel()
            await asyncio.gather(writer, return_exceptions=True)
