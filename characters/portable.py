"""Characters as JSON files: export one, import a copy."""

import json
from typing import Any

from django.core.exceptions import ValidationError
from django.core.files.uploadedfile import UploadedFile
from django.utils import timezone

from characters.models import DESCRIPTION, TRACKERS, Character
from characters.text import check_document

FORMAT = "enigma-table/character"
VERSION = 1
# Every file the app writes says where the rules come from.
CREDIT = "Enigma rules: ENIGMA SRD v0.7.0 by Andrew Pelham, CC BY-NC 4.0"
MAX_BYTES = 64 * 1024
LIST_FIELDS = ("knacks", "equipment")


def export(character: Character) -> dict[str, Any]:
    data: dict[str, Any] = {field: getattr(character, field) for field in DESCRIPTION}
    data["knacks"] = [knack.text for knack in character.knacks.all()]
    data["equipment"] = [item.text for item in character.equipment.all()]
    # For the record only: an imported copy starts fresh and never takes these back.
    data["trackers"] = {field: getattr(character, field) for field in TRACKERS}
    return {
        "format": FORMAT,
        "version": VERSION,
        "exported_at": timezone.now().isoformat(timespec="seconds"),
        "credit": CREDIT,
        "pictures": "Not included: the portrait stays with the site. Upload it again after import.",
        "character": data,
    }


COPY = " (copy)"


def marked_copy(data: dict[str, Any], field: str, max_length: int) -> dict[str, Any]:
    """``data`` with its ``field`` marked “(copy)” (cut to fit ``max_length``), so that an
    imported hero, Adventure or Campaign can be told from the one it was copied from. A value
    that isn't a text with words in it is left as it is, for the form to refuse."""
    value = data.get(field)
    if not isinstance(value, str) or not value.strip() or value.strip().endswith(COPY.strip()):
        return data
    return data | {field: value.strip()[: max_length - len(COPY)].rstrip() + COPY}


def a_or_an(kind: str) -> str:
    """“an adventure”, “a campaign”: the kind of file with its article."""
    return f"a{'n' if kind[0] in 'aeiou' else ''} {kind}"


def read_document(upload: UploadedFile, kind: str, max_bytes: int) -> dict[str, Any]:
    """The ``kind`` object of an uploaded Enigma Table file, checked for size, JSON, format
    and version; a ValidationError with a message fit for the uploader otherwise."""
    raw = upload.read(max_bytes + 1)
    if len(raw) > max_bytes:
        raise ValidationError(f"That file is too big for a {kind} (limit {max_bytes // 1024} KB).")
    try:
        document = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        # ValueError covers JSONDecodeError and a number too long to convert (Python refuses
        # integers of more than 4,300 digits).
        raise ValidationError(
            f"That file isn't readable JSON. Export {a_or_an(kind)} and try that file."
        ) from None
    # Text that can't be stored refuses the whole file, before any of it is read.
    check_document(document, "The file")
    if not isinstance(document, dict) or document.get("format") != f"enigma-table/{kind}":
        raise ValidationError(f"That JSON isn't an Enigma Table {kind} file.")
    if document.get("version") != VERSION:
        raise ValidationError(
            f"This {kind} file is version {document.get('version')!r}; this site reads "
            f"version {VERSION}."
        )
    content = document.get(kind)
    if not isinstance(content, dict):
        raise ValidationError(f"The file has no {kind} in it.")
    return content


def read_upload(upload: UploadedFile) -> dict[str, Any]:
    """The character's descriptive fields from an uploaded file, or raise ValidationError.

    Only the shape is checked here; the values go through the same form as the creation page.
    """
    character = read_document(upload, "character", MAX_BYTES)
    payload: dict[str, Any] = {}
    for field in DESCRIPTION:
        value = character.get(field, "")
        if not isinstance(value, str):
            raise ValidationError(f"In the file, “{field}” should be text.")
        payload[field] = value
    for field in LIST_FIELDS:
        value = character.get(field, [])
        if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
            raise ValidationError(f"In the file, “{field}” should be a list of texts.")
        payload[field] = value
    return payload
