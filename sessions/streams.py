"""The event streams as a bare ASGI app, in front of Django.

Through Django, every request passes a dozen middlewares, most of which hop to a thread, and
Django keeps that thread for as long as the response lasts: for an event stream, hours. With a
thousand pages open that is a thousand idle threads. The streams need none of it: they check
who is asking (one short trip to the database on a pooled thread), then only wait and write.
`enigma_site.asgi` sends the two stream paths here and everything else to Django.
"""

import asyncio
import re
from http.cookies import SimpleCookie
from importlib import import_module
from types import SimpleNamespace
from urllib.parse import parse_qs

from asgiref.sync import sync_to_async
from django.conf import settings
from django.contrib.auth import get_user
from django.db import connection

from sessions import live
from sessions.access import screen_adventure, table_seat
from sessions.models import Adventure

TABLE_STREAM = re.compile(r"^/adventures/(\d{1,18})/table/events/$")
SCREEN_STREAM = re.compile(r"^/screen/([A-Za-z0-9_-]{1,64})/events/$")
HEADERS = [
    (b"content-type", b"text/event-stream; charset=utf-8"),
    (b"cache-control", b"no-cache"),
    (b"x-accel-buffering", b"no"),
    (b"x-content-type-options", b"nosniff"),
]


def _table_listener(session_key: str | None, adventure_id: int) -> int | None:
    try:
        if not session_key:
            return None
        engine = import_module(settings.SESSION_ENGINE)
        user = get_user(SimpleNamespace(session=engine.SessionStore(session_key)))
        adventure = Adventure.objects.filter(pk=adventure_id).first()
        return adventure_id if adventure and table_seat(user.pk, adventure) else None
    finally:
        connection.close()


def _screen_listener(token: str) -> int | None:
    try:
        adventure = screen_adventure(token)
        return adventure.pk if adventure else None
    finally:
        connection.close()


def _header(scope, name: bytes) -> str | None:
    for key, value in scope.get("headers", []):
        if key == name:
            return value.decode("latin-1")
    return None


async def stream_application(scope, receive, send) -> bool:
    """Serve an event stream if ``scope`` asks for one; False leaves the request to Django."""
    path = scope.get("path", "")
    if table := TABLE_STREAM.match(path):
        cookie = SimpleCookie(_header(scope, b"cookie") or "")
        morsel = cookie.get(settings.SESSION_COOKIE_NAME)
        check = sync_to_async(_table_listener, thread_sensitive=False)
        adventure_id = await check(morsel.value if morsel else None, int(table.group(1)))
    elif screen := SCREEN_STREAM.match(path):
        adventure_id = await sync_to_async(_screen_listener, thread_sensitive=False)(
            screen.group(1)
        )
    else:
        return False
    if scope["method"] != "GET":
        await _plain(send, 405, b"Event streams are read with GET.")
    elif adventure_id is None:
        await _plain(send, 404, b"No such table.")
    else:
        query = parse_qs(scope.get("query_string", b"").decode("latin-1"))
        after = live.parse_after(_header(scope, b"last-event-id"), *query.get("after", []))
        await _serve(adventure_id, after, receive, send)
    return True


async def _plain(send, status: int, body: bytes) -> None:
    headers = [(b"content-type", b"text/plain; charset=utf-8")]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})


async def _serve(adventure_id: int, after: int, receive, send) -> None:
    await send({"type": "http.response.start", "status": 200, "headers": HEADERS})

    async def gone() -> None:
        while (await receive())["type"] != "http.disconnect":
            pass

    hang_up = asyncio.ensure_future(gone())
    messages = live.stream(adventure_id, after)
    try:
        while True:
            message = asyncio.ensure_future(anext(messages))
            done, _ = await asyncio.wait({message, hang_up}, return_when=asyncio.FIRST_COMPLETED)
            if hang_up in done:
                message.cancel()
                # Let the generator finish unwinding before it is closed.
                await asyncio.gather(message, return_exceptions=True)
                break
            await send(
                {"type": "http.response.body", "body": message.result().encode(), "more_body": True}
            )
    finally:
        hang_up.cancel()
        await messages.aclose()
