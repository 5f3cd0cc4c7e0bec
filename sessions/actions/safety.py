"""The X-card: anyone at the table pauses it, only the Director resumes."""

from sessions.actions.base import NotNow, check_not_paused, locked_adventure, record, table_action
from sessions.models import Adventure, SafetyNote, limits
from sessions.topics import Topic

# Pausing greys out every button that moves the game on, wherever it is drawn.
CHANGED = (
    Topic.PAUSE,
    Topic.DIRECTOR,
    Topic.HEROES,
    Topic.TUMULT,
    Topic.WIDESHOT_STATE,
    Topic.GAMBLES,
)


@table_action
def press_x_card(adventure: Adventure) -> None:
    """Pause every screen. Deliberately anonymous: no actor is recorded, anywhere."""
    adventure = locked_adventure(adventure)
    check_not_paused(adventure)  # once is enough: the table already waits for the Director
    adventure.paused = True
    adventure.save(update_fields=["paused", "updated"])
    record(
        adventure,
        "x_card",
        "The X-card was pressed. The table pauses.",
        actor=None,
        topics=CHANGED,
    )


@table_action
def resume(adventure: Adventure, actor) -> None:
    adventure = locked_adventure(adventure)
    if not adventure.paused:
        raise NotNow("The table isn't paused.")
    adventure.paused = False
    adventure.save(update_fields=["paused", "updated"])
    record(adventure, "resumed", "The Director resumes the game.", actor=actor, topics=CHANGED)


@table_action
def add_note(adventure: Adventure, kind: str, text: str, author) -> SafetyNote:
    """A Line or a Veil (``author`` None: anonymous), while the table has room for one more."""
    adventure = locked_adventure(adventure, finished_ok=True)
    if adventure.safety.count() >= limits.LINES_VEILS:
        raise NotNow(
            f"This table holds at most {limits.LINES_VEILS} Lines and Veils: the Director "
            "can take some off to make room."
        )
    note = SafetyNote.objects.create(adventure=adventure, kind=kind, text=text, author=author)
    if not adventure.is_finished:
        _record(adventure, f"A {_word(kind)} was added to the Lines & Veils.")
    return note


@table_action
def remove_notes(adventure: Adventure, note_ids: list[int]) -> int:
    """The Director takes several Lines and Veils off at once; how many went."""
    adventure = locked_adventure(adventure, finished_ok=True)
    removed, _ = SafetyNote.objects.filter(adventure=adventure, pk__in=note_ids).delete()
    if removed and not adventure.is_finished:
        _record(adventure, f"{removed} Lines and Veils were taken off the Lines & Veils.")
    return removed


def _word(kind: str) -> str:
    return "Line" if kind == "line" else "Veil"


def _record(adventure: Adventure, summary: str) -> None:
    record(adventure, "lines_veils", summary, actor=None, topics=(Topic.SAFETY,))


def lines_veils_changed(adventure: Adventure, kind: str, added: bool) -> None:
    """Tell every open table that the Lines & Veils changed (from the table or from prep), so
    they show on every screen at once. Anonymous, as the notes can be: no actor, no text."""
    if adventure.is_finished:
        return  # a finished table is read as it was played
    word = "Line" if kind == "line" else "Veil"
    summary = f"A {word} was {'added to' if added else 'taken off'} the Lines & Veils."
    _record_safety(adventure, summary)


@table_action
def _record_safety(adventure: Adventure, summary: str) -> None:
    record(adventure, "lines_veils", summary, actor=None, topics=(Topic.SAFETY,))
