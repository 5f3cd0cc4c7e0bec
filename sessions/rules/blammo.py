"""Blammo! Dice sound effects: each one may ring out only once per Adventure."""

from __future__ import annotations

import unicodedata
from collections.abc import Collection, Iterable

from .errors import EmptySoundEffect, SoundEffectUsed


def _fold(text: str) -> str:
    # NFKC again after casefold (folding case can make characters NFKC would still change),
    # and once more after dropping punctuation, which can bring composable letters together.
    folded = unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", text).casefold())
    kept = "".join(ch for ch in folded if ch.isalnum())
    return "".join(ch for ch in unicodedata.normalize("NFKC", kept) if ch.isalnum())


def normalize_sound_effect(text: str) -> str:
    """The form two sound effects are compared in: "PLUNK!", "plunk" and "Plunk ! " agree.

    Case, punctuation and spacing don't make a sound new, so only letters and digits are kept
    (after Unicode compatibility folding, so full-width or styled letters count as plain ones).
    Raises `EmptySoundEffect` when nothing is left — "!!!" is not a sound effect.
    """
    key = _fold(text)
    if not key:
        raise EmptySoundEffect()
    return key


def check_sound_effects(effects: Iterable[str], used: Collection[str]) -> tuple[str, ...]:
    """Check the sound effects declared for one Gamble; return their normalized forms.

    ``used`` holds the sound effects already heard this Adventure (normalized or not — they
    are compared in normalized form). An effect that was used before, or that appears twice
    in this Gamble, raises `SoundEffectUsed`.
    """
    heard = {_fold(effect) for effect in used}
    keys: list[str] = []
    for effect in effects:
        key = normalize_sound_effect(effect)
        if key in heard:
            raise SoundEffectUsed(effect.strip())
        heard.add(key)
        keys.append(key)
    return tuple(keys)
