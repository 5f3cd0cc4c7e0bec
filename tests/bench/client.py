"""Lean HTTP/1.1 and Server-Sent Events clients on asyncio streams.

The bench holds thousands of streams and sends hundreds of actions a second from one Python
process on the same machine as the server, so the client must cost little per message: no
cookie jars, no TLS contexts, just a keep-alive socket per seat and a parser that reads an SSE
block's first lines only. Timings are taken around the socket, not inside a library.
"""

import asyncio
import gzip
import re
import secrets
import time
from collections import Counter, deque
from collections.abc import Callable
from dataclasses import dataclass, field
from math import inf

HOST = "127.0.0.1"
_connects: dict[asyncio.AbstractEventLoop, asyncio.Semaphore] = {}


def connecting() -> asyncio.Semaphore:
    """A few connects at a time: the server's accept queue is not the thing under test.
    One per event loop, as each stage runs in its own."""
    loop = asyncio.get_running_loop()
    if loop not in _connects:
        _connects.clear()
        _connects[loop] = asyncio.Semaphore(64)
    return _connects[loop]


def percentile(values: list[float], share: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(share * (len(ordered) - 1))))
    return ordered[index]


def summary(samples: list[float]) -> dict:
    """p50/p95/p99 in ms; a sample that never arrived counts as infinitely late."""

    def rounded(value: float) -> float | None:
        return None if value != value or value == inf else round(value, 2)  # nan or missed

    return {
        "n": len(samples),
        "p50_ms": rounded(percentile(samples, 0.50)),
        "p95_ms": rounded(percentile(samples, 0.95)),
        "p99_ms": rounded(percentile(samples, 0.99)),
    }


async def wait_until(changed: asyncio.Event, done: Callable[[], bool], timeout: float) -> bool:
    """Wait until ``done()`` holds, looking again each time ``changed`` is set; False after
    ``timeout`` (or when ``done`` raises TimeoutError)."""
    deadline = time.perf_counter() + timeout
    try:
        while not done():
            remaining = deadline - time.perf_counter()
            if remaining <= 0:
                return False
            changed.clear()
            await asyncio.wait_for(changed.wait(), remaining)
    except TimeoutError:
        return False
    return True


def request_id() -> str:
    return secrets.token_urlsafe(12)


@dataclass
class Tally:
    """Every answer a stage got. Any status outside 2xx is an error, except a refusal the
    stage expects (a knocked-out hero's 409, which the Director then puts right)."""

    ok: int = 0
    refused: int = 0
    errors: Counter = field(default_factory=Counter)

    def answer(self, status: int, expected_refusal: bool = False) -> None:
        if 200 <= status < 300:
            self.ok += 1
        elif expected_refusal:
            self.refused += 1
        else:
            self.errors[str(status)] += 1

    def failure(self, error: BaseException) -> None:
        self.errors[type(error).__name__] += 1

    def as_dict(self) -> dict:
        return {
            "ok": self.ok,
            "refused": self.refused,
            "errors": sum(self.errors.values()),
            "error_kinds": dict(self.errors),
        }


@dataclass
class Answer:
    status: int
    headers: dict[str, str]
    body: bytes

    @property
    def text(self) -> str:
        return self.body.decode("utf-8", "replace")


class ConnectionLost(Exception):
    pass


async def _head(reader: asyncio.StreamReader) -> tuple[int, dict[str, str]]:
    line = await reader.readline()
    if not line:
        raise ConnectionLost("closed before answering")
    status = int(line.split(b" ", 2)[1])
    headers = {}
    while (line := await reader.readline()) not in (b"\r\n", b"\n", b""):
        name, _, value = line.decode("latin-1").partition(":")
        headers[name.strip().lower()] = value.strip()
    return status, headers


async def _chunks(reader: asyncio.StreamReader):
    """The pieces of a chunked body as they arrive."""
    while True:
        size_line = await reader.readline()
        if not size_line:
            raise ConnectionLost("stream cut mid-body")
        size = int(size_line.split(b";")[0], 16)
        if size == 0:
            await reader.readline()
            return
        data = await reader.readexactly(size + 2)
        yield data[:-2]


