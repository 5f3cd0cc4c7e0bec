"""The pause: anyone at the table presses the X-card, or the Director pauses the table
themselves; only the Director resumes."""

from sessions.actions.base import (
    NotNow,
    check_not_paused,
    in_a_scene,
    locked_adventure,
    record,
    table_action,
)
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
    """Pause every screen. Deliberately anonymous: no actor is recorded, anywhere. The X-card
    is there during the Director's own pause too (a break is no reason to take it away): the
    pause becomes the X-card's, said as such on every screen."""
    adventure = locked_adventure(adventure)
    if not adventure.paused_by_director:
        check_not_paused(adventure)  # once is enough: the table already waits for the Director
    adventure.paused = True
    adventure.paused_by_director = False
    adventure.save(update_fields=["paused", "paused_by_director", "updated"])
    record(
        adventure,
        "x_card",
        "The X-card was pressed. The table pauses.",
        actor=None,
        topics=CHANGED,
    )


@table_action
def director_pause(adventure: Adventure, actor) -> None:
    """The Director pauses the table themselves: the same pause as the X-card's (every screen
    holds, only the Director resumes), said as theirs, and logged with them as its actor."""
    adventure = locked_adventure(adventure)
    check_not_paused(adventure)
    adventure.paused = True
    adventure.paused_by_director = True
    adventure.save(update_fields=["paused", "paused_by_director", "updated"])
    record(
        adventure, "director_pause", "The Director pauses the table.", actor=actor, topics=CHANGED
    )


@table_action
def resume(adventure: Adventure, actor) -> None:
    adventure = locked_adventure(adventure)
    if not adventure.paused:
        raise NotNow("The table isn't paused.")
    adventure.paused = False
    adventure.paused_by_director = False
    adventure.save(update_fields=["paused", "paused_by_director", "updated"])
    record(adventure, "resumed", "The Director resumes the game.", actor=actor, topics=CHANGED)


@table_action
def ask_fast_forward(adventure: Adventure) -> None:
    """Script Change's fast-forward: anyone asks to skip past a moment, and the Director moves
    the Scene on. Anonymous like the X-card: no actor, nothing in the event of who asked. It
    doesn't pause the table, and a pause doesn't hold it back (it is how to say what next)."""
    adventure = locked_adventure(adventure)
    in_a_scene(adventure, "Fast-forward")  # between Scenes there is no moment to skip past
    if adventure.fast_forward_asked:
        raise NotNow("Someone already asked to fast-forward: the Director has it.")
    adventure.fast_forward_asked = True
    adventure.save(update_fields=["fast_forward_asked", "updated"])
    record(
        adventure,
        "fast_forward",
        "Someone asked to fast-forward past this moment.",
        actor=None,
        topics=(Topic.SCRIPT_CHANGE,),
    )


@table_action
def moved_on(adventure: Adventure, actor) -> None:
    """The Director has moved the Scene on past the moment: the request is answered."""
    adventure = locked_adventure(adventure)
    if not adventure.fast_forward_asked:
        raise NotNow("Nobody is waiting for a fast-forward.")
    adventure.fast_forward_asked = False
    adventure.save(update_fields=["fast_forward_asked", "updated"])
    record(
        adventure,
        "fast_forward_done",
        "The Director moves the story on.",
        actor=actor,
        topics=(Topic.SCRIPT_CHANGE,),
    )


FINISHED = "This Adventure is finished: its Lines & Veils are kept as they were agreed."


@table_action
def add_note(adventure: Adventure, kind: str, text: str, author) -> SafetyNote:
    """A Line or a Veil (``author`` None: anonymous), while the table has room for one more."""
    adventure = locked_adventure(adventure, finished_ok=True)
    if adventure.is_finished:
        raise NotNow(FINISHED)
    if adventure.safety.count() >= limits.LINES_VEILS:
        raise NotNow(
            f"This table holds at most {limits.LINES_VEILS} Lines and Veils: the Director "
            "can take some off to make room."
        )
    note = SafetyNote.objects.create(adventure=adventure, kind=kind, text=text, author=author)
    _record(adventure, f"A {_word(kind)} was added to the Lines & Veils.")
    return note


@table_action
def remove_notes(adventure: Adventure, note_ids: list[int]) -> int:
    """The Director takes several Lines and Veils off at once; how many went."""
    adventure = locked_adventure(adventure, finished_ok=True)
    if adventure.is_finished:
        raise NotNow(FINISHED)
    removed, _ = SafetyNote.objects.filter(adventure=adventure, pk__in=note_ids).delete()
    if removed:
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
