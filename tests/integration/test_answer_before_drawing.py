"""A table action answers first, and only then do the table's streams hear of it
(`sessions.channel.answering`): the drawing of its event never takes turns with the rest of the
request. Through the ASGI app the server runs, called in-process, on both databases."""

import asyncio
import os
from urllib.parse import urlencode

import pytest
from django.conf import settings
from django.test import Client

from sessions.channel import channel
from sessions.models import TableEvent

_named = "PGAPPNAME" in os.environ
from enigma_site.asgi import application  # noqa: E402

if not _named:  # in-process, this is no server (see test_one_hop_per_request)
    os.environ.pop("PGAPPNAME", None)

pytestmark = pytest.mark.django_db(transaction=True)


def _post_scope(path: str, cookies: dict[str, str], body: bytes) -> dict:
    cookie = "; ".join(f"{name}={value}" for name, value in cookies.items())
    return {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": "POST",
        "scheme": "http",
        "path": path,
        "raw_path": path.encode(),
        "query_string": b"",
        "root_path": "",
        "headers": [
            (b"host", b"127.0.0.1"),
            (b"cookie", cookie.encode()),
            (b"content-type", b"application/x-www-form-urlencoded"),
            (b"content-length", str(len(body)).encode()),
            (b"x-csrftoken", cookies["csrftoken"].encode()),
            (b"hx-request", b"true"),
        ],
        "client": ("127.0.0.1", 50000),
        "server": ("127.0.0.1", 8000),
    }


async def _listening() -> None:
    """On PostgreSQL, until the process's LISTEN connection is up (so NOTIFYs are heard)."""
    if channel._listener is None:
        return
    for _ in range(100):
        if channel._listening:
            return
        await asyncio.sleep(0.05)
    raise AssertionError("the channel never started listening")


def _logged_in(character) -> dict[str, str]:
    client = Client()
    client.force_login(character.owner)
    client.get("/home/")  # a CSRF cookie, as a page gives one
    return {
        settings.SESSION_COOKIE_NAME: client.cookies[settings.SESSION_COOKIE_NAME].value,
        "csrftoken": client.cookies[settings.CSRF_COOKIE_NAME].value,
    }


def test_a_roll_is_answered_before_its_table_streams_hear_of_it(playing):
    sam, adventure = playing["sam"], playing["adventure"]
    cookies = _logged_in(sam)
    path = f"/adventures/{adventure.pk}/table/roll/{sam.pk}/"
    body = urlencode({"request_id": "answer-first-1", "intent": "run"}).encode()

    async def roll():
        table = channel.subscribe(adventure.pk)  # a stream of the table, as a page holds one
        await _listening()
        heard_when_answered, sent = [], []

        async def receive():
            return {"type": "http.request", "body": body, "more_body": False}

        async def send(message):
            sent.append(message)
            if message["type"] == "http.response.body":
                heard_when_answered.append(table.queue.qsize())

        try:
            await application(_post_scope(path, cookies, body), receive, send)
            heard = await asyncio.wait_for(table.queue.get(), 5)
            # On PostgreSQL the event's NOTIFY comes back to this process too: it is not
            # announced a second time.
            await asyncio.sleep(0.5)
            return sent[0]["status"], heard_when_answered, heard, table.queue.qsize()
        finally:
            channel.unsubscribe(table)

    status, heard_when_answered, heard, after = asyncio.run(roll())
    assert status == 200
    event = TableEvent.objects.get(adventure=adventure, kind="gamble_rolled")
    assert heard_when_answered == [0]  # the answer went while the stream had heard nothing
    assert heard == (event.pk, None)  # then the stream heard the roll
    assert after == 0  # once


def test_a_refused_move_announces_nothing(playing):
    """A move the rules refuse writes nothing, so nothing is announced after its answer."""
    sam, adventure = playing["sam"], playing["adventure"]
    cookies = _logged_in(sam)
    path = f"/adventures/{adventure.pk}/table/roll/{sam.pk}/"
    body = urlencode({"request_id": "answer-first-2", "penalties": "99"}).encode()

    async def roll():
        table = channel.subscribe(adventure.pk)
        sent = []

        async def receive():
            return {"type": "http.request", "body": body, "more_body": False}

        async def send(message):
            sent.append(message)

        try:
            await application(_post_scope(path, cookies, body), receive, send)
            await asyncio.sleep(0.5)
            return sent[0]["status"], table.queue.qsize()
        finally:
            channel.unsubscribe(table)

    status, heard = asyncio.run(roll())
    assert status == 409
    assert heard == 0
    assert not TableEvent.objects.filter(adventure=adventure, kind="gamble_rolled").exists()
