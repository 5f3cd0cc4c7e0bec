"""Form bodies that aren't UTF-8: refused by the form, naming the field, like any other text
that can't be stored.

Django reads a form body's bytes that aren't UTF-8 (``%ED%A0%80``, a lone surrogate written
out as bytes) as U+FFFD, so what the person sent would be saved changed without a word. This
middleware finds which fields held such bytes and marks them on ``request.POST``
(``not_utf8``), which every form reads through `characters.text.StorableTextForm`. The text
itself stays as Django decodes it, so nothing else sees anything new. Multipart forms (a
handout's caption beside its picture) are read by `MarkingMultiPartParser`, to the same end.

A form body is UTF-8 whatever its label's spelling (``charset=utf8``, ``UTF-8``): it is read and
checked as UTF-8. A body that says it is in any other character set (``latin-1``, ``utf-16``) is
refused whole with 400 before anything reads it: its text would be saved changed, and Django
itself refuses to read such a url-encoded form (with an error each time something asks).
"""

import codecs
from urllib.parse import parse_qsl

from django.conf import settings
from django.core.exceptions import TooManyFieldsSent
from django.http import HttpResponse, QueryDict
from django.http.multipartparser import MultiPartParser
from django.utils.datastructures import MultiValueDict

FORM = "application/x-www-form-urlencoded"
MULTIPART = "multipart/form-data"
# UTF-8 that keeps each bad byte as a lone surrogate (U+DC80–U+DCFF) whatever ``errors`` the
# caller asks: Django's multipart parser decodes every name and value with errors="replace",
# and this is the one place it lets us see which ones held bad bytes.
ESCAPING = "enigma_utf_8_escaping"


def _escaping_codec(name: str) -> codecs.CodecInfo | None:
    if name != ESCAPING:
        return None
    return codecs.CodecInfo(
        encode=lambda text, errors="strict": codecs.utf_8_encode(text, "surrogateescape"),
        decode=lambda data, errors="strict": codecs.utf_8_decode(data, "surrogateescape", True),
        name=ESCAPING,
    )


codecs.register(_escaping_codec)


def _as_django_reads(text: str) -> tuple[str, bool]:
    """``text`` as Django would have read it (U+FFFD for each bad byte), and whether it held
    any. Strict UTF-8 never decodes to a surrogate, so any surrogate here is an escaped byte."""
    if not any("\udc80" <= char <= "\udcff" for char in text):
        return text, False
    return text.encode("utf-8", "surrogateescape").decode("utf-8", "replace"), True


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


class MarkingMultiPartParser(MultiPartParser):
    """Django's multipart parser, reading UTF-8 with the bad bytes escaped, then giving the
    form what Django would have read (U+FFFD), with the fields that held them marked."""

    def parse(self):
        self._encoding = ESCAPING
        escaped_post, escaped_files = super().parse()
        posted, bad = PostedForm(mutable=True), set()
        for raw_key, raw_values in escaped_post.lists():
            key, key_bad = _as_django_reads(raw_key)
            for raw_value in raw_values:
                value, value_bad = _as_django_reads(raw_value)
                posted.appendlist(key, value)
                if key_bad or value_bad:
                    bad.add(key)
        posted.not_utf8 = frozenset(bad)
        posted._mutable = False
        files = MultiValueDict()
        for raw_key, uploads in escaped_files.lists():
            for upload in uploads:
                # A file's name is only ever shown, never kept: U+FFFD is fine there.
                upload.name = _as_django_reads(upload.name)[0]
                files.appendlist(_as_django_reads(raw_key)[0], upload)
        return posted, files


# The spellings of UTF-8's name a form body may carry; any other character set is refused.
UTF8_LABELS = frozenset({"utf-8", "utf8"})
NOT_UTF8_BODY = (
    "This form arrived in a character set other than UTF-8 ({charset}), so its words can't "
    "be saved as typed. Reload the page and send it again."
)


def form_bytes_middleware(get_response):
    def middleware(request):
        if request.method == "POST" and request.content_type in (FORM, MULTIPART):
            charset = (request.content_params or {}).get("charset")
            if charset is not None:
                if charset.strip().lower() not in UTF8_LABELS:
                    message = NOT_UTF8_BODY.format(charset=charset.strip()[:40] or "none named")
                    return HttpResponse(message, status=400, content_type="text/plain")
                # "utf8", "UTF-8": read as UTF-8, checked like any other body.
                request.encoding = "utf-8"
            if request.content_type == FORM and not _valid_utf8(request.body):
                request.POST = _marked(request.body)
            elif request.content_type == MULTIPART:
                request.multipart_parser_class = MarkingMultiPartParser
        return get_response(request)

    return middleware
