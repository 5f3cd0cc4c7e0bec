"""Gambles nobody locked in, locked in as they stood: every one still open when a Scene, a Leg or
the Adventure ends, and a hero's open one when its player rolls again."""

from characters.models import Character
from characters.pronouns import THEY
from sessions.actions.base import locked_character
from sessions.actions.rolled import lock_in_as_left
from sessions.models import Adventure, Gamble, TableEvent
from sessions.wording.gambles import attempt


def settle_open_gambles(adventure: Adventure, actor, ended: str = "") -> list[str]:
    """Lock in every Gamble still open (the Scene, a Leg or the Adventure is ending:
    ``ended`` names which, for the player's phone to say why). What each came to, one
    sentence a Gamble, for the ending's own words."""
    told = []
    for gamble in Gamble.objects.select_for_update().filter(adventure=adventure, locked=False):
        character = locked_character(gamble.character_id)
        lock_in_as_left(adventure, gamble, character, actor, ended=ended)
        told.append(locked_as_it_stood(gamble, character.name, character.pronouns))
    return told


def locked_as_it_stood(gamble: Gamble, name: str, pronouns: str = THEY) -> str:
    """A Gamble an ending locked in, told as typed: "Ada tries to bluff the foreman: locked in
    as it stood, a blunder.", "Ada Quill photographs the ledger (typed "I photograph the
    ledger"): …", "Ada's Gamble: …" when no action was stated."""
    intent = gamble.setup.get("intent", "").strip()
    said = (
        attempt(name, intent.rstrip("."), gamble.names, pronouns) if intent else f"{name}'s Gamble"
    )
    verdict = "a success" if gamble.success else "a blunder"
    return f"{said}: locked in as it stood, {verdict}."


def lock_in_automatically(
    adventure: Adventure, gamble: Gamble, character: Character, actor
) -> TableEvent:
    """Lock in a Gamble its player moved on from (their next roll), as the page left it."""
    return lock_in_as_left(adventure, gamble, character, actor)
