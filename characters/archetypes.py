"""The six archetypes of Enigma, with their drives and Equipment tables.

The data is `archetypes.toml` beside this module (from the ENIGMA SRD v0.7.0 by Andrew Pelham,
CC BY-NC 4.0), read and checked once, on import: a malformed file stops the app at start-up
with a `ContentError` naming the file and the entry. This module is only the reading and
checking, and what the app asks of an archetype.
"""

import re
import tomllib
from dataclasses import dataclass
from pathlib import Path

from characters.content import ContentError, checked_text, fields_said
from sessions.rules import Dice, d66

DATA_FILE = Path(__file__).with_name("archetypes.toml")
SIDES = 6  # six drives, and a 6×6 Equipment table
FIELDS = {"key", "name", "pitch", "summary", "examples", "drives", "equipment"}
# The longest texts a hero's row can hold: the key (Character.archetype), a drive's name
# (Character.drive) and an Equipment item (Equipment.text).
KEY_LENGTH, DRIVE_LENGTH, ITEM_LENGTH = 20, 200, 120


@dataclass(frozen=True)
class Drive:
    name: str
    description: str


@dataclass(frozen=True)
class Archetype:
    key: str
    name: str
    pitch: str  # one short line, under the name in the list of choices
    summary: str
    examples: tuple[str, ...]
    drives: tuple[Drive, ...]
    # equipment[tens - 1][ones - 1] is the item a d66 roll of (tens, ones) lands on.
    equipment: tuple[tuple[str, ...], ...]

    def drive_for(self, roll: int) -> Drive:
        return self.drives[roll - 1]

    def equipment_for(self, tens: int, ones: int) -> str:
        return self.equipment[tens - 1][ones - 1]

    def roll_drive(self, dice: Dice) -> tuple[int, Drive]:
        """Roll 1d6 on this archetype's drive table."""
        roll = dice.d6()
        return roll, self.drive_for(roll)

    def roll_equipment(self, dice: Dice) -> tuple[tuple[int, int], str]:
        """Roll a d66 on this archetype's Equipment table: (tens, ones) and the item."""
        tens, ones = d66(dice)
        return (tens, ones), self.equipment_for(tens, ones)


def _texts(
    value: object, where: str, count: int | None = None, longest: int | None = None
) -> tuple[str, ...]:
    if not isinstance(value, list) or not value:
        raise ContentError(f"{where} must be a list of texts in [brackets] (found {value!r})")
    if count is not None and len(value) != count:
        raise ContentError(f"{where} must hold exactly {count} items, not {len(value)}")
    return tuple(
        checked_text(item, f"{where}, item {n}", longest) for n, item in enumerate(value, 1)
    )


def _drives(value: object, where: str) -> tuple[Drive, ...]:
    if not isinstance(value, list) or len(value) != SIDES:
        found = len(value) if isinstance(value, list) else repr(value)
        raise ContentError(f"{where} needs exactly {SIDES} [[archetype.drives]], not {found}")
    drives = []
    for n, drive in enumerate(value, 1):
        at = f"{where}, drive {n}"
        if not isinstance(drive, dict) or set(drive) != {"name", "description"}:
            keys = sorted(drive) if isinstance(drive, dict) else drive
            raise ContentError(f"{at} needs a name and a description, and only those ({keys!r})")
        name = checked_text(drive["name"], f"{at}, name", DRIVE_LENGTH)
        drives.append(Drive(name, checked_text(drive["description"], f"{at}, description")))
    if len({drive.name for drive in drives}) != SIDES:
        raise ContentError(f"{where}: two drives have the same name")
    return tuple(drives)


def _equipment(value: object, where: str) -> tuple[tuple[str, ...], ...]:
    lines = [str(n) for n in range(1, SIDES + 1)]
    if not isinstance(value, dict) or sorted(value) != lines:
        keys = sorted(value) if isinstance(value, dict) else value
        raise ContentError(f"{where} needs lines 1 to 6 and no others (found {keys!r})")
    return tuple(_texts(value[line], f"{where}, line {line}", SIDES, ITEM_LENGTH) for line in lines)


def _archetype(entry: object, n: int, path: Path) -> Archetype:
    key = entry.get("key") if isinstance(entry, dict) else None
    where = f"{path}, archetype {n}" + (f" ({key!r})" if isinstance(key, str) else "")
    if not isinstance(entry, dict):
        raise ContentError(f"{where} must be an [[archetype]] table")
    if set(entry) != FIELDS:
        missing, unknown = sorted(FIELDS - set(entry)), sorted(set(entry) - FIELDS)
        raise ContentError(f"{where}: {fields_said(missing, unknown)}")
    if not isinstance(key, str) or not re.fullmatch(rf"[a-z][a-z0-9_]{{0,{KEY_LENGTH - 1}}}", key):
        raise ContentError(
            f"{where}: the key must be a lowercase word of at most {KEY_LENGTH} letters"
        )
    return Archetype(
        key=key,
        name=checked_text(entry["name"], f"{where}, name"),
        pitch=checked_text(entry["pitch"], f"{where}, pitch"),
        summary=checked_text(entry["summary"], f"{where}, summary"),
        examples=_texts(entry["examples"], f"{where}, examples"),
        drives=_drives(entry["drives"], f"{where}, drives"),
        equipment=_equipment(entry["equipment"], f"{where}, equipment"),
    )


def load(path: Path = DATA_FILE) -> dict[str, Archetype]:
    """The archetypes in ``path``, by key, in the file's order; `ContentError` if malformed."""
    try:
        with path.open("rb") as file:
            data = tomllib.load(file)
    except (OSError, tomllib.TOMLDecodeError) as error:
        raise ContentError(f"{path}: can't be read as TOML: {error}") from error
    entries = data.pop("archetype", None)
    if data or not isinstance(entries, list) or not entries:
        raise ContentError(f"{path} must hold [[archetype]] tables and nothing else")
    archetypes: dict[str, Archetype] = {}
    for n, entry in enumerate(entries, 1):
        archetype = _archetype(entry, n, path)
        for field in ("key", "name"):
            value = getattr(archetype, field)
            taken = [getattr(other, field) for other in archetypes.values()]
            if value in taken:
                first = taken.index(value) + 1
                raise ContentError(
                    f"{path}, archetype {n}: the {field} {value!r} is archetype {first}'s"
                )
        archetypes[archetype.key] = archetype
    return archetypes


ARCHETYPES: dict[str, Archetype] = load()

ARCHETYPE_CHOICES = [(archetype.key, archetype.name) for archetype in ARCHETYPES.values()]
