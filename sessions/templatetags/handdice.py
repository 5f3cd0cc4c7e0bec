"""The faces of real dice on a form: `{% faces_input "reroll" gamble.pk count=gamble.pool %}`."""

from django import template

from sessions.forms.dice import faces_field
from sessions.models import RealDice

register = template.Library()


@register.inclusion_tag("sessions/table/_faces.html", takes_context=True)
def faces_input(context, kind: str, key, count=None, error="", label="", name="faces") -> dict:
    """The faces field and its 1–6 pad, for a table that takes real dice. Its id is stable
    for one roll (``kind`` and ``key``), so a live redraw keeps what is being typed."""
    adventure = context.get("adventure")
    return {
        "faces_id": f"faces-{kind}-{key}",
        "name": name,
        "count": count,
        "either": adventure is not None and adventure.either_dice,
        "error": error,
        "label": label,
    }


@register.inclusion_tag("sessions/table/_real_dice_setting.html", takes_context=True)
def real_dice_setting(context) -> dict:
    """The Director's choice of whose dice the table rolls."""
    return {
        "adventure": context["adventure"],
        "real_dice_choices": RealDice.choices,
        "cast": context.get("cast") or (),
    }


@register.inclusion_tag("sessions/table/_hand_rolls.html", takes_context=True)
def hand_rolls_input(context, kind: str) -> dict:
    """One die per hero of the Cast, for the Director to type in when the table rolls real
    dice (a Rest, a Leg's Lucky Saves); left empty, the app rolls for that hero."""
    errors = context.get("faces_errors") or {}
    heroes = [
        {
            "hero": hero,
            "field": faces_field(hero.pk),
            "faces_id": f"faces-{kind}-{hero.pk}",
            "error": errors.get(faces_field(hero.pk), ""),
        }
        for hero in context.get("cast") or ()
    ]
    return {"adventure": context["adventure"], "heroes": heroes, "kind": kind}
