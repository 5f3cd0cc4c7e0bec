"""The Director tells the table something in so many words: a line for everyone's log."""

from sessions.actions.base import record, table_action, unpaused_adventure
from sessions.models import Adventure


@table_action(undoable=True)
def narrate(adventure: Adventure, line: str, actor) -> None:
    """Post the Director's line (a consequence they settled on, a twist) to the log. Not while
    the X-card holds the table, so it never talks over a pause."""
    adventure = unpaused_adventure(adventure)
    record(adventure, "narration", f"The Director: {line}", actor=actor, line=line)
