"""The shared table: one page per Adventure (its parts drawn once per moment of the table and
audience, `parts.kept`), and its live parts drawn one at a time."""

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_GET

from sessions import rules as R
from sessions.parts import kept, part_context, part_named, shell_context
from sessions.views.answers import (
    LARGEST_ID,
    hero_at_hand,
    render_part,
    table_viewer,
    whole_number,
)


@require_GET
def table(request: HttpRequest, pk: int) -> HttpResponse:
    # First: the drawings are of this moment, or later (`kept`). An id too big is a 404 below.
    last = kept.last_event(pk) if pk <= LARGEST_ID else 0
    _adventure, viewer = table_viewer(request, pk)
    context = shell_context(viewer, last) | {"events_url": reverse("table_events", args=[pk])}
    return render(request, "sessions/table.html", context)


@require_GET
def part(request: HttpRequest, pk: int, name: str) -> HttpResponse:
    part = part_named(name)
    if part is None:
        raise Http404("No such part of the table")
    _adventure, viewer = table_viewer(request, pk)
    before = whole_number(request.GET.get("before"))
    context = part_context(viewer, part, request.GET.get("character"), before)
    if part.appends and before:
        return render(request, f"{part.template}#older", context)
    return render_part(request, part, context)


@require_GET
def gamble_odds(request: HttpRequest, pk: int, character_id: int) -> HttpResponse:
    """The odds as the pool is built (htmx, as the form changes): for the hero's player, and
    for the Director building it on the Roll-for page (`hero_at_hand`)."""
    adventure, viewer = table_viewer(request, pk)
    character = hero_at_hand(viewer, character_id)
    form = viewer.gamble_form(character, request.GET)
    odds = R.odds(R.pool_size(character.state, form.setup()), character.lucky_saves)
    # With real dice the line also says how many to roll, and why (`form.pool_reasons`).
    # The Director rolling for a hero hears whose Lucky Saves they are, not "your".
    context = {
        "odds": odds,
        "character": character,
        "form": form,
        "adventure": adventure,
        "viewer": viewer,
    }
    return render(request, "sessions/parts/gamble.html#odds", context)


@require_GET
def sound_check(request: HttpRequest, pk: int) -> HttpResponse:
    """Has this sound effect been heard in the Adventure yet? (htmx, as it is typed)"""
    adventure, _viewer = table_viewer(request, pk)
    text = request.GET.get("sound_effects", "")
    message, ok = "", True
    if text.strip():
        try:
            R.check_sound_effects([text], adventure.sounds.values_list("key", flat=True))
            message = f"“{text.strip()}” is fresh: nobody has used it yet."
        except R.RuleError as refused:
            message, ok = str(refused), False
    context = {"message": message, "ok": ok}
    return render(request, "sessions/parts/gamble.html#sound-hint", context)
