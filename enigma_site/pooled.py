"""Django's synchronous handler on a few fixed threads, inside the ASGI app.

Django's own ASGI handler runs every request in a fresh `ThreadSensitiveContext`: each request
gets a new thread, so it also opens a new database connection (`CONN_MAX_AGE` never takes
effect: a thread's connection dies with it), and the async middleware chain crosses between the
event loop and that thread a score of times per request, even for /healthz. Every view and
middleware here is synchronous anyway. So the request goes to one of a few long-lived threads
in one hop, passes the middlewares and the view there as under WSGI, and comes back once with
its answer; each thread keeps its own database connection between requests (persistent on
SQLite, a pool slot on PostgreSQL). The event streams never come here: `enigma_site.asgi`
hands them to `sessions.streams`, which holds no thread while it waits.
"""

import asyncio
from concurrent.futures import ThreadPoolExecutor

from django.core import signals
from django.core.exceptions import RequestAborted
from django.core.handlers import base
from django.core.handlers.asgi import ASGIHandler, get_script_prefix
from django.http import FileResponse, HttpResponse
from django.urls import set_script_prefix


class PooledHandler(ASGIHandler):
    """An ASGI app that runs Django's synchronous request handling on ``threads`` threads."""

    def __init__(self, threads: int) -> None:
        base.BaseHandler.__init__(self)
        self.load_middleware(is_async=False)
        self.threads = ThreadPoolExecutor(max_workers=threads, thread_name_prefix="enigma-django")

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] != "http":
            raise ValueError(f"Django serves HTTP here, not {scope['type']}")
        try:
            body = await self.read_body(receive)
        except RequestAborted:
            return
        loop = asyncio.get_running_loop()
        with body:
            response = await loop.run_in_executor(self.threads, self._respond, scope, body)
        if not response.streaming:
            await self.send_response(response, send)
            return
        # A file (a picture, a static asset): its chunks are read on the threads too, never
        # on the event loop, and it is closed there (which ends the request for Django).
        try:
            await self._send_streaming(response, send, loop)
        finally:
            await loop.run_in_executor(self.threads, response.close)

    def _respond(self, scope, body) -> HttpResponse:
        """On a thread: the whole of Django's request handling, as under WSGI."""
        set_script_prefix(get_script_prefix(scope))
        # Closes a connection that has grown too old or broke, as for every Django request.
        signals.request_started.send(sender=self.__class__, scope=scope)
        request, response = self.create_request(scope, body)
        if request is not None:
            response = self.get_response(request)
            response._handler_class = self.__class__
        if response.streaming:
            if isinstance(response, FileResponse):
                response.block_size = self.chunk_size
            return response
        # Closing ends the request for Django (request_finished) on the thread that served it:
        # its connection stays open for the next request, or goes back to the pool. The bytes
        # are drawn already, and are all the event loop needs.
        response.close()
        return response

    async def _send_streaming(self, response, send, loop) -> None:
        await send(
            {
                "type": "http.response.start",
                "status": response.status_code,
                "headers": _headers(response),
            }
        )
        if response.is_async:
            async for part in response:
                await send({"type": "http.response.body", "body": part, "more_body": True})
        else:
            parts = iter(response)
            while (part := await loop.run_in_executor(self.threads, next, parts, None)) is not None:
                await send({"type": "http.response.body", "body": part, "more_body": True})
        await send({"type": "http.response.body"})


def _headers(response) -> list[tuple[bytes, bytes]]:
    headers = [(name.encode("ascii"), value.encode("latin-1")) for name, value in response.items()]
    cookies = response.cookies.values()
    return headers + [(b"Set-Cookie", c.OutputString().encode("ascii")) for c in cookies]
