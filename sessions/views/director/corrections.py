"""Safety and corrections: resuming after the X-card, undoing a move."""

from django.http import HttpRequest, HttpResponse
from django.views.decorators.http import require_POST

from sessions.actions import (
    corrections,
    safety,
)
from sessions.views.answers import (
    whole_number,
)
from sessions.views.director.base import control


@require_POST
def resume(request: HttpRequest, pk: int) -> HttpResponse:
    return control(
        request, pk, lambda adventure, _: safety.resume(adventure, request.user), "pause"
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
