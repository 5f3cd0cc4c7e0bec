"""The rules engine's numbers and verdicts for templates, so no template restates a rule.

Loaded as a builtin (see settings): `{% rule "MAX_PERIL" %}`, `{{ face|die_class }}`,
`{{ face|can_lift }}`, `{% for number, filled in character.peril|peril_track %}`.
"""

from django import template

from sessions import rules as R

register = template.Library()

NUMBERS = {
    "MAX_PERIL": R.MAX_PERIL,
    "KNOCKOUTS_TO_RETIRE": R.KNOCKOUTS_TO_RETIRE,
    "MAX_LUCKY_SAVES": R.MAX_LUCKY_SAVES,
}


@register.simple_tag
def rule(name: str) -> int:
    return NUMBERS[name]


@register.filter
def die_class(face: int) -> str:
    """How a die looks: a hit (5 or 6), a 1 that costs Peril, or plain."""
    if R.is_hit(face):
        return "die-hit"
    return "die-one" if R.is_peril_face(face) else ""


@register.filter
def can_lift(face: int) -> bool:
    return R.can_lift(face)


def _track(marked: int, boxes: int) -> list[tuple[int, bool]]:
    return [(number, number <= marked) for number in range(1, boxes + 1)]


@register.filter
def peril_track(peril: int) -> list[tuple[int, bool]]:
    return _track(peril, R.MAX_PERIL)


@register.filter
def knockout_track(knockouts: int) -> list[tuple[int, bool]]:
    return _track(knockouts, R.KNOCKOUTS_TO_RETIRE)
