"""The rolls made on the creation page, shown until the hero is saved.

Every roll and pick redraws the whole form, so each roll made so far rides along in a hidden
field of its own ("rolled") and is drawn again under its own roll button: rolling the
Equipment never wipes the drive's roll. They are only shown, never read as the hero's: the
drive and Equipment fields say what the hero has.
"""

import json

from django.http import QueryDict

FIELD = "rolled"
KINDS = ("drive", "equipment")
# A page keeps a few rolls, not a typed-in pile: a dozen is far more than a hero needs.
KEPT = 12


def earlier(data: QueryDict) -> list[dict]:
    """The rolls the form came back with, those that read as one (anything else is dropped)."""
    rolls = []
    for text in data.getlist(FIELD)[:KEPT]:
        try:
            roll = json.loads(text)
        except ValueError:
            continue
        if _a_roll(roll):
            rolls.append({key: roll[key] for key in ("kind", "label", "dice", "result")})
    return rolls


def _a_roll(roll) -> bool:
    return (
        isinstance(roll, dict)
        and roll.get("kind") in KINDS
        and all(
            isinstance(roll.get(key), str) and len(roll[key]) <= 200 for key in ("label", "result")
        )
        and isinstance(roll.get("dice"), list)
        and 1 <= len(roll["dice"]) <= 2
        and all(type(face) is int and 1 <= face <= 6 for face in roll["dice"])
    )


def made(outcome: dict) -> list[dict]:
    """The rolls an action just made (a drive roll, or the Equipment rolls), marked new."""
    rolls = outcome.get("rolls") or ([outcome] if outcome.get("dice") else [])
    return [roll | {"new": True} for roll in rolls]


def after(rolls: list[dict], outcome: dict) -> list[dict]:
    """The rolls shown once an action has made its own: a hero has one drive, so a drive
    rolled again replaces the one rolled before (a fresh-eyes evening: the Drive box showed
    both, the old result beside the new); each Equipment roll fills a slot of its own."""
    new = made(outcome)
    if any(roll["kind"] == "drive" for roll in new):
        rolls = [roll for roll in rolls if roll["kind"] != "drive"]
    return rolls + new


def shown(rolls: list[dict]) -> dict:
    """The rolls as the page draws them: each under its roll button, and each kept for the
    next redraw (``kept``: the hidden fields' values)."""
    rolls = rolls[-KEPT:]
    kept = [
        json.dumps({key: roll[key] for key in ("kind", "label", "dice", "result")})
        for roll in rolls
    ]
    return {kind: [r for r in rolls if r["kind"] == kind] for kind in KINDS} | {"kept": kept}
