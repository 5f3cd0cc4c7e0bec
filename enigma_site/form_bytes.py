"""Form bodies that aren't UTF-8: refused by the form, naming the field, like any other text
that can't be stored.

Django reads a form body's bytes that aren't UTF-8 (``%ED%A0%80``, a lone surrogate written
out as bytes) as U+FFFD, so what the person sent would be saved changed without a word. This
middleware finds which fields held such bytes and marks them on ``request.POST``
(``not_utf8``), which every form reads through `characters.text.StorableTextForm`. The text
itself stays as Django decodes it, so nothing else sees anything new.
"""

from urllib.parse import parse_qsl

from django.conf import settings
from django.core.exceptions import TooManyFieldsSent
from django.http import QueryDict

FORM = "application/x-www-form-urlencoded"


class PostedForm(QueryDict):
    """A form body, with the names of the fields whose bytes weren't UTF-8."""

    not_utf8: frozenset[str] = frozenset()

    def copy(self):
        # A view that edits the data (request.POST.copy()) keeps the marks.
        copied = super().copy()
        copied.not_utf8 = self.not_utf8
        return copied


def _valid_utf8(body: bytes) -> bool:
    """Whether every field name and value in the url-encoded ``body`` is UTF-8. Checking the
    whole body at once is the same: the separators between fields are ASCII."""
    try:
        parse_qsl(body.decode("utf-8"), keep_blank_values=True, errors="strict")
    except UnicodeDecodeError:
        return False
    return True


def _marked(body: bytes) -> PostedForm:
    """The form as Django reads it (U+FFFD for each bad byte), with the bad fields marked."""
    limits = {"keep_blank_values": True, "max_num_fields": settings.DATA_UPLOAD_MAX_NUMBER_FIELDS}
    try:
        escaped = parse_qsl(
            body.decode("utf-8", "surrogateescape"), errors="surrogateescape", **limits
        )
        replaced = parse_qsl(body.decode("utf-8", "replace"), errors="replace", **limits)
    except ValueError as error:
        raise TooManyFieldsSent("Too many fields in one form.") from error
    posted = PostedForm(mutable=True)
    bad = set()
    for (raw_key, raw_value), (key, value) in zip(escaped, replaced, strict=True):
        posted.appendlist(key, value)
        if raw_key != key or raw_value != value:
            bad.add(key)
    posted.not_utf8 = frozenset(bad)
    posted._mutable = False
    return posted


def form_bytes_middleware(get_response):
    def middleware(request):
        if (
            request.method == "POST"
            and request.content_type == FORM
            and (request.encoding or "utf-8").lower() == "utf-8"
            and not _valid_utf8(request.body)
        ):
            request.POST = _marked(request.body)
        return get_response(request)

    return middleware
