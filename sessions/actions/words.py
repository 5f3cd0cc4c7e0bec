"""How the table log words what the rules did, in the game's pulp voice."""

import re

from sessions import rules as R


def knockout_words(name: str, change: R.PerilChange, *, in_tumult: bool = False) -> str:
    """What a Knockout (and a fourth one) did, or nothing; how long it lasts is the rules'
    `R.OutUntil`, in the same words on every screen."""
    words = []
    if change.knocked_out:
        until = R.out_until(knocked_out_in_tumult=in_tumult)
        words.append(f"KNOCKOUT! {name} is out {until}.")
    if change.retired:
        words.append(f"That's Knockout number four: {name} is retiring.")
    return " ".join(words)


def peril_words(name: str, change: R.PerilChange, *, in_tumult: bool = False) -> str:
    """A change of Peril from outside a Gamble: the Director, an enemy, a Rest."""
    if change.knocked_out:
        return knockout_words(name, change, in_tumult=in_tumult)
    if change.applied == 0:
        return f"{name}'s Peril doesn't budge."
    sign = "+" if change.applied > 0 else "−"
    return f"{name}: Peril {sign}{abs(change.applied)} (now {change.state_after.peril})."


def dice_words(pool: int) -> str:
    return f"{pool} {'die' if pool == 1 else 'dice'}"


def helped_words(names: list[str]) -> str:
    """A Gamble's helpers for its log line (", helped by Sam and Cleo Marsh"), or nothing."""
    if not names:
        return ""
    listed = names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"
    return f", helped by {listed}"


def setup_words(setup: dict) -> list[str]:
    """What went into a Gamble's pool, for the log."""
    words = [f"Knack: {k}" for k in setup.get("knacks", [])]
    words += [f"Equipment: {e}" for e in setup.get("equipment", [])]
    if setup.get("advantages"):
        words.append(f"{setup['advantages']} advantage(s)")
    words += [f"helped by {name}" for name in setup.get("helper_names", [])]
    if setup.get("penalties"):
        words.append(f"{setup['penalties']} penalty(ies)")
    if setup.get("danger_name"):
        words.append(f"at {setup['danger_name']}")
    return words


def rest_words(before: int, result: R.RestResult) -> str:
    """What a Rest did for one hero, by the rules' result: Peril down one, or it stays."""
    if result.recovered:
        return f"Peril {before} → {result.state.peril}"
    return f"Peril stays at {before}"


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
    return ""


def undone_words(summary: str, kind: str, data: dict) -> str:
    """A move's line as the undo tells it: without what the move left ("(now 3)" is no longer
    so), and what the undo puts back: "Sam: Peril +1. Peril back to 2.", never "Undone: Sam:
    Peril +1 (now 3)." as if the Peril still stood at 3."""
    said = without_now(summary)
    back = undo_puts_back(kind, data)
    return f"{said} {back}" if back else said
