"""Every way a move can break the rules, each with a message fit to show a player.

Views catch `RuleError`, show `str(error)` next to the button that was pressed, and change
nothing: the rules functions never mutate their inputs, so a refused move leaves no trace.
"""

from __future__ import annotations


class RuleError(Exception):
    """A move the rules don't allow. ``str()`` is a friendly sentence in the game's voice."""

    default_message = "The rules won't allow that move."

    def __init__(self, message: str | None = None) -> None:
        self.message = message or self.default_message
        super().__init__(self.message)

    def __str__(self) -> str:
        return self.message


class OutOfRange(RuleError, ValueError):
    """A number outside what the rules allow (a Peril of 9, a pool of -1 dice…).

    Also a ValueError, because it is usually a bad input rather than a bad move.
    """

    default_message = "That number is off the charts."


class NoSuchDie(OutOfRange):
    default_message = "There's no die there — pick one of the dice on the table."


class EmptySoundEffect(RuleError):
    default_message = "A Blammo! Die needs a sound effect — give it some oomph, like “KA-POW!”"


class SoundEffectUsed(RuleError):
    default_message = "That sound effect has been used — try another!"

    def __init__(self, sound_effect: str) -> None:
        self.sound_effect = sound_effect
        super().__init__(f"“{sound_effect}” has been used — try another sound effect!")


class NotEnoughBlammo(RuleError):
    def __init__(self, available: int, wanted: int) -> None:
        self.available = available
        self.wanted = wanted
        dice = "Blammo! Die" if available == 1 else "Blammo! Dice"
        super().__init__(
            f"Not enough Blammo! Dice — you have {available} {dice} and tried to spend {wanted}."
        )


class RetiredNoBonusDice(RuleError):
    default_message = "Retired heroes get no Bonus Dice — those Blammo! Dice stay in your pocket."


class NoLuckySavesLeft(RuleError):
    default_message = "No Lucky Saves left — your luck has run dry!"


class DieAlreadySix(RuleError):
    default_message = "That die already shows a 6 — it can't climb any higher!"


class CatchphraseAlreadyUsed(RuleError):
    default_message = "Your catchphrase has already rung out this Leg — save it for the next one!"


class GambleAlreadyLocked(RuleError):
    default_message = "That Gamble is already locked in — the dice have spoken!"


class Incapacitated(RuleError):
    default_message = (
        "Knocked out! A knocked-out hero can't Gamble or help until they're back on their feet."
    )


class CareerOver(RuleError):
    default_message = "This hero has hung up their hat for good — time to roll up a new character!"


class InvalidPerilSplit(RuleError):
    """The Director's split of an enemy's Danger Rating doesn't add up."""

    default_message = "That Peril doesn't add up — an enemy doles out its Danger Rating at most."


class PerilGridRefused(InvalidPerilSplit):
    """The enemies' turn, refused: every bad box of the Director's grid at once. ``boxes``
    maps (Danger id, hero id) to why that share can't be given; ``columns`` a Danger's id to
    why its shares together can't."""

    def __init__(
        self,
        message: str | None = None,
        boxes: dict[tuple[int, int], str] | None = None,
        columns: dict[int, str] | None = None,
    ) -> None:
        super().__init__(message)
        self.boxes, self.columns = boxes or {}, columns or {}


class NobodyToTakePeril(InvalidPerilSplit):
    default_message = "There's nobody here to take that Peril — pick at least one character."


class DangerAlreadyOut(RuleError):
    default_message = "That enemy is already out of the picture!"


class DangerStillIn(RuleError):
    default_message = "That enemy is still in the picture."


class NotATarget(RuleError):
    default_message = "That enemy isn't in the picture any more."


class NotPlayersTurn(RuleError):
    default_message = "It's the enemies' turn — hold on to your hat!"


class NotEnemiesTurn(RuleError):
    default_message = "The players haven't had their turn yet — the enemies must wait."


class AlreadyActed(RuleError):
    default_message = "Already acted this round — wait for the next one!"


class GambleStillOpen(RuleError):
    """The enemies' turn, refused: a hero's Gamble of this round is rolled, not locked in."""

    default_message = "A Gamble is still open: the enemies act once every Gamble is locked in."

    def __init__(self, names: list[str] | None = None) -> None:
        if not names:
            super().__init__()
            return
        who = names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"
        super().__init__(
            f"Waiting for {who} to lock in: the enemies act once every Gamble is locked in."
        )


class NotInTheFight(RuleError):
    default_message = "Only heroes still in the fight can act in this Tumult."


class NoFoesChosen(RuleError):
    default_message = "Tick at least one Danger to fight, or keep the Tumult for later."


class NotAFoe(RuleError):
    default_message = "That Danger isn't in this Scene: only the Scene's own Dangers can fight."
