"""The Director's controls at the table: every one starts from `director_viewer`, so a
player who forges a request gets a 404."""

from django.db import transaction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.template.loader import render_to_string
from django.utils.html import format_html

from sessions import rules as R
from sessions.models import Adventure
from sessions.parts import PARTS, kept, part_context
from sessions.viewer import Viewer
from sessions.views.answers import (
    act,
    director_viewer,
    render_part,
    respond,
)


def control(request: HttpRequest, pk: int, action, name: str = "director") -> HttpResponse:
    """Run a Director's action. A refusal comes back in the part the form was drawn in (its
    ``part`` field), next to the button that was pressed; else in ``name``."""
    adventure, viewer = director_viewer(request, pk)
    posted = PARTS.get(request.POST.get("part", ""))
    if posted is not None and posted.seen_by(viewer) and not posted.per_hero:
        name = posted.name
    return act(request, adventure, lambda: action(adventure, viewer), name)


def aside(request: HttpRequest, pk: int, name: str, change, *, also: str = "") -> HttpResponse:
    """A move the Director makes for themselves alone (nothing happens at the table, no
    event): ``change(adventure, viewer)``, then the part ``name`` comes back redrawn, with
    what ``change`` returned (a dict, or None) to say how it went, and the part ``also``
    redrawn in its own place (out of band) if it changed too."""
    adventure, viewer = director_viewer(request, pk)
    try:
        with transaction.atomic():
            said = change(Adventure.objects.select_for_update().get(pk=adventure.pk), viewer)
            kept.changed(adventure)  # no event: the Director's page draws afresh
    except R.RuleError as refused:
        return respond(request, adventure, name, str(refused))
    if not request.htmx:
        return redirect("table", pk)
    viewer = Viewer(Adventure.objects.get(pk=pk), request.user.pk, True)
    part = PARTS[name]
    response = render_part(request, part, part_context(viewer, part) | (said or {}))
    if also:
        other = PARTS[also]
        content = render_to_string(other.content, part_context(viewer, other), request=request)
        response.write(
            format_html(
                '<div id="{}" hx-swap-oob="innerHTML">{}</div>', other.element_id(), content
            )
        )
    return response
