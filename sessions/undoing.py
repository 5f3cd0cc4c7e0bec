"""What an undo tells: a move's line without what the move left, and what undoing puts back
(the Corrections panel before the tap, the log's line after it)."""

import re

# What a change of Peril left ("Sam: Peril +1 (now 3)."): no longer so once it is undone.
_NOW = re.compile(r" \(now \d+\)")


def without_now(summary: str) -> str:
    """A move's line without what it left ("(now 3)"), for the undo to tell."""
    return _NOW.sub("", summary)


def undo_puts_back(kind: str, data: dict) -> str:
    """What undoing a move puts back, as a sentence ("Peril back to 2."), or "": the Peril the
    hero had before a change of Peril (the undo panel and the undo's own line say so)."""
    before = data.get("before")
    if kind == "peril" and isinstance(before, dict) and isinstance(before.get("peril"), int):
        return f"Peril back to {before['peril']}."
    if kind == "danger_success" and "foe" in data and isinstance(before, dict):
        # A shown Danger's count, as it stood (a hidden one's is the Director's alone).
        count = f"{before.get('successes')}/{data.get('of')}"
        return f"Back in it, at {count}." if data.get("out") else f"Back to {count}."
    return ""


def _said(summary: str, kind: str, data: dict) -> str:
    """The move, plainly, as undone: the Director's "+1 success" against a Danger says which
    success went, not the line that told it ("The Cast puts Museum guards out of the picture!"
    read as if it had happened again), and names no Danger hidden from the Cast."""
    if kind != "danger_success" or "before" not in data:
        return without_now(summary)
    if "foe" not in data:
        return "a success against a Danger."
    if data.get("out"):
        return f"{data['foe']} put out of the picture."
    return f"a success against {data['foe']}."


def undone_words(summary: str, kind: str, data: dict) -> str:
    """A move's line as the undo tells it: without what the move left ("(now 3)" is no longer
    so), and what the undo puts back: "Sam: Peril +1. Peril back to 2.", never "Undone: Sam:
    Peril +1 (now 3)." as if the Peril still stood at 3."""
    said = _said(summary, kind, data)
    back = undo_puts_back(kind, data)
    return f"{said} {back}" if back else said
