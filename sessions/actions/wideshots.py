"""The Wide Shot: the Director paints the picture, each hero adds one thing they see."""

from characters.models import Character
from sessions import rules as R
from sessions.actions.base import (
    NotNow,
    locked_adventure,
    locked_character,
    record,
    table_action,
    unpaused_adventure,
)
from sessions.models import Adventure, WideShot, WideShotDetail
from sessions.topics import Topic
from sessions.wording.wideshots import sight_said


def _board(adventure: Adventure) -> WideShot:
    scene = adventure.playing_scene()
    board = WideShot.objects.select_for_update().filter(scene=scene).first() if scene else None
    if board is None:
        raise NotNow("There's no Wide Shot open right now.")
    board.scene = scene  # as read: the names met there are asked of it, no second read
    return board


@table_action(undoable=True)
def add_detail(adventure: Adventure, character: Character, text: str, actor) -> None:
    adventure = unpaused_adventure(adventure)
    board = _board(adventure)
    if board.locked:
        raise NotNow("The Director has locked this Wide Shot.")
    character = locked_character(character.pk)
    R.check_can_contribute(character.state)
    if WideShotDetail.objects.filter(wide_shot=board, character=character, text=text).exists():
        return  # the same words again (a double tap, a second send): nothing new to log
    _detail, created = WideShotDetail.objects.update_or_create(
        wide_shot=board, character=character, defaults={"text": text}
    )
    # "Ada sees a brass key.", "Ada: Pillai keeps glancing at the door." A changed detail
    # says so first: "Ada looks again. Ada sees …"
    again = "" if created else f"{character.name} looks again. "
    # Names the table knows ("Pillai", a revealed Danger, a hero) read as names in the detail.
    names = [*(c.name for c in adventure.cast_characters()), *board.scene.known_names()]
    record(
        adventure,
        "wideshot_detail",
        again + sight_said(character.name, text, names, character.pronouns),
        actor=actor,
        character=character,
        topics=(Topic.WIDESHOT,),
    )


def addressed(line: str, cast: list[Character]) -> dict:
    """A leading question, put to one character when it starts with @Their Name."""
    if line.startswith("@"):
        folded = line[1:].casefold()
        for character in sorted(cast, key=lambda c: -len(c.name)):
            if folded.startswith(character.name.casefold()):
                text = line[1 + len(character.name) :].strip(" :,-")
                return {"text": text, "to": character.pk}
    return {"text": line, "to": None}


@table_action(undoable=True)
def edit(adventure: Adventure, opening: str, questions: list[str], actor) -> None:
    """Reframe the board; a question starting with "@Name" is put to that hero."""
    adventure = locked_adventure(adventure)
    board = _board(adventure)
    cast = adventure.cast_characters()
    board.opening = opening
    board.questions = [addressed(line, cast) for line in questions]
    board.save(update_fields=["opening", "questions"])
    record(
        adventure,
        "wideshot_edited",
        "The Director reframes the Wide Shot.",
        actor=actor,
        topics=(Topic.WIDESHOT,),
    )


@table_action(undoable=True)
def lock(adventure: Adventure, locked: bool, actor) -> None:
    adventure = locked_adventure(adventure)
    board = _board(adventure)
    if board.locked == locked:
        return
    board.locked = locked
    board.save(update_fields=["locked"])
    summary = (
        "The Wide Shot is locked: what you described is now canon."
        if locked
        else "The Wide Shot is open again for details."
    )
    record(
        adventure,
        "wideshot_locked",
        summary,
        actor=actor,
        topics=(Topic.WIDESHOT, Topic.WIDESHOT_STATE),
    )
