"""Investigating in words (SRD: Investigating): a hero's closer look, as one sentence."""

from collections.abc import Iterable

from sessions.grammar import quote
from sessions.wording.typed import Kind, read


def closer_look(
    hero: str, prompt: str, names: Iterable[str] = (), pronouns: str | None = None
) -> str:
    """An Investigation, as one sentence: "Ada takes a closer look at the ledger", or with a
    question or a clause quoted, “Ada takes a closer look: “Is the clerk lying?”"."""
    typed = read(prompt, hero, names, tasks=False, pronouns=pronouns)
    if typed.kind is Kind.THING:
        return f"{hero} takes a closer look at {typed.told.rstrip('.?!')}"
    return f"{hero} takes a closer look: {quote(typed.typed)}"