async def _body(reader: asyncio.StreamReader, headers: dict[str, str]) -> bytes:
    if "content-length" in headers:
        return await reader.readexactly(int(headers["content-length"]))
    if headers.get("transfer-encoding", "").lower() == "chunked":
        return b"".join([piece async for piece in _chunks(reader)])
    return await reader.read()


class Http:
    """One keep-alive connection, like a browser tab's, carrying one person's cookies."""

    sent_again = 0  # requests whose answer never came, sent again as they were (same id)

    def __init__(self, port: int, cookies: dict[str, str] | None = None) -> None:
        self.port = port
        self.cookies = cookies or {}
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    def _request(self, method: str, path: str, body: bytes, extra: dict[str, str]) -> bytes:
        # Compressed answers, as a browser asks for them (and the server spends time on).
        headers = {"Host": f"{HOST}:{self.port}", "HX-Request": "true", "Accept-Encoding": "gzip"}
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
            headers["X-CSRFToken"] = self.cookies.get("csrftoken", "")
            headers["Origin"] = f"http://{HOST}:{self.port}"
        if method == "POST":
            headers["Content-Type"] = "application/x-www-form-urlencoded"
            headers["Content-Length"] = str(len(body))
        headers |= extra
        head = "".join(f"{k}: {v}\r\n" for k, v in headers.items())
        return f"{method} {path} HTTP/1.1\r\n{head}\r\n".encode("latin-1") + body

    async def request(
        self, method: str, path: str, data: dict | None = None, headers: dict | None = None
    ) -> Answer:
        from urllib.parse import urlencode

        payload = self._request(method, path, urlencode(data or {}).encode(), headers or {})
        for attempt in (1, 2):
            if self.writer is None or self.reader.at_eof() or self.writer.is_closing():
                await self._connect()
            try:
                self.writer.write(payload)
                status, answer_headers = await _head(self.reader)
            except (ConnectionLost, ConnectionError) as lost:
                # The server closed an idle keep-alive connection as we wrote, or its worker
                # died: nothing was answered, and every action carries a request id, so
                # sending again is safe.
                await self.close()
                type(self).sent_again += 1
                if attempt == 2:
                    raise ConnectionLost(str(lost)) from lost
                continue
            body = await _body(self.reader, answer_headers)
            if answer_headers.get("content-encoding") == "gzip":
                body = gzip.decompress(body)
            if answer_headers.get("connection", "").lower() == "close":
                await self.close()
            return Answer(status, answer_headers, body)
        raise AssertionError("unreachable")

    async def get(self, path: str) -> Answer:
        return await self.request("GET", path)

    async def post(self, path: str, data: dict | None = None) -> Answer:
        """A table action as the page sends it, with an X-Request-ID so it applies once."""
        return await self.request("POST", path, data, {"X-Request-ID": request_id()})

    async def _connect(self) -> None:
        async with connecting():
            self.reader, self.writer = await asyncio.open_connection(HOST, self.port)

    async def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
            self.reader = self.writer = None


SEEN = re.compile(rb"^id: (\d+)$", re.M)


