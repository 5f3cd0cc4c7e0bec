"""The Director's crib at the table: ticking a clue or set piece as used, posting a clue."""

from django.http import HttpRequest, HttpResponse
from django.views.decorators.http import require_POST

from sessions import rules as R
from sessions.actions import narration
from sessions.parts.crib import crib_leg, crib_lines
from sessions.views.director.base import aside, control


def _line(viewer, key: str):
    """The crib line named ``key`` in what is in play now: the text is read from the prep,
    never taken from the form."""
    leg = crib_leg(viewer)
    place = viewer.scene.key_location if viewer.scene else None
    found = (
        next((line for line in crib_lines(leg, place) if line.key == key), None) if leg else None
    )
    if found is None:
        raise R.RuleError("That line isn't in the prep for this Leg any more.")
    return leg, found


@require_POST
def crib_tick(request: HttpRequest, pk: int) -> HttpResponse:
    """Tick a clue or set piece as used this Leg (or untick it): the Director's alone."""
    used = request.POST.get("used") == "1"

    def tick(_adventure, viewer):
        leg, line = _line(viewer, request.POST.get("line", ""))
        narration.mark_used(leg.pk, line.key, used)

    return aside(request, pk, "crib", tick)


@require_POST
def crib_post(request: HttpRequest, pk: int) -> HttpResponse:
    """Tell the table a clue: it joins everyone's log, and is ticked as used."""

    def post(adventure, viewer):
        leg, line = _line(viewer, request.POST.get("line", ""))
        narration.post_clue(adventure, leg.pk, line.key, line.text, request.user)

    return control(request, pk, post, "crib")
