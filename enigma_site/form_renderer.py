"""Form fields drawn by Jinja2, byte for byte as Django's own templates draw them.

Django ships Jinja2 copies of its form templates; they draw a field several times faster than
the Django template language, and a player's Gamble form is most of what the table page and
its live panel cost to draw (issue 27). Jinja2 escapes with MarkupSafe, which writes an
apostrophe as ``&#39;`` where Django writes ``&#x27;``: every value drawn here goes through
Django's own escaping instead, so a field's HTML doesn't depend on the renderer.
"""

from pathlib import Path

import jinja2
from django import forms
from django.forms.renderers import Jinja2
from django.utils.functional import cached_property
from django.utils.html import conditional_escape
from markupsafe import Markup


def _escaped(value) -> Markup:
    return Markup(conditional_escape(value))


def environment(**options) -> jinja2.Environment:
    return jinja2.Environment(**options, finalize=_escaped)


class FormRenderer(Jinja2):
    """Django's Jinja2 form renderer (its templates, found where Django's renderer finds
    them), escaping as Django does."""

    @cached_property
    def engine(self):
        return self.backend(
            {
                "APP_DIRS": True,
                "DIRS": [Path(forms.__file__).parent / "jinja2"],
                "NAME": "djangoforms",
                "OPTIONS": {"environment": "enigma_site.form_renderer.environment"},
            }
        )
