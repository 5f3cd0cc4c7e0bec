"""Knacks: what a hero is great at, and the SRD's advice to keep them specific."""

from __future__ import annotations


def knack_warning(text: str) -> str | None:
    """A gentle nudge for a one-word, generic Knack such as "Shooting"; None if it reads fine.

    The SRD asks for specific Knacks ("Throwing large nets", not "Throwing"). A single word
    is almost always generic, so it earns a warning, never a refusal: the table decides.
    """
    words = text.split()
    if len(words) != 1:
        return None
    word = words[0].strip(".,!?;:\"'“”‘’").capitalize()
    if not word:
        return None
    return (
        f"“{word}” is a bit broad. Knacks shine when they're specific: "
        f"try “{word} …” with a where, a how or a what."
    )
