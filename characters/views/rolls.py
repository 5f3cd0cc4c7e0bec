"""The creation form's rolls and picks, before the hero is saved: the drive's d6 and the
Equipment's d66 on the archetype's tables (the server's dice, or the player's own faces typed
beside the roll), and a pick straight from a table."""

import re

from django.http import QueryDict

from sessions.rules import (
    MAX_EQUIPMENT,
    Dice,
    EnteredDice,
    OutOfRange,
    WrongDiceCount,
    read_faces,
    table_dice,
)

# Real dice at creation: the faces a player rolled themselves, typed beside each roll.
HAND_DRIVE, HAND_EQUIPMENT, HAND_LUCKY = "hand_drive", "hand_equipment", "hand_lucky"
BY_HAND = ", rolled by hand"
# The argument of "Use my die" / "Use my dice" (``roll_drive:own``): the player's faces only.
OWN = "own"


class NoFacesYet(OutOfRange):
    default_message = "Tap or type the face your die shows first: “Use my die” uses yours."


NO_FACES_FOR_EQUIPMENT = "Tap or type the faces your dice show first: “Use my dice” uses yours."


def dice_for(data: QueryDict, field: str, *, own: bool = False) -> Dice:
    """The player's own dice if they typed the faces in ``field``, else the server's. Faces
    that can't be a throw are refused (`OutOfRange`); the rule counts them (`EnteredDice`).
    ``own`` ("Use my die" pressed): never the server's dice, nothing typed is refused."""
    text = data.get(field, "")
    if not text.strip():
        if own:
            raise NoFacesYet()
        return table_dice()
    return EnteredDice(read_faces(text))


# What the buttons on the creation form do before the hero is saved. Each takes the form's
# data (a mutable copy) and the chosen archetype, and returns a note about what happened.
def _roll_drive(data: QueryDict, archetype, arg: str) -> dict:
    dice = dice_for(data, HAND_DRIVE, own=arg == OWN)
    roll, drive = archetype.roll_drive(dice)
    data["drive"] = drive.name
    by_hand = BY_HAND if isinstance(dice, EnteredDice) else ""
    label = f"Drive roll (1d6{by_hand})"
    return {"kind": "drive", "label": label, "dice": [roll], "result": drive.name}


def _fill_equipment(data: QueryDict, item: str) -> str:
    slots = [value for value in data.getlist("equipment") if value.strip()]
    if len(slots) >= MAX_EQUIPMENT:
        return FULL
    data.setlist("equipment", [*slots, item])
    return ""


FULL = "Both Equipment slots are full: clear one first."


class WrongPairs(WrongDiceCount):
    """Faces for the Equipment that aren't a pair for one empty slot or a pair for each: said
    in the field's own words (two for each empty slot), not as one roll of 2 dice (a fresh-eyes
    review read "Roll 2 dice" after typing four for two empty slots)."""

    def __init__(self, free: int, entered: int) -> None:
        super().__init__(2 * free, entered)
        wanted = (
            "two faces for the empty slot, tens first"
            if free == 1
            else "two faces for each empty slot, tens first: 2 to fill one, 4 to fill both"
        )
        self.message = f"Enter {wanted} — you entered {entered}."


def _equipment_dice(data: QueryDict, free: int, *, own: bool = False) -> list[Dice]:
    """One throw per d66 roll: the server's, or the player's own faces two by two (tens
    first), a pair for one empty slot or a pair for each (``own``: never the server's)."""
    text = data.get(HAND_EQUIPMENT, "")
    if not text.strip():
        if own:
            raise NoFacesYet(NO_FACES_FOR_EQUIPMENT)
        return [table_dice()] * free
    faces = read_faces(text)
    pairs = len(faces) // 2
    if len(faces) % 2 or not 1 <= pairs <= free:
        raise WrongPairs(free, len(faces))
    return [EnteredDice(faces[i : i + 2]) for i in range(0, len(faces), 2)]


class FacesNotUsed(OutOfRange):
    default_message = "Your faces were not used: press “Use my dice”, or clear them."


def every_slot_rolled(typed: str, free: int) -> None:
    """At Create, faces typed and not used: refuses (`FacesNotUsed`) those that are a roll
    for some of the empty Equipment slots and not all (a fresh-eyes review: 3 5 tapped, two
    slots empty, Create made one slot of them, left the other empty and said nothing). "Use
    my dice" fills a slot at a time; Create fills them all or nothing."""
    count = len(read_faces(typed))
    if count % 2 == 0 and 0 < count < 2 * free:
        raise FacesNotUsed(
            f"Your faces {typed} were not used: press “Use my dice” to roll "
            f"{'one slot' if count == 2 else f'{count // 2} slots'} with them, tap "
            f"{2 * free - count} more for every empty slot, or clear them."
        )


def _roll_equipment(data: QueryDict, archetype, arg: str) -> dict:
    """The SRD's "up to two pieces of Equipment": every empty slot gets a d66 roll of its own
    on the archetype's table, each shown."""
    kept = [value for value in data.getlist("equipment") if value.strip()]
    free = MAX_EQUIPMENT - len(kept)
    if free <= 0:
        return {"note": FULL}
    rolls = []
    for dice in _equipment_dice(data, free, own=arg == OWN):
        by_hand = BY_HAND if isinstance(dice, EnteredDice) else ""
        (tens, ones), item = archetype.roll_equipment(dice)
        # Two pieces of Equipment are two different ones: the app's own roll that lands on one
        # already chosen is rolled again (the table has 36 rows: a few tries do); dice rolled by
        # hand are the player's, and the refusal by the field asks for another throw.
        for _again in range(6):
            if by_hand or item not in kept:
                break
            (tens, ones), item = archetype.roll_equipment(dice)
        kept.append(item)
        label = f"Equipment {len(kept)} (d66{by_hand})"
        rolls.append({"kind": "equipment", "label": label, "dice": [tens, ones], "result": item})
    data.setlist("equipment", kept)
    return {"rolls": rolls}


def _pick_drive(data: QueryDict, archetype, arg: str) -> dict:
    if re.fullmatch(r"[1-6]", arg):
        data["drive"] = archetype.drive_for(int(arg)).name
    return {}


def _pick_equipment(data: QueryDict, archetype, arg: str) -> dict:
    if roll := re.fullmatch(r"([1-6])-([1-6])", arg):
        note = _fill_equipment(data, archetype.equipment_for(int(roll[1]), int(roll[2])))
        return {"note": note} if note else {}
    return {}


ACTIONS = {
    "roll_drive": _roll_drive,
    "roll_equipment": _roll_equipment,
    "pick_drive": _pick_drive,
    "pick_equipment": _pick_equipment,
}
