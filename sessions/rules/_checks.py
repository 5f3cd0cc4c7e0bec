"""Shared input checks: every out-of-range number is refused with the same friendly words."""

from __future__ import annotations

from .errors import OutOfRange


def check_count(label: str, value: object, low: int = 0, high: int | None = None) -> None:
    """Raise `OutOfRange` unless ``value`` is a whole number in [low, high]."""
    # bool is an int in Python, but True Knacks or False Peril is a bug, not a number.
    if isinstance(value, bool) or not isinstance(value, int):
        raise OutOfRange(f"{label} must be a whole number, not {value!r}.")
    if value < low or (high is not None and value > high):
        bounds = f"from {low} to {high}" if high is not None else f"{low} or more"
        raise OutOfRange(f"{label} must be {bounds} — {value} is off the charts.")


def check_flag(label: str, value: object) -> None:
    if not isinstance(value, bool):
        raise OutOfRange(f"{label} must be True or False, not {value!r}.")
