"""Real dice in the log: which throws were typed in by hand, and every throw's faces counted.

An action knows a throw of real dice by its dice (`R.EnteredDice`, the faces a player
entered); it says so in the log ("Ada rolled by hand: 5 2 1"), and who typed the faces in when
it was the Director for a player without a phone ("Ada rolled by hand (typed in by the
Director): 5 2 1", with `TYPED` in the event's data); it keeps each throw's faces
counted in the event's data, apart for the app's dice and for hand rolls, so the dice page
adds them up in one query (`sessions.dice_stats`).
"""

from collections.abc import Iterable

from sessions import rules as R
from sessions.actions.base import locked_adventure, record, table_action
from sessions.models import Adventure, RealDice, TableEvent
from sessions.topics import Topic

APP_FACES, HAND_FACES = "app_faces", "hand_faces"
TYPED = TableEvent.TYPED_IN


def by_hand(dice: R.Dice) -> bool:
    return isinstance(dice, R.EnteredDice)


def faces_words(faces: Iterable[int]) -> str:
    return " ".join(str(face) for face in faces)


def typed_for(adventure: Adventure, actor, character) -> bool:
    """Whether the Director typed this hero's throw in for its player (the roll-for page, a
    Rest, a Leg's Lucky Saves): the move is the Director's, the hero someone else's."""
    actor_id = getattr(actor, "pk", None)
    return actor_id is not None and actor_id == adventure.director_id != character.owner_id


def typed_in(adventure: Adventure, actor, character, dice: R.Dice) -> dict:
    """What a Gamble's setup and an event's data keep when the Director typed ``dice`` in."""
    return {TYPED: True} if by_hand(dice) and typed_for(adventure, actor, character) else {}


def typed_words(typed: bool) -> str:
    return " (typed in by the Director)" if typed else ""


def hand_words(name: str, faces: Iterable[int], typed: bool = False) -> str:
    return f"{name} rolled by hand{typed_words(typed)}: {faces_words(faces)}."


def thrown(app: Iterable[int] = (), hand: Iterable[int] = ()) -> dict:
    """An event's data for the faces it threw: counts per face, the app's and hand rolls apart."""
    app, hand = list(app), list(hand)
    data = {}
    if app:
        data[APP_FACES] = R.FaceCounts.tally(app)
    if hand:
        data[HAND_FACES] = R.FaceCounts.tally(hand)
    return data


def throw(faces: Iterable[int], dice: R.Dice) -> dict:
    """`thrown` for one throw of ``dice``."""
    return thrown(hand=faces) if by_hand(dice) else thrown(app=faces)


@table_action
def choose_dice(adventure: Adventure, real_dice: str, actor) -> None:
    """The Director changes whose dice the table rolls (a setting, not a move: not undone,
    and allowed while the X-card holds the table). Every screen says so at once."""
    adventure = locked_adventure(adventure)
    if real_dice not in RealDice.values:
        raise R.OutOfRange("Pick one of the ways to roll.")
    if adventure.real_dice == real_dice:
        return
    adventure.real_dice = real_dice
    adventure.save(update_fields=["real_dice", "updated"])
    words = {
        RealDice.APP: "The app rolls the dice again.",
        RealDice.HAND: "Real dice tonight: everyone rolls their own and enters the faces.",
        RealDice.EITHER: "Real dice tonight, or the app's: each player chooses per roll.",
    }[real_dice]
    record(
        adventure,
        "real_dice",
        words,
        actor=actor,
        # Every screen's header, and every Gamble panel's form.
        topics=(Topic.SCENE, Topic.GAMBLES, Topic.HEROES, Topic.DIRECTOR),
        real_dice=real_dice,
    )
