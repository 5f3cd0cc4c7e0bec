"""Text that can be stored faithfully: the one check every form and every import shares.

Refused: lone surrogates (they can't be written as UTF-8, so SQLite, PostgreSQL and the page
itself fail on them), NUL (PostgreSQL can't store it), the other control characters but tab,
line feed and carriage return, and Unicode's non-characters (U+FDD0–U+FDEF, U+FFFE and U+FFFF
of every plane). Everything a person really types passes: accents, emoji with their zero-width
joiners, right-to-left text and its marks.
"""

import json
import unicodedata
from typing import Any

from django.core.exceptions import ValidationError
from django.forms.utils import ErrorDict

_ALLOWED_CONTROLS = {"\t", "\n", "\r"}


def _unstorable(char: str) -> bool:
    code = ord(char)
    return (
        0xD800 <= code <= 0xDFFF
        or (unicodedata.category(char) == "Cc" and char not in _ALLOWED_CONTROLS)
        or 0xFDD0 <= code <= 0xFDEF
        or (code & 0xFFFE) == 0xFFFE
    )


def _name(char: str) -> str:
    code = ord(char)
    if char == "\0":
        return "a NUL character (U+0000)"
    if 0xD800 <= code <= 0xDFFF:
        return f"a lone surrogate (U+{code:04X})"
    if unicodedata.category(char) == "Cc":
        return f"a control character (U+{code:04X})"
    return f"a Unicode non-character (U+{code:04X})"


def problem(text: str) -> str | None:
    """What makes ``text`` unstorable, for a message; None when it is fine."""
    for char in text:
        if _unstorable(char):
            return _name(char)
    return None


def check(text: str, label: str) -> None:
    """Raise a ValidationError naming ``label`` if ``text`` can't be stored faithfully."""
    found = problem(text)
    if found:
        raise ValidationError(
            f"{label} contains {found}, which can't be saved. Remove it and try again."
        )


def check_document(document: Any, where: str) -> None:
    """Check every text in a decoded JSON document, keys included; the first bad one raises,
    naming where it is (“The file › adventure › legs › 1 › title”). Deep nesting is walked
    without recursion."""
    stack = [(document, where)]
    while stack:
        value, at = stack.pop()
        if isinstance(value, str):
            check(value, at)
        elif isinstance(value, dict):
            for key, item in value.items():
                check(str(key), at)
                stack.append((item, f"{at} › {key}"))
        elif isinstance(value, list):
            stack.extend((item, f"{at} › {n}") for n, item in enumerate(value, start=1))


def scrubbed(value: Any) -> Any:
    """``value`` with every unstorable character replaced by U+FFFD, at any depth."""
    if isinstance(value, str):
        if problem(value) is None:
            return value
        return "".join("\ufffd" if _unstorable(char) else char for char in value)
    if isinstance(value, dict):
        return {scrubbed(key): scrubbed(item) for key, item in value.items()}
    if isinstance(value, list):
        return [scrubbed(item) for item in value]
    return value


class StorableJSONDecoder(json.JSONDecoder):
    """For JSONFields: a row written before this check existed (a lone surrogate in an NPC's
    name) reads back with U+FFFD in its place, so it can't break the pages that show it."""

    def decode(self, s, *args, **kwargs):
        return scrubbed(super().decode(s, *args, **kwargs))


class StorableTextForm:
    """Mixed into every form, first: any submitted text that can't be stored refuses the whole
    form, with a message naming the field, before any field, clean() or save() sees it."""

    def full_clean(self) -> None:
        problems = self._unstorable_inputs() if self.is_bound else []
        if not problems:
            super().full_clean()
            return
        self._errors = ErrorDict(renderer=self.renderer)
        self.cleaned_data = {}
        for name, message in problems:
            self.add_error(name, message)

    def _unstorable_inputs(self) -> list[tuple[str | None, str]]:
        problems: list[tuple[str | None, str]] = []
        getlist = getattr(self.data, "getlist", None)
        # Fields whose bytes weren't UTF-8 (enigma_site.form_bytes): Django read them as U+FFFD.
        not_utf8 = getattr(self.data, "not_utf8", frozenset())
        for key in self.data:
            if problem(str(key)):
                problems.append((None, f"A field's name contains {problem(str(key))}."))
                continue
            name = key.removeprefix(f"{self.prefix}-") if self.prefix else key
            field = self.fields.get(name)
            label = str(field.label) if field and field.label else name.replace("_", " ")
            if key in not_utf8:
                message = f"{label[:1].upper()}{label[1:]} contains bytes that aren't UTF-8, "
                message += "which can't be saved. Remove them and try again."
                problems.append((name if field else None, message))
                continue
            values = getlist(key) if getlist else self.data[key]
            for value in values if isinstance(values, list | tuple) else [values]:
                found = problem(str(value))
                if found:
                    message = f"{label[:1].upper()}{label[1:]} contains {found}, which can't be "
                    message += "saved. Remove it and try again."
                    problems.append((name if field else None, message))
                    break
        return problems