class Stream:
    """One page's event stream. Calls ``on_block(stream, event, block, now)`` for each block
    and keeps the arrival time of every ``seen`` (the last block of an event)."""

    def __init__(
        self,
        port: int,
        path: str,
        cookies: dict[str, str] | None = None,
        on_block: Callable | None = None,
        ids_only: bool = False,
    ) -> None:
        self.port, self.path, self.cookies = port, path, cookies or {}
        self.on_block = on_block
        # Read only the events' ids (when each arrived), not what each block is: a thousand
        # streams in one client cost it less, so that the server is what gets measured.
        self.ids_only = ids_only
        self.high = 0  # the newest event this stream has received in full
        self.seen: deque[tuple[int, float]] = deque(maxlen=32)
        self.status: int | None = None
        self.revoked = False
        self.names_only = False  # the stream sends part names, not parts (the old protocol)
        self.changed = asyncio.Event()
        self.writer: asyncio.StreamWriter | None = None
        self.task: asyncio.Task | None = None

    async def open(self, after: int) -> int:
        """Connect and read the answer's head; then keep reading in the background."""
        path = f"{self.path}?after={after}"
        head = [f"GET {path} HTTP/1.1", f"Host: {HOST}:{self.port}", "Accept: text/event-stream"]
        if self.cookies:
            head.append("Cookie: " + "; ".join(f"{k}={v}" for k, v in self.cookies.items()))
        async with connecting():
            reader, self.writer = await asyncio.open_connection(HOST, self.port)
            self.writer.write(("\r\n".join(head) + "\r\n\r\n").encode("latin-1"))
            self.status, headers = await _head(reader)
        self.high = after
        if self.status != 200:
            await self.close()
        else:
            chunked = headers.get("transfer-encoding", "").lower() == "chunked"
            self.task = asyncio.create_task(self._read(reader, chunked))
        return self.status

    async def _read(self, reader: asyncio.StreamReader, chunked: bool) -> None:
        buffer = b""
        pieces = _chunks(reader) if chunked else _raw(reader)
        try:
            async for piece in pieces:
                buffer += piece
                if b"\n\n" not in buffer[-len(piece) - 1 :]:
                    continue  # the rest of the buffer was searched when it came
                *blocks, buffer = buffer.split(b"\n\n")
                now = time.perf_counter()
                for block in blocks:
                    if not self.ids_only:
                        self._block(block, now)
                    elif block.startswith(b"id: "):  # an event's last block: "id: <id>\n…"
                        self._seen(int(block[4 : block.index(b"\n")]), now)
        except (ConnectionLost, ConnectionError, asyncio.IncompleteReadError):
            pass
        finally:
            self.changed.set()

    def _block(self, block: bytes, now: float) -> None:
        if not block.startswith((b"event: ", b"id: ")):
            return  # a comment (heartbeat) or the retry hint
        lines = block.split(b"\n", 3)
        event = next((x[7:].decode() for x in lines[:2] if x.startswith(b"event: ")), "")
        if event == "seen":
            if found := SEEN.search(block):
                self._seen(int(found.group(1)), now)
        elif event == "revoked":
            self.revoked = True
        elif event != "log" and len(lines) > 1 and lines[1][6:].strip().isdigit():
            self.names_only = True  # "data: <event id>": the page would fetch the part
        if self.on_block is not None:
            self.on_block(self, event, block, now)

    def _seen(self, event_id: int, now: float) -> None:
        self.seen.append((event_id, now))
        self.high = max(self.high, event_id)
        self.changed.set()

    def arrival_after(self, event_id: int) -> float | None:
        """When the first event newer than ``event_id`` arrived in full, if it has."""
        return next((at for seen, at in self.seen if seen > event_id), None)

    async def wait_beyond(self, event_id: int, timeout: float) -> float | None:
        """The arrival of the first event newer than ``event_id``; None after ``timeout``."""

        def arrived() -> bool:
            if self.task is None or self.task.done():
                raise TimeoutError  # the stream is gone: it won't arrive
            return self.high > event_id

        if not await wait_until(self.changed, arrived, timeout):
            return None
        return self.arrival_after(event_id)

    async def close(self) -> None:
        if self.task is not None:
            self.task.cancel()
            await asyncio.gather(self.task, return_exceptions=True)
        if self.writer is not None:
            self.writer.close()
            self.writer = None


async def wire_get(port: int, path: str, headers: dict[str, str]) -> tuple[Answer, int]:
    """A GET on a fresh connection, and every byte the answer took on the wire (head and body,
    as sent: compressed, chunked)."""
    head = {"Host": f"{HOST}:{port}", "Connection": "close"} | headers
    request = f"GET {path} HTTP/1.1\r\n" + "".join(f"{k}: {v}\r\n" for k, v in head.items())
    reader, writer = await asyncio.open_connection(HOST, port)
    try:
        writer.write((request + "\r\n").encode("latin-1"))
        raw = await reader.read()
    finally:
        writer.close()
    wire = len(raw)
    again = asyncio.StreamReader()
    again.feed_data(raw)
    again.feed_eof()
    status, answer_headers = await _head(again)
    return Answer(status, answer_headers, await _body(again, answer_headers)), wire


async def _raw(reader: asyncio.StreamReader):
    while piece := await reader.read(65536):
        yield piece
