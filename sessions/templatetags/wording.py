"""`{{ detail.text|mid_sentence:names }}`: typed words joined into a sentence, their first
letter lowered unless it starts a name (`sessions.wording`, with the names the page knows)."""

from django import template

from sessions.wording import leg_name, leg_title, mid_sentence

register = template.Library()


@register.filter("mid_sentence", is_safe=True)
def mid_sentence_filter(text: str, names=()) -> str:
    return mid_sentence(str(text), names or ())


@register.filter("leg_title")
def leg_title_filter(title: str, number=None) -> str:
    """`{{ leg.title|leg_title:2 }}`: the title without a "Leg 2" it carries already."""
    return leg_title(_number(number), str(title or ""))


@register.filter("leg_name")
def leg_name_filter(title: str, number=None) -> str:
    """`{{ leg.title|leg_name:2 }}`: "Leg 2: The Monsoon Heist"."""
    return leg_name(_number(number), str(title or ""))


def _number(value) -> int | None:
    try:
        return int(value)
    except (TypeError, ValueError):
        return None
