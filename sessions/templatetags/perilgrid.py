"""The boxes of the Director's Peril grid in a Tumult: `{% peril_box danger hero %}`, each with
its own reason when the enemies' turn was refused (every bad box at once)."""

from django import template

register = template.Library()


@register.inclusion_tag("sessions/table/_peril_box.html", takes_context=True)
def peril_box(context, danger, hero) -> dict:
    """One share of ``danger``'s Danger Rating for ``hero``: 0 to the rating (the bounds the
    rules check, `R.peril_share_problem`). Drawn again as typed when refused (``typed``, the
    form as posted), marked if it or its column (more than the rating in all) is wrong."""
    key = f"{danger.pk}-{hero.pk}"
    typed = context.get("typed")
    value = typed.get(f"split-{key}", "0") if typed is not None else "0"
    error = (context.get("box_errors") or {}).get(key, "")
    over = danger.pk in (context.get("column_errors") or {}) and value.strip() not in ("", "0")
    return {
        "danger": danger,
        "hero": hero,
        "key": key,
        "round": context["tumult"].round,
        "value": value,
        "error": error,
        "over": over,
        # Drawn as typed, it takes the place of the boxes that were there (no hx-preserve).
        "refused": typed is not None,
    }


@register.simple_tag(takes_context=True)
def column_error(context, danger) -> str:
    """Why ``danger``'s shares together can't be given (more than its Danger Rating), or ""."""
    return (context.get("column_errors") or {}).get(danger.pk, "")
