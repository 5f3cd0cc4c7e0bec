"""Wires a live part's container from the parts registry: `{% part_wiring "scene" %}`."""

from django import template
from django.utils.html import format_html

from sessions.actions.base import paused_words
from sessions.parts import PARTS, kept
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


class DrawnNode(template.Node):
    def __init__(self, name, hero, nodelist) -> None:
        self.name, self.hero, self.nodelist = name, hero, nodelist

    def render(self, context) -> str:
        drawings = context.get("page_drawings")
        if drawings is not None:
            hero = self.hero.resolve(context) if self.hero is not None else None
            html = drawings.get(PARTS[self.name.resolve(context)].signal(hero))
            if html is not None:
                return kept.for_page(html, context.get("csrf_token"))
        return self.nodelist.render(context)


@register.tag
def drawn(parser, token) -> DrawnNode:
    """`{% drawn "scene" %}…{% enddrawn %}` around a part's content (`{% drawn "gamble" hero %}`
    for one hero's container): on a table page, the drawing made already (`parts.kept`) with
    the page's CSRF token put in; anywhere else, the content drawn in place."""
    bits = token.split_contents()
    if len(bits) not in (2, 3):
        raise template.TemplateSyntaxError("{% drawn %} takes a part's name and maybe a hero")
    name = parser.compile_filter(bits[1])
    hero = parser.compile_filter(bits[2]) if len(bits) == 3 else None
    nodelist = parser.parse(("enddrawn",))
    parser.delete_first_token()
    return DrawnNode(name, hero, nodelist)


@register.inclusion_tag("sessions/parts/_paused.html", takes_context=True)
def paused_note(context) -> dict:
    """While the pause (the X-card's or the Director's) holds the table, why a part's buttons
    are greyed out: the actions' own refusal, so the screen and the refusal say the same."""
    adventure = context.get("adventure")
    return {"reason": paused_words(adventure) if adventure is not None and adventure.paused else ""}


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
