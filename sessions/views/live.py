"""The event streams (Server-Sent Events) and the shared screen for the TV.

Under `enigma_site.asgi` the streams are answered by `sessions.streams` before Django sees the
request; these Django views answer them anywhere else (the test client, another ASGI setup),
with the same checks.
"""

from asgiref.sync import sync_to_async
from django.contrib.auth.decorators import login_not_required
from django.db import connection, connections
from django.http import Http404, HttpRequest, HttpResponse, StreamingHttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.views.decorators.http import require_GET

from sessions import live
from sessions.models import Adventure
from sessions.streams import may_watch, screen_adventure
from sessions.views.table import CONTEXTS, Viewer, log_context, part_template

SCREEN_PARTS = (
    "scene",
    "cast",
    "wideshot",
    "wideshot-board",
    "latest",
    "log",
    "pause",
    "tumult",
    "dangers",
)


def _close_connections() -> None:
    # Inside a transaction (a test's) the connection isn't ours to close.
    if not connection.in_atomic_block:
        connections.close_all()


async def _release_connections() -> None:
    # The stream lives for hours: give back the connection the checks above used.
    await sync_to_async(_close_connections)()


def _event_stream(request: HttpRequest, adventure_id: int) -> StreamingHttpResponse:
    after = live.parse_after(request.headers.get("Last-Event-ID"), request.GET.get("after"))
    response = StreamingHttpResponse(
        live.stream(adventure_id, after), content_type="text/event-stream"
    )
    response["Cache-Control"] = "no-cache"
    response["X-Accel-Buffering"] = "no"
    return response


@require_GET
async def table_events(request: HttpRequest, pk: int) -> StreamingHttpResponse:
    user = await request.auser()
    allowed = await sync_to_async(may_watch)(user.pk, pk)
    await _release_connections()
    if not allowed:
        raise Http404("No such table")
    return _event_stream(request, pk)


@login_not_required
@require_GET
async def screen_events(request: HttpRequest, token: str) -> StreamingHttpResponse:
    adventure_id = await sync_to_async(screen_adventure)(token)
    await _release_connections()
    if adventure_id is None:
        raise Http404("This shared screen link has been switched off")
    return _event_stream(request, adventure_id)


def _screen_context(adventure: Adventure, name: str | None = None) -> dict:
    viewer = Viewer(adventure, user_id=None, screen=True)
    part_base = reverse("screen", args=[adventure.screen_token]) + "part/"
    context = {"adventure": adventure, "viewer": viewer, "screen": True, "part_base": part_base}
    for part in [name] if name else SCREEN_PARTS:
        context |= CONTEXTS[part](viewer) if part != "log" else log_context(viewer)
    return context


@login_not_required
@require_GET
def screen(request: HttpRequest, token: str) -> HttpResponse:
    adventure = get_object_or_404(Adventure, screen_token=token)
    context = _screen_context(adventure)
    context["events_url"] = reverse("screen_events", args=[token])
    context["last_event"] = context["events"][0].pk if context["events"] else 0
    return render(request, "sessions/screen.html", context)


@login_not_required
@require_GET
def screen_part(request: HttpRequest, token: str, name: str) -> HttpResponse:
    if name not in SCREEN_PARTS:
        raise Http404("No such part of the screen")
    adventure = get_object_or_404(Adventure, screen_token=token)
    return render(request, part_template(name), _screen_context(adventure, name))
