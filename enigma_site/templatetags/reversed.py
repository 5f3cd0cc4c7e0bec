"""`{% url %}`, each address worked out once a process.

Django's own tag asks the URL resolver afresh every time, and the table's parts hold a score
of addresses each (every move is a form that posts to one): reversing was a tenth of what
drawing an event cost (issue 27). The addresses of a running site never change, so each is
kept, keyed by everything the resolver reads: the name, the arguments as the address shows
them, the namespace, the script prefix and the URLconf. Listed in the template engine's
builtins, so it stands in for Django's tag in every template.
"""

import threading

from django import template
from django.core.signals import setting_changed
from django.template.defaulttags import URLNode, url
from django.urls import NoReverseMatch, get_script_prefix, get_urlconf, reverse
from django.utils.html import conditional_escape

register = template.Library()

LIMIT = 20_000
_known: dict[tuple, str] = {}
_lock = threading.Lock()


def reversed_once(view_name: str, args: list, kwargs: dict, current_app: str | None) -> str:
    key = (
        view_name,
        tuple(str(arg) for arg in args),
        tuple(sorted((name, str(value)) for name, value in kwargs.items())),
        current_app,
        get_script_prefix(),
        get_urlconf(),
    )
    found = _known.get(key)
    if found is None:
        found = reverse(view_name, args=args, kwargs=kwargs, current_app=current_app)
        with _lock:
            if len(_known) >= LIMIT:
                _known.clear()
            _known[key] = found
    return found


def forget(**kwargs) -> None:
    """A test that swaps the URLconf: the addresses worked out before may no longer hold."""
    with _lock:
        _known.clear()


setting_changed.connect(forget)


class ReversedOnceNode(URLNode):
    def render(self, context):
        args = [arg.resolve(context) for arg in self.args]
        kwargs = {k: v.resolve(context) for k, v in self.kwargs.items()}
        view_name = self.view_name.resolve(context)
        try:
            current_app = context.request.current_app
        except AttributeError:
            try:
                current_app = context.request.resolver_match.namespace
            except AttributeError:
                current_app = None
        address = ""
        try:
            address = reversed_once(view_name, args, kwargs, current_app)
        except NoReverseMatch:
            if self.asvar is None:
                raise
        if self.asvar:
            context[self.asvar] = address
            return ""
        return conditional_escape(address) if context.autoescape else address


@register.tag("url")
def url_once(parser, token):
    """Django's `{% url %}`, as its own documentation describes it."""
    node = url(parser, token)
    return ReversedOnceNode(node.view_name, node.args, node.kwargs, node.asvar)
