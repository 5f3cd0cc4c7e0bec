"""The event streams (Server-Sent Events) and the shared screen for the TV.

Under `enigma_site.asgi` the streams are answered by `sessions.streams` before Django sees the
request; these Django views answer them anywhere else (the test client, another ASGI setup),
with the same checks.
"""

import contextlib

from asgiref.sync import sync_to_async
from django.contrib.auth.decorators import login_not_required
from django.db import connection, connections
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse, StreamingHttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_POST

from sessions import live
from sessions import rules as R
from sessions.access import screen_adventure
from sessions.actions import previously
from sessions.actions import screen as screens
from sessions.parts import kept, part_context, part_named, shell_context
from sessions.viewer import Viewer
from sessions.views.answers import render_part
from sessions.views.pictures import remember_screen


def _close_connections() -> None:
    # Inside a transaction (a test's) the connection isn't ours to close.
    if not connection.in_atomic_block:
        connections.close_all()


async def _release_connections() -> None:
    # The stream lives for hours: give back the connection the checks above used.
    await sync_to_async(_close_connections)()


def _event_stream(request: HttpRequest, listener: live.Listener | None) -> StreamingHttpResponse:
    if listener is None:
        raise Http404("No such table")
    after = live.parse_after(request.headers.get("Last-Event-ID"), request.GET.get("after"))
    response = StreamingHttpResponse(live.stream(listener, after), content_type="text/event-stream")
    response["Cache-Control"] = "no-cache"
    response["X-Accel-Buffering"] = "no"
    return response


@require_GET
async def table_events(request: HttpRequest, pk: int) -> StreamingHttpResponse:
    session_key = request.session.session_key
    listener = await sync_to_async(live.table_listener)(session_key, pk)
    await _release_connections()
    return _event_stream(request, listener)


@login_not_required
@require_GET
async def screen_events(request: HttpRequest, token: str) -> StreamingHttpResponse:
    listener = await sync_to_async(live.screen_listener)(token)
    await _release_connections()
    return _event_stream(request, listener)


def _screen_viewer(token: str) -> Viewer:
    adventure = screen_adventure(token)
    if adventure is None:
        raise Http404("This shared screen link has been switched off")
    return Viewer(adventure, user_id=None, screen=True)


@login_not_required
@require_GET
def screen(request: HttpRequest, token: str) -> HttpResponse:
    last = kept.last_event(screen_token=token)  # first: the drawings are of this moment, or later
    context = shell_context(_screen_viewer(token), last)
    context["events_url"] = reverse("screen_events", args=[token])
    context["next_url"] = reverse("screen_next", args=[token])
    response = render(request, "sessions/screen.html", context)
    remember_screen(response, token, secure=request.is_secure())
    return response


@login_not_required
@require_POST
def screen_previously_skip(request: HttpRequest, token: str) -> HttpResponse:
    """The TV's Skip on "Previously on…": ends it on every screen (the stream redraws them)."""
    viewer = _screen_viewer(token)
    with contextlib.suppress(R.RuleError):  # over already, or skipped from elsewhere
        previously.skip(viewer.adventure)
    return HttpResponse(status=204)


@login_not_required
@require_POST
def screen_next(request: HttpRequest, token: str) -> HttpResponse:
    """A TV on a finished Adventure asks, now and then, where its Campaign went on: the next
    Adventure's screen address once the Director has started it (204 until then)."""
    viewer = _screen_viewer(token)
    # A read first: most asks find nothing, and take no writer's turn to find it.
    following = screens.next_in_campaign(viewer.adventure)
    if following is not None and following.screen_token is None:
        following = screens.follow_campaign(viewer.adventure)
    if following is None:
        return HttpResponse(status=204)
    return JsonResponse(
        {"url": reverse("screen", args=[following.screen_token]), "title": following.title}
    )


@login_not_required
@require_GET
def screen_part(request: HttpRequest, token: str, name: str) -> HttpResponse:
    part = part_named(name, screen=True)
    if part is None:
        raise Http404("No such part of the screen")
    viewer = _screen_viewer(token)
    return render_part(request, part, part_context(viewer, part))
