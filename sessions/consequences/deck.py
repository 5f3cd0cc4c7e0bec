"""The deck of consequence prompts: what a Director can reach for when a Gamble is a blunder,
a hero is knocked out, or a Group Gamble fails.

The cards are `deck.toml` beside this module, read and checked once, on import: a malformed
file stops the app at start-up with a `ContentError` naming the file and the card. What makes
a good card (the pulp voice, the placeholders, keeping plenty without any) is written at the
top of that file; this module is only the reading and checking.

Keys are stable: saved draws refer to them, so rename a key only with a migration in mind.
"""

import re
import tomllib
from pathlib import Path
from string import Formatter

from characters.content import ContentError, checked_text, fields_said

from .cards import PLACES, PRONOUNS, Moment, Prompt, Weight

DATA_FILE = Path(__file__).with_name("deck.toml")
REQUIRED = {"key", "weight", "move", "example"}
FIELDS = REQUIRED | {"moments", "about"}


def _text(value: object, where: str) -> str:
    checked_text(value, where)
    try:
        fields = [
            (name, spec, conversion) for _, name, spec, conversion in Formatter().parse(value)
        ]
    except ValueError as error:
        raise ContentError(f"{where}: a brace is not closed or not opened ({error})") from error
    for name, spec, conversion in fields:
        if name is not None and (name not in PLACES + PRONOUNS or spec or conversion):
            known = ", ".join(f"{{{place}}}" for place in PLACES + PRONOUNS)
            raise ContentError(f"{where}: {{{name}}} is not one of the placeholders {known}")
    return value


def _choice(value: object, kind: type[Weight] | type[Moment], where: str):
    try:
        return kind(value)
    except ValueError:
        names = ", ".join(f'"{member}"' for member in kind)
        raise ContentError(f"{where} must be one of {names} (found {value!r})") from None


def _moments(value: object, where: str) -> frozenset[Moment]:
    if not isinstance(value, list) or not value:
        raise ContentError(f"{where} must be a list in [brackets], or left out for every moment")
    moments = [_choice(item, Moment, where) for item in value]
    if len(set(moments)) != len(moments):
        raise ContentError(f"{where} names a moment twice")
    return frozenset(moments)


def _prompt(entry: object, n: int, path: Path) -> Prompt:
    key = entry.get("key") if isinstance(entry, dict) else None
    where = f"{path}, prompt {n}" + (f" ({key!r})" if isinstance(key, str) else "")
    if not isinstance(entry, dict):
        raise ContentError(f"{where} must be a [[prompt]] table")
    if not REQUIRED <= set(entry) <= FIELDS:
        missing, unknown = sorted(REQUIRED - set(entry)), sorted(set(entry) - FIELDS)
        raise ContentError(f"{where}: {fields_said(missing, unknown)}")
    if not isinstance(key, str) or not re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", key):
        raise ContentError(f"{where}: the key must be lowercase words joined by dashes")
    if key.startswith("own-"):
        raise ContentError(f"{where}: keys starting own- are kept for a Director's own prompts")
    about = entry.get("about", "")
    if about and about not in PLACES:
        known = ", ".join(f'"{place}"' for place in PLACES)
        raise ContentError(f"{where}, about must be one of {known} (found {about!r})")
    texts = f"{entry['move']} {entry['example']}"
    if "{hero}" not in texts and any(f"{{{word}}}" in texts for word in PRONOUNS):
        raise ContentError(
            f"{where}: {{they}}, {{them}} and {{their}} need a card that names {{hero}}"
        )
    return Prompt(
        key=key,
        about=about,
        weight=_choice(entry["weight"], Weight, f"{where}, weight"),
        move=_text(entry["move"], f"{where}, move"),
        example=_text(entry["example"], f"{where}, example"),
        moments=_moments(entry["moments"], f"{where}, moments")
        if "moments" in entry
        else frozenset(Moment),
    )


def load(path: Path = DATA_FILE) -> tuple[Prompt, ...]:
    """The prompts in ``path``, in the file's order; `ContentError` if malformed."""
    try:
        with path.open("rb") as file:
            data = tomllib.load(file)
    except (OSError, tomllib.TOMLDecodeError) as error:
        raise ContentError(f"{path}: can't be read as TOML: {error}") from error
    entries = data.pop("prompt", None)
    if data or not isinstance(entries, list) or not entries:
        raise ContentError(f"{path} must hold [[prompt]] tables and nothing else")
    deck: dict[str, tuple[int, Prompt]] = {}
    for n, entry in enumerate(entries, 1):
        prompt = _prompt(entry, n, path)
        if prompt.key in deck:
            first = deck[prompt.key][0]
            raise ContentError(f"{path}, prompt {n}: the key {prompt.key!r} is prompt {first}'s")
        deck[prompt.key] = (n, prompt)
    return tuple(prompt for _, prompt in deck.values())


DECK: tuple[Prompt, ...] = load()
