"""`{{ detail.text|mid_sentence }}`: typed words joined into a sentence (sessions/wording.py)."""

from django import template

from sessions.wording import mid_sentence

register = template.Library()
register.filter("mid_sentence", mid_sentence, is_safe=True)
