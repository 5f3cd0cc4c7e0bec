"""What the TV's spotlight says of a Gamble still open: the Catchphrase quoted, and what is
still in play (Lucky Saves, the Catchphrase) as a whole sentence, true in every case."""

from sessions import rules as R
from sessions.parts.public import ones_cost_words


def said_words(phrase: str) -> str:
    """A Catchphrase as the spotlight quotes it: one line, inside quotes of the spotlight's own
    (any the player typed around it are dropped, never doubled)."""
    return " ".join(phrase.split()).strip('"“”')


def still_in_play_words(name: str, state: R.CharacterState, gamble: R.Gamble) -> str:
    """What is still open on a Gamble before it is locked in, as the TV's spotlight says it
    (`R.still_in_play`): the verdict as it stands first, in the SRD's words ("A success as it
    stands.", "A blunder as it stands."), with the Peril its 1s would cost at the lock-in in the
    phone's words (`ones_cost_words`: "A blunder as it stands, with +1 Peril for the 1 unless Sam
    lifts it."), then what is left, true whatever it is. Lucky Saves a die can use
    (`R.lifts_that_help`) are in play; those that would change nothing (the dice a success
    already, or too low to reach a 5) are told as not needed or out of reach, never as none;
    the Catchphrase until it is spoken. Still to do, so told as such ("… can lock it in", never
    "locks it in" while it is open). Whole sentences: nothing ends in "…" on the TV. "" once
    locked in."""
    if gamble.locked:
        return ""
    verdict = f"{'A success' if gamble.success else 'A blunder'} as it stands"
    if cost := ones_cost_words(state, gamble, name):
        verdict += f", with {cost}"
    return f"{verdict}. {_still_open(name, state, gamble)}"


def _still_open(name: str, state: R.CharacterState, gamble: R.Gamble) -> str:
    try:
        R.check_can_gamble(state)
    except R.RuleError:
        return f"{name} is knocked out: this Gamble locks in."
    still = R.still_in_play(state, gamble)
    # Spent on this Gamble's re-roll, or on an earlier Gamble of the Leg: said which.
    spent = "Catchphrase spent" if gamble.catchphrase_used else "Catchphrase used this Leg"
    n = state.lucky_saves
    saves = f"{n} Lucky Save{'' if n == 1 else 's'}"
    if still.lucky_saves:
        if still.catchphrase:
            return f"{saves} and the Catchphrase still in play."
        return f"{spent}: {saves} still in play."
    # The Catchphrase is told in a sentence of its own: it follows from no count of Lucky
    # Saves ("6 Lucky Saves in hand: the Catchphrase is still in play" read as a non-sequitur).
    if n == 0:
        if still.catchphrase:
            return "No Lucky Saves left. The Catchphrase is still in play."
        return f"{spent}, no Lucky Saves left: {name} can lock it in."
    if gamble.success:
        # Said as a person would ("6 Lucky Saves kept: a success needs none" read oddly).
        # After a Lucky Save made it one, "no more" ("No Lucky Save needed" read as if the one
        # just spent had not been).
        needed = "more Lucky Saves" if gamble.lucky_saves_spent else "Lucky Save"
        if still.catchphrase:
            return f"No {needed} needed ({n} left). The Catchphrase is still in play."
        return f"{spent}, no {needed} needed ({n} left): {name} can lock it in."
    cannot = f"{saves} can't lift a die to a 5"
    if still.catchphrase:
        return f"{cannot}. The Catchphrase is still in play."
    return f"{spent}, and {cannot}: {name} can lock it in."
