"""The "?" beside a table control that opens its rule: `{% rule_help "lucky-saves" %}`.

A plain link to the rule on /rules/ (so it works without JavaScript); static/js/rules.js opens
the section in a dialog in place, from data-rule-help, so the live table stays where it was.
"""

from functools import lru_cache

from django import template
from django.urls import reverse
from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe

from enigma_site.rulebook import title_of

register = template.Library()

# Links kept: one a section the templates name (the SRD has 74; an unknown slug raises, and
# nothing is kept for it).
LINKS_KEPT = 128


@register.simple_tag(takes_context=True)
def rule_help(context, slug: str) -> SafeString:
    """The "?" for the SRD section `slug`; an unknown slug raises (the heading ids are fixed).

    Nothing on the shared screen: the parts it shares with the table are there to watch."""
    link = _link(slug)
    return mark_safe("") if context.get("screen") else link


@lru_cache(maxsize=LINKS_KEPT)
def _link(slug: str) -> SafeString:
    """The same few links on every panel of every drawing: made once a process."""
    title = title_of(slug)
    return format_html(
        '<a class="rule-help" href="{page}#{slug}" data-rule-help="{fragment}"'
        ' data-rule-slug="{slug}" aria-haspopup="dialog" aria-label="Rule: {title}"'
        ' title="Rule: {title}"><span aria-hidden="true">?</span></a>',
        page=reverse("rules"),
        slug=slug,
        fragment=reverse("rule", args=[slug]),
        title=title,
    )
