"""How big a request body the server takes, checked at the edge, before Django reads a byte.

Django reads a whole body before any view sees it, spooling what passes 2.5 MB to a temporary
file: without a limit here an anonymous 300 MB POST lands on disk before it is refused, and a
few in parallel fill the disk. So each request gets a limit from what it can legitimately be:

- a Campaign's import (multipart, to its import page): the biggest file its limits allow
  (`sessions.models.limits.CAMPAIGN_EXPORT_BYTES`, about 10 MB) and room for the form around it;
- any other multipart form (a picture, an Adventure's or a hero's import): the biggest picture
  (`characters.pictures.MAX_BYTES`) and the same room;
- anything else (every other form): what Django itself reads of a form in memory
  (``DATA_UPLOAD_MAX_MEMORY_SIZE``), so such a body never reaches the disk at all.

A Content-Length above the limit is answered 413 at once, unread. A body sent without one
(chunked) is counted as it arrives and cut off with 413 the moment it passes: Django is told
the client went away (``http.disconnect``), so it drops the little it had read.
"""

from django.conf import settings
from django.urls import reverse

from characters.pictures import MAX_BYTES as PICTURE_BYTES
from sessions.models.limits import CAMPAIGN_EXPORT_BYTES

# The form around a file: its boundaries, the part headers and the form's other fields.
ENVELOPE = 1024 * 1024
MULTIPART = b"multipart/form-data"
TOO_BIG = (
    "That's more than this table can take in one go (at most {limit}). "
    "Go back and send something smaller."
)


def _megabytes(size: int) -> str:
    return f"{size / (1024 * 1024):.1f} MB" if size >= 1024 * 1024 else f"{size // 1024} KB"


class BodyLimit:
    """ASGI middleware: a request body past its limit is refused with 413, unread."""

    def __init__(self, app) -> None:
        self.app = app
        self.campaign_import = reverse("campaign_import")

    def limit(self, scope) -> int:
        content_type = b""
        for name, value in scope["headers"]:
            if name == b"content-type":
                content_type = value.split(b";", 1)[0].strip().lower()
        if content_type != MULTIPART:
            return settings.DATA_UPLOAD_MAX_MEMORY_SIZE
        if scope["path"] == self.campaign_import:
            return CAMPAIGN_EXPORT_BYTES + ENVELOPE
        return PICTURE_BYTES + ENVELOPE

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        limit = self.limit(scope)
        declared = next((v for n, v in scope["headers"] if n == b"content-length"), None)
        if declared is not None and declared.isdigit() and int(declared) > limit:
            await _refuse(send, limit)
            return
        received = 0
        over = started = False

        async def counted_receive():
            nonlocal received, over
            if over:
                return {"type": "http.disconnect"}
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > limit:
                    over = True
                    return {"type": "http.disconnect"}
            return message

        async def watched_send(message):
            nonlocal started
            if over:
                return  # the 413 is ours to send
            started = True
            await send(message)

        await self.app(scope, counted_receive, watched_send)
        if over and not started:
            await _refuse(send, limit)


async def _refuse(send, limit: int) -> None:
    body = TOO_BIG.format(limit=_megabytes(limit)).encode()
    await send(
        {
            "type": "http.response.start",
            "status": 413,
            "headers": [
                (b"content-type", b"text/plain; charset=utf-8"),
                (b"content-length", str(len(body)).encode()),
                (b"connection", b"close"),
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})
