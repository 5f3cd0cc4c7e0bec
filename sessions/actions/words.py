"""How the table log words what the rules did, in the game's pulp voice."""

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
