"""Requests reach Django in one hop, on a few threads that keep their database connections
(`enigma_site.pooled`), through the ASGI app the server runs, called in-process."""

import asyncio
import gzip
import os
from pathlib import Path

import pytest
from django.conf import settings
from django.db.backends.signals import connection_created

_named = "PGAPPNAME" in os.environ
from enigma_site.asgi import application  # noqa: E402

# Importing the app names this process's PostgreSQL connections as a server's; the tests call
# it in-process and are no server (`restore`, tested here too, refuses while one serves).
if not _named:
    os.environ.pop("PGAPPNAME", None)

pytestmark = pytest.mark.django_db(transaction=True)


async def _get(path: str, headers: dict[str, str]) -> tuple[int, dict[bytes, bytes], bytes]:
    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": "GET",
        "scheme": "http",
        "path": path,
        "raw_path": path.encode(),
        "query_string": b"",
        "root_path": "",
        "headers": [(b"host", b"127.0.0.1")]
        + [(k.lower().encode(), v.encode()) for k, v in headers.items()],
        "client": ("127.0.0.1", 50000),
        "server": ("127.0.0.1", 8000),
    }
    sent, requests = [], [{"type": "http.request", "body": b"", "more_body": False}]

    async def receive():
        if requests:
            return requests.pop()
        await asyncio.Event().wait()  # the client stays: no disconnect while it waits

    async def send(message):
        sent.append(message)

    await application(scope, receive, send)
    start, *body = sent
    return start["status"], dict(start["headers"]), b"".join(m.get("body", b"") for m in body)


@pytest.fixture
def opened():
    """The database connections opened meanwhile (held, so no two are ever mistaken)."""
    made = []

    def count(sender, connection, **kwargs):
        made.append(connection.connection)

    connection_created.connect(count)
    yield made
    connection_created.disconnect(count)


def test_a_player_loading_pages_again_and_again_opens_no_new_database_connections(
    client, alice, opened
):
    client.force_login(alice)
    cookie = f"{settings.SESSION_COOKIE_NAME}={client.cookies[settings.SESSION_COOKIE_NAME].value}"

    async def forty_visits():
        return [await _get("/home/", {"Cookie": cookie}) for _ in range(40)]

    answers = asyncio.run(forty_visits())
    again = asyncio.run(forty_visits())
    visits = answers + again
    assert {status for status, _, _ in visits} == {200}
    assert all(b"alice" in body for _, _, body in visits)
    # Django's own ASGI handler opens one connection per request, a new thread each time: 80
    # here. Kept connections mean at most one per thread, however many visits (which of the
    # threads a visit lands on is the pool's choice). Distinct connections, not connection
    # events: on PostgreSQL each request takes one from the pool (an event each time) and the
    # pool hands back the same few. The list keeps every connection alive: no id is reused.
    assert len(visits) >= 10 * settings.REQUEST_THREADS
    assert len({id(raw) for raw in opened}) <= settings.REQUEST_THREADS


def test_a_static_file_streams_whole_through_the_threads():
    status, headers, body = asyncio.run(_get("/static/css/site.css", {}))
    assert status == 200
    expected = (Path(settings.BASE_DIR) / "static/css/site.css").read_bytes()
    if headers.get(b"content-encoding") == b"gzip":
        body = gzip.decompress(body)
    assert body == expected
