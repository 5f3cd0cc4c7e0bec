"""Real dice from a form: the faces a player typed or tapped, read into the rules' dice.

A refusal names the field it belongs by (`FacesRefused.field`), so the view can draw the
message beside the faces that were wrong and answer 400: nothing is recorded.
"""

from sessions import rules as R
from sessions.models import Adventure, RealDice

FACES_FIELD = "faces"


class FacesRefused(R.RuleError):
    """Faces that can't be a throw of real dice, or real dice the table doesn't take."""

    def __init__(self, message: str, field: str = FACES_FIELD) -> None:
        self.field = field
        super().__init__(message)


APP_ONLY = "This table rolls the app's dice: the Director can switch on real dice."
ENTER_THEM = "Real dice tonight: roll them and enter the faces, like “5 2 1”."


def faces_field(character_id: int) -> str:
    """The field of one hero's die in the Director's Rest and Leg forms."""
    return f"faces-{character_id}"


def read(text: str | None, field: str = FACES_FIELD) -> R.EnteredDice | None:
    """The typed faces as one throw of real dice, or None if nothing was typed."""
    if text is None or not str(text).strip():
        return None
    try:
        return R.EnteredDice(R.read_faces(str(text)))
    except R.OutOfRange as refused:
        raise FacesRefused(str(refused), field) from None


def players_dice(adventure: Adventure, text: str | None) -> R.Dice:
    """The dice a player's roll uses, as the table's setting allows: the faces they entered,
    or the app's dice. Real dice only → faces required; the app's only → none taken."""
    entered = read(text)
    if adventure.real_dice == RealDice.APP:
        if entered is not None:
            raise FacesRefused(APP_ONLY)
        return R.table_dice()
    if entered is None:
        if adventure.real_dice == RealDice.HAND:
            raise FacesRefused(ENTER_THEM)
        return R.table_dice()
    return entered


def hand_rolls(adventure: Adventure, post, heroes) -> dict[int, R.EnteredDice]:
    """One die per hero that the Director typed in for a Rest or a Leg's Lucky Saves (any
    left empty roll the app's dice). A table on the app's dice takes none."""
    rolls = {}
    for hero in heroes:
        field = faces_field(hero.pk)
        entered = read(post.get(field), field)
        if entered is None:
            continue
        if not adventure.by_hand:
            raise FacesRefused(APP_ONLY, field)
        if len(entered.faces) != 1:
            raise FacesRefused(str(R.WrongDiceCount(1, len(entered.faces))), field)
        rolls[hero.pk] = entered
    return rolls
