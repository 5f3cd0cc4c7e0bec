"""Wires a live part's container from the parts registry: `{% part_wiring "scene" %}`."""

from django import template
from django.utils.html import format_html

from sessions.parts import PARTS

register = template.Library()


@register.simple_tag(takes_context=True)
def part_wiring(context, name: str, hero=None) -> str:
    """The container's id, where it fetches itself again, and which stream events make it.
    Forms inside it inherit its target and swap, so a refused move redraws the part."""
    part = PARTS[name]
    element_id = part.element_id(hero)
    if part.appends:
        return format_html('id="{}"', element_id)
    url = f"{context['part_base']}{part.name}/" + (f"?character={hero}" if part.per_hero else "")
    trigger = ", ".join(f"sse:{signal}" for signal in part.signals(hero))
    return format_html(
        'id="{}" hx-get="{}" hx-trigger="{}" hx-sync="this:replace" hx-disinherit="hx-sync" '
        'hx-target="this" hx-swap="innerHTML"',
        element_id,
        url,
        trigger,
    )
