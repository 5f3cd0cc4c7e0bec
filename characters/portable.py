"""Characters as JSON files: export one, import a copy."""

import json
from typing import Any

from django.core.exceptions import ValidationError
from django.core.files.uploadedfile import UploadedFile
from django.utils import timezone

from characters.models import TRACKERS, Character

FORMAT = "enigma-table/character"
VERSION = 1
MAX_BYTES = 64 * 1024
TEXT_FIELDS = ("name", "archetype", "profession", "drive", "biography", "appearance", "catchphrase")
LIST_FIELDS = ("knacks", "equipment")


def export(character: Character) -> dict[str, Any]:
    data: dict[str, Any] = {field: getattr(character, field) for field in TEXT_FIELDS}
    data["knacks"] = [knack.text for knack in character.knacks.all()]
    data["equipment"] = [item.text for item in character.equipment.all()]
    # For the record only: an imported copy starts fresh and never takes these back.
    data["trackers"] = {field: getattr(character, field) for field in TRACKERS}
    return {
        "format": FORMAT,
        "version": VERSION,
        "exported_at": timezone.now().isoformat(timespec="seconds"),
        "credit": "Enigma rules: ENIGMA SRD v0.7.0 by Andrew Pelham, CC BY-NC 4.0",
        "character": data,
    }


def read_upload(upload: UploadedFile) -> dict[str, Any]:
    """Return the character's descriptive fields from an uploaded file, or raise ValidationError.

    Only the shape is checked here; the values go through the same form as the creation page.
    """
    if upload.size is not None and upload.size > MAX_BYTES:
        raise ValidationError(
            f"That file is too big for a character ({upload.size // 1024} KB; the limit is "
            f"{MAX_BYTES // 1024} KB)."
        )
    raw = upload.read(MAX_BYTES + 1)
    if len(raw) > MAX_BYTES:
        raise ValidationError(
            f"That file is too big for a character (limit {MAX_BYTES // 1024} KB)."
        )
    try:
        document = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError, RecursionError):
        raise ValidationError(
            "That file isn't readable JSON. Export a character and try that file."
        ) from None
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise ValidationError("That JSON isn't an Enigma Table character file.")
    if document.get("version") != VERSION:
        raise ValidationError(
            f"This character file is version {document.get('version')!r}; this site reads "
            f"version {VERSION}."
        )
    character = document.get("character")
    if not isinstance(character, dict):
        raise ValidationError("The file has no character in it.")
    payload: dict[str, Any] = {}
    for field in TEXT_FIELDS:
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
