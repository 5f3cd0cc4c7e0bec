"""How the table's views answer: who is asking, running an action, redrawing a part.

Not views themselves: the helpers every table view module shares.
"""

import re

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render

from sessions import rules as R
from sessions.access import joined_adventure
from sessions.models import Adventure
from sessions.parts import PARTS, Audience, Part
from sessions.viewer import Viewer


def table_viewer(request: HttpRequest, pk: int) -> tuple[Adventure, Viewer]:
    """The Adventure and who is looking at its table; 404 for anyone without a seat."""
    adventure, directs = joined_adventure(request, pk)
    return adventure, Viewer(adventure, request.user.pk, directs)


def director_viewer(request: HttpRequest, pk: int) -> tuple[Adventure, Viewer]:
    adventure, viewer = table_viewer(request, pk)
    if not viewer.directs:
        raise Http404("Directors only")
    return adventure, viewer


def whole_number(value: str | None) -> int | None:
    """A plain id or count from a form, or None: "²", "-1" or a thousand digits aren't."""
    return int(value) if value and re.fullmatch(r"\d{1,9}", value) else None


def base_context(viewer: Viewer) -> dict:
    return {
        "adventure": viewer.adventure,
        "viewer": viewer,
        "screen": viewer.screen,
        "part_base": viewer.part_base,
    }


def page_context(viewer: Viewer) -> dict:
    """Everything the whole table page (or shared screen) draws for ``viewer``."""
    context = base_context(viewer)
    seen = [
        part
        for part in PARTS.values()
        if (viewer.directs or part.audience != Audience.DIRECTOR)
        and (part.on_screen or not viewer.screen)
    ]
    for build in dict.fromkeys(part.build for part in seen if not part.per_hero):
        context |= build(viewer)
    for part in seen:
        if part.per_hero:
            context["panels"] = [part.build(viewer, hero) for hero in viewer.characters]
    context["last_event"] = context["events"][0].pk if context["events"] else 0
    return context


def part_context(viewer: Viewer, part: Part, hero=None, before: int | None = None) -> dict:
    """What ``part`` needs to draw itself for ``viewer``."""
    context = base_context(viewer)
    if part.per_hero:
        return context | {"panel": part.build(viewer, viewer.own(hero))}
    if part.appends:
        return context | part.build(viewer, before)
    return context | part.build(viewer)


def render_part(request, part: Part, context: dict, status: int = 200) -> HttpResponse:
    return render(request, part.content, context, status=status)


def respond(request, adventure: Adventure, name: str, error: str = "", hero=None):
    """Answer an action: the part redrawn as it is now for htmx (409 if refused), else the page."""
    if not request.htmx:
        if error:
            messages.error(request, error)
        return redirect("table", adventure.pk)
    adventure.refresh_from_db()
    # Who may see what was settled before the action; what they see is read afresh.
    viewer = Viewer(adventure, request.user.pk, adventure.director_id == request.user.pk)
    part = PARTS[name]
    context = part_context(viewer, part, hero) | {"error": error}
    if "panel" in context:
        context["panel"]["error"] = error
    return render_part(request, part, context, status=409 if error else 200)


def act(request, adventure: Adventure, action, name: str, hero=None) -> HttpResponse:
    """Run a table action; a refused move comes back as a message in the redrawn part."""
    try:
        action()
    except R.RuleError as refused:
        return respond(request, adventure, name, str(refused), hero)
    return respond(request, adventure, name, "", hero)


def checked(form) -> dict:
    """A valid form's data; an invalid one is refused like any other bad move."""
    if not form.is_valid():
        raise R.RuleError(" ".join(e for errors in form.errors.values() for e in errors))
    return form.cleaned_data
