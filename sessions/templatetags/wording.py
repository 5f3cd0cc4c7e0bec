"""`{{ detail.text|mid_sentence:names }}`: typed words joined into a sentence, their first
letter lowered unless it starts a name (`sessions.wording`, with the names the page knows)."""

from django import template

from sessions.wording import mid_sentence

register = template.Library()


@register.filter("mid_sentence", is_safe=True)
def mid_sentence_filter(text: str, names=()) -> str:
    return mid_sentence(str(text), names or ())
