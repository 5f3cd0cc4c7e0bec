"""Wires a live part's container from the parts registry: `{% part_wiring "scene" %}`."""

from django import template
from django.utils.html import format_html

from sessions.actions.base import PAUSED
from sessions.parts import PARTS
from sessions.parts.rows import event_row

register = template.Library()
register.simple_tag(event_row)


@register.simple_tag
def part_wiring(name: str, hero=None) -> str:
    """The container's id and the stream message whose HTML becomes its content. Forms inside
    it inherit its target and swap, so a refused move redraws the part with the reason."""
    part = PARTS[name]
    return format_html(
        'id="{}" sse-swap="{}" hx-target="this" hx-swap="innerHTML"',
        part.element_id(hero),
        part.signal(hero),
    )


@register.inclusion_tag("sessions/parts/_paused.html", takes_context=True)
def paused_note(context) -> dict:
    """While the X-card holds the table, why a part's buttons are greyed out: the actions'
    own refusal, so the screen and the refusal say the same thing."""
    adventure = context.get("adventure")
    return {"reason": PAUSED if adventure is not None and adventure.paused else ""}


@register.simple_tag(takes_context=True)
def refusal(context, tool: str = "", key="") -> str:
    """The reason a move was refused, beside the button of the form that made it (the form's
    ``tool`` field: ``tool`` or ``tool:key``); nothing for any other form. With no ``tool``,
    at a part's foot: the reason for a form that is no longer drawn (a forged one, say)."""
    error, refused, shown = (context.get(k) for k in ("error", "refused_tool", "refusal_shown"))
    if not error or not refused:
        return ""
    name = f"{tool}:{key}" if key != "" else tool
    if tool and refused != name:
        return ""
    if not tool and shown:
        return ""
    if shown is not None:
        shown.append(name)
    return format_html('<p class="form-errors refusal" role="alert">{}</p>', error)
