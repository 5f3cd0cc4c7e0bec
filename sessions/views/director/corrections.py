"""Safety and corrections: the Director's own pause, resuming after it or the X-card,
answering a fast-forward, "Previously on…" played and skipped, undoing a move."""

from django.http import HttpRequest, HttpResponse
from django.views.decorators.http import require_POST

from sessions.actions import (
    corrections,
    previously,
    safety,
)
from sessions.views.answers import (
    whole_number,
)
from sessions.views.director.base import control


@require_POST
def pause(request: HttpRequest, pk: int) -> HttpResponse:
    """The Director pauses the table themselves (the X-card is the players' way)."""
    return control(
        request, pk, lambda adventure, _: safety.director_pause(adventure, request.user), "pause"
    )


@require_POST
def resume(request: HttpRequest, pk: int) -> HttpResponse:
    return control(
        request, pk, lambda adventure, _: safety.resume(adventure, request.user), "pause"
    )


@require_POST
def fast_forward_done(request: HttpRequest, pk: int) -> HttpResponse:
    """The Director moved the Scene on past the moment someone asked to skip."""
    return control(
        request, pk, lambda adventure, _: safety.moved_on(adventure, request.user), "pause"
    )


@require_POST
def previously_play(request: HttpRequest, pk: int) -> HttpResponse:
    """Put "Previously on…" on the TV and the phones."""
    return control(
        request, pk, lambda adventure, _: previously.play(adventure, request.user), "previously"
    )


@require_POST
def previously_skip(request: HttpRequest, pk: int) -> HttpResponse:
    return control(
        request, pk, lambda adventure, _: previously.skip(adventure, request.user), "previously"
    )


@require_POST
def undo(request: HttpRequest, pk: int) -> HttpResponse:
    """Undo the newest move of the Scene: the one the Director was shown (``event``)."""
    expected = whole_number(request.POST.get("event"))
    return control(
        request,
        pk,
        lambda adventure, _: corrections.undo(adventure, expected, request.user),
        "corrections",
    )
