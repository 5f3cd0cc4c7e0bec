"""The server process as a deployment meets it: one process to a SQLite file, a stranger's
Host header, compressed pages. Against the real uvicorn server (DEBUG off), over raw HTTP."""

import gzip
import http.client
import subprocess
import sys

import pytest
from django.conf import settings
from django.db import connection

from tests.browser.conftest import OWN, _free_port, _server_env
from tests.browser.http import Visitor

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _raw_get(base: str, path: str, headers: dict[str, str]) -> http.client.HTTPResponse:
    host, port = base.removeprefix("http://").split(":")
    conn = http.client.HTTPConnection(host, int(port), timeout=10)
    conn.request("GET", path, headers=headers)
    response = conn.getresponse()
    if "event-stream" in (response.getheader("Content-Type") or ""):
        # Read on to the first part the stream draws: by then the server's catch-up has ended
        # its read of the database, which a hang-up mid-read would leave running into the
        # test's teardown (on PostgreSQL, a deadlock with the flush's TRUNCATE).
        response.body = response.read1(4096)
        while b"event:" not in response.body and len(response.body) < 1 << 20:
            response.body += response.read1(4096)
    else:
        response.body = response.read()
    conn.close()
    return response


@pytest.mark.skipif(
    connection.vendor != "sqlite", reason="PostgreSQL is served by any number of processes"
)
def test_a_second_server_on_the_same_sqlite_database_refuses_to_start(asgi_server):
    # The session's server is serving the test database; a second one is started beside it.
    port = str(_free_port())
    second = subprocess.run(
        [sys.executable, "-m", "uvicorn", "enigma_site.asgi:application", "--port", port],
        cwd=settings.BASE_DIR,
        env=_server_env(),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert second.returncode == 3  # uvicorn's "startup failed"
    assert "Another server process" in second.stderr
    assert "One process serves a SQLite database" in second.stderr
    assert "PostgreSQL" in second.stderr
    # The first one never noticed.
    assert _raw_get(asgi_server, "/healthz", {}).status == 200


@pytest.mark.skipif(
    connection.vendor != "sqlite", reason="PostgreSQL is served by any number of processes"
)
def test_uvicorn_with_two_workers_on_a_sqlite_database_stops_and_says_why(shared_server_stopped):
    # Nothing else serves the file: the first worker takes it, the second is refused, and
    # uvicorn stops the lot rather than serve pages that would miss each other's events.
    port = f"--port={_free_port()}"
    started = subprocess.run(
        [sys.executable, "-m", "uvicorn", "enigma_site.asgi:application", "--workers=2", port],
        cwd=settings.BASE_DIR,
        env=_server_env(),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert "One process serves a SQLite database" in started.stderr
    assert "stopping the parent process" in started.stderr


def test_a_stream_asked_for_under_a_strange_host_answers_400_without_an_error(asgi_server, playing):
    log = OWN / "server.log"
    logged_before = log.stat().st_size
    streams = (playing["url"] + "events/", "/screen/any-token/events/")
    for path in streams:
        answer = _raw_get(asgi_server, path, {"Host": "evil.example"})
        assert answer.status == 400
        assert b"event:" not in answer.body
    written = log.read_text(errors="replace")[logged_before:]
    assert written.count("Invalid HTTP_HOST header: 'evil.example'") == len(streams)
    assert "ERROR" not in written
    assert "Traceback" not in written
    # A page under the same Host answers 400 too, as it always did.
    assert _raw_get(asgi_server, "/accounts/login/", {"Host": "evil.example"}).status == 400


def test_pages_arrive_compressed_and_streams_do_not(asgi_server, playing, password):
    sam = Visitor(asgi_server, playing["sam"].owner, password)
    sam.get(playing["url"])
    cookie = "; ".join(f"{c.name}={c.value}" for c in sam.jar)
    asks_gzip = {"Cookie": cookie, "Accept-Encoding": "gzip, deflate, br"}

    page = _raw_get(asgi_server, playing["url"], asks_gzip)
    assert page.status == 200
    assert page.getheader("Content-Encoding") == "gzip"
    assert "Accept-Encoding" in page.getheader("Vary")
    html = gzip.decompress(page.body).decode()
    assert "Sam" in html
    assert html.rstrip().endswith("</html>")
    assert len(page.body) * 3 < len(html.encode())  # what the wire carries: a third at most

    plain = _raw_get(asgi_server, playing["url"], {"Cookie": cookie})
    assert plain.getheader("Content-Encoding") is None
    assert b"</html>" in plain.body

    # No id given: the stream starts with a snapshot of the page, in plain text.
    stream = _raw_get(asgi_server, playing["url"] + "events/", asks_gzip)
    assert stream.status == 200
    assert stream.getheader("Content-Encoding") is None
    assert stream.body.startswith(b"retry:")
    assert b"\nevent: " in stream.body
