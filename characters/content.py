"""What the game-data files (the archetypes here, the consequence deck in sessions) share: the
error that names the file and the entry, and the checks every entry's fields and texts pass."""


class ContentError(ValueError):
    """A game-data file that can't be used as it stands: the message names the file and entry."""


def fields_said(missing: list[str], unknown: list[str]) -> str:
    """What is wrong with an entry's fields, in words."""
    said = [
        f"{what} {', '.join(names)}"
        for what, names in (("missing", missing), ("unknown field", unknown))
        if names
    ]
    return "; ".join(said)


def checked_text(value: object, where: str, longest: int | None = None) -> str:
    """``value`` as text: not empty, no spaces at its ends, at most ``longest`` characters."""
    if not isinstance(value, str) or not value.strip():
        raise ContentError(f"{where} must be text, and not empty (found {value!r})")
    if value != value.strip():
        raise ContentError(f"{where} has spaces at its start or end: {value!r}")
    if longest is not None and len(value) > longest:
        raise ContentError(f"{where} is longer than {longest} characters: {value!r}")
    return value
