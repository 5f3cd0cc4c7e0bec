"""How the table log words what the rules did, in the game's pulp voice."""

from sessions import rules as R
from sessions.grammar import listed, number, plural


def knockout_words(
    name: str, change: R.PerilChange, *, in_tumult: bool = False, you: bool = False
) -> str:
    """What a Knockout (and a fourth one) did, or nothing; how long it lasts is the rules'
    `R.OutUntil`, in the same words on every screen. ``you``: told to the hero's own player
    ("KNOCKOUT! You are out…")."""
    words = []
    if change.knocked_out:
        until = R.out_until(knocked_out_in_tumult=in_tumult)
        words.append(f"KNOCKOUT! {'You are' if you else f'{name} is'} out {until}.")
    if change.retired:
        words.append(f"That's Knockout number four: {'you are' if you else f'{name} is'} retiring.")
    return " ".join(words)


def peril_words(
    name: str, change: R.PerilChange, *, in_tumult: bool = False, you: bool = False
) -> str:
    """A change of Peril from outside a Gamble: the Director, an enemy, a Rest. ``you``: told
    to the hero's own player, after a colon ("you take Peril +1 (now 3 of 6)."), where the
    log names the hero ("Sam: Peril +1 (now 3)."); the rest of the table reads the log's."""
    if change.knocked_out:
        return knockout_words(name, change, in_tumult=in_tumult, you=you)
    if change.applied == 0:
        return "your Peril doesn't budge." if you else f"{name}'s Peril doesn't budge."
    sign = "+" if change.applied > 0 else "−"
    moved = f"{sign}{abs(change.applied)}"
    if you:
        now = f"(now {change.state_after.peril} of {R.MAX_PERIL})"
        took = "you take" if change.applied > 0 else "your"
        return f"{took} Peril {moved} {now}."
    return f"{name}: Peril {moved} (now {change.state_after.peril})."


def strike_words(who: str, name: str, change: R.PerilChange, *, in_tumult: bool) -> tuple[str, str]:
    """An enemy's share of Peril on its turn: the log's line ("Brass Jack → Sam: Peril +2
    (now 4).") and the one its hero's own player reads ("Brass Jack strikes: you take Peril
    +2 (now 4 of 6)."; "Museum guards strike: …")."""
    line = f"{who} → {peril_words(name, change, in_tumult=in_tumult)}"
    strikes = "strike" if plural(who) else "strikes"
    yours = f"{who} {strikes}: {peril_words(name, change, in_tumult=in_tumult, you=True)}"
    return line, yours


def ones_words(ones: int, peril: int) -> str:
    """The 1s of a locked-in Gamble and the Peril they cost, said as a person would: "One 1
    rolled: Peril +1.", "Two 1s rolled: Peril +2.", in figures past ten ("12 1s rolled")."""
    many = number(ones, most=10).capitalize()
    return f"{many} 1{'' if ones == 1 else 's'} rolled: Peril +{peril}."


def dice_words(pool: int) -> str:
    return f"{pool} {'die' if pool == 1 else 'dice'}"


def helped_words(names: list[str]) -> str:
    """A Gamble's helpers for its log line (", helped by Sam and Cleo Marsh"), or nothing."""
    helpers = listed(names)
    return f", helped by {helpers}" if helpers else ""


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
