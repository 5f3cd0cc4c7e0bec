"""Request bodies bigger than anything the app takes, against the real uvicorn server: refused
with 413 before Django reads them, nothing written to disk. A Content-Length past the limit is
answered at once, before a byte of the body is sent; a body streamed without one (chunked) is
cut off as soon as it passes the limit."""

import json
import select
import shutil
import socket
import tempfile
import time

import pytest
from django.conf import settings

from sessions.models import Campaign, limits
from tests.browser.http import Visitor
from tests.prep_files import biggest_campaign

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

HUGE = 300 * 1024 * 1024
CHUNK = b"x" * (64 * 1024)


def _connect(base: str) -> socket.socket:
    host, port = base.removeprefix("http://").split(":")
    return socket.create_connection((host, int(port)), timeout=30)


def _head(path: str, headers: dict[str, str]) -> bytes:
    lines = [f"POST {path} HTTP/1.1", "Host: 127.0.0.1", *(f"{k}: {v}" for k, v in headers.items())]
    return ("\r\n".join(lines) + "\r\n\r\n").encode()


def _status(answer: bytes) -> int:
    return int(answer.split(b" ", 2)[1])


def _read_answer(sock: socket.socket) -> bytes:
    """The answer, to the end: a refusal closes the connection."""
    answer = b""
    while True:
        try:
            part = sock.recv(65536)
        except ConnectionResetError:
            # A hang-up on a body still arriving ends in a reset, after the answer was read.
            return answer
        if not part:
            return answer
        answer += part


def _free_disk() -> int:
    return shutil.disk_usage(tempfile.gettempdir()).free


def test_a_300_mb_content_length_is_refused_at_once_unread(asgi_server):
    with _connect(asgi_server) as sock:
        started = time.monotonic()
        headers = {
            "Content-Type": "application/x-www-form-urlencoded",
            "Content-Length": str(HUGE),
        }
        sock.sendall(_head("/accounts/login/", headers))
        answer = _read_answer(sock)  # not a byte of the body was sent
    assert _status(answer) == 413
    assert b"more than this table can take in one go" in answer
    assert time.monotonic() - started < 5


def test_a_300_mb_body_streamed_without_a_length_is_cut_off_and_nothing_is_written(
    asgi_server,
):
    free_before = _free_disk()
    lowest_free = free_before
    sent = 0
    answer = b""
    with _connect(asgi_server) as sock:
        headers = {
            "Content-Type": "application/x-www-form-urlencoded",
            "Transfer-Encoding": "chunked",
        }
        sock.sendall(_head("/accounts/login/", headers))
        frame = f"{len(CHUNK):x}\r\n".encode() + CHUNK + b"\r\n"
        try:
            while sent < HUGE:  # the bytes made as they are sent, never held whole
                readable, _, _ = select.select([sock], [], [], 0)
                if readable:
                    break
                sock.sendall(frame)
                sent += len(CHUNK)
                if sent % (8 * 1024 * 1024) == 0:
                    lowest_free = min(lowest_free, _free_disk())
        except (BrokenPipeError, ConnectionResetError):
            pass  # the server hung up on the rest, as it should
        answer = _read_answer(sock)
    lowest_free = min(lowest_free, _free_disk())
    assert _status(answer) == 413
    assert b"more than this table can take in one go" in answer
    # Cut off near the limit (what the sockets' buffers hold besides), not read to the end.
    assert sent < settings.DATA_UPLOAD_MAX_MEMORY_SIZE + 32 * 1024 * 1024
    # Nothing of it reached the disk (the machine is shared: a margin for others' files).
    assert free_before - lowest_free < 64 * 1024 * 1024


def test_a_file_past_the_picture_limit_is_refused_at_once(asgi_server, playing, password):
    director = Visitor(asgi_server, playing["adventure"].director, password)
    path = f"/adventures/{playing['adventure'].pk}/handouts/new/"
    cookie = "; ".join(f"{c.name}={c.value}" for c in director.jar)
    with _connect(asgi_server) as sock:
        headers = {
            "Content-Type": "multipart/form-data; boundary=x",
            "Content-Length": str(12 * 1024 * 1024),
            "Cookie": cookie,
            "X-CSRFToken": director.csrf,
        }
        sock.sendall(_head(path, headers))
        answer = _read_answer(sock)
    assert _status(answer) == 413


def test_a_campaign_import_at_its_byte_limit_still_goes_through(asgi_server, make_user, password):
    importer = Visitor(asgi_server, make_user("dora"), password)
    assert importer.get("/campaigns/import/")[0] == 200
    content = json.dumps(biggest_campaign()).encode()
    # Padded to the very limit a Campaign's file may have (JSON allows the trailing spaces).
    content += b" " * (limits.CAMPAIGN_EXPORT_BYTES - len(content))
    status, _page = importer.upload("/campaigns/import/", "file", "campaign.json", content)
    assert status == 200
    assert (
        Campaign.objects.get(director__username="dora").adventures.count()
        == (limits.PER_CAMPAIGN["adventures"])
    )
