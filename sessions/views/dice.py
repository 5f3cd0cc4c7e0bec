"""Real dice at the table: the Director's setting, and the page that shows the app's own dice
are fair (`/dice/`, and one table's at `/adventures/<id>/dice/`)."""

from django.contrib.auth.decorators import login_not_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET, require_POST

from sessions import fairdice
from sessions.access import table_seat
from sessions.actions import handdice
from sessions.models import Adventure
from sessions.views.answers import act, director_viewer


@require_POST
def real_dice_set(request: HttpRequest, pk: int) -> HttpResponse:
    """The Director chooses whose dice the table rolls."""
    adventure, _viewer = director_viewer(request, pk)
    choice = request.POST.get("real_dice", "")
    return act(
        request,
        adventure,
        lambda: handdice.choose_dice(adventure, choice, request.user),
        "director",
    )


def _page(request: HttpRequest, counts: dict, adventure: Adventure | None) -> HttpResponse:
    return render(
        request,
        "sessions/dice.html",
        {
            "app": counts[fairdice.APP_FACES],
            "hand": counts[fairdice.HAND_FACES],
            "adventure": adventure,
        },
    )


@login_not_required
@require_GET
def dice_page(request: HttpRequest) -> HttpResponse:
    """Every die the app has rolled at every table: open to anyone (nothing of a table shows)."""
    return _page(request, fairdice.site_counts(), None)


@require_GET
def adventure_dice(request: HttpRequest, pk: int) -> HttpResponse:
    """One table's dice, for its Director and Cast; 404 for anyone else."""
    adventure = Adventure.objects.filter(pk=pk).first()
    if adventure is None or not table_seat(request.user.pk, adventure):
        raise Http404("No such adventure")
    return _page(request, fairdice.table_counts(adventure.pk), adventure)
