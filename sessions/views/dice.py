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
from sessions.parts import PARTS, base_context
from sessions.parts.player import gamble_panel
from sessions.views.answers import act, director_viewer, hero_at_hand, render_part


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


@require_GET
def director_rolls_for(request: HttpRequest, pk: int, character_id: int) -> HttpResponse:
    """The Director makes a hero's moves for a player without a phone: the hero's own Gamble
    panel, its forms sent without htmx (each move comes back to this page), so the Director
    builds the pool, enters the dice the player rolled (or lets the app roll), spends Lucky
    Saves, speaks the Catchphrase and locks in.

    Asked by htmx, the hero's panel alone: the page draws it again as the table changes (its
    player spends a Lucky Save, Peril is dealt), as the player's own phone does; the cockpit's
    "Roll for" opens it in a dialog over the table (roll-for-dialog.js), its forms sent by htmx.
    This page is where the link goes without JavaScript, or in a tab of its own."""
    adventure, viewer = director_viewer(request, pk)
    hero = hero_at_hand(viewer, character_id)
    panel = gamble_panel(viewer, hero)
    if request.htmx:
        return render_part(request, PARTS["gamble"], base_context(viewer) | {"panel": panel})
    context = {"adventure": adventure, "viewer": viewer, "panel": panel}
    return render(request, "sessions/roll_for.html", context)
