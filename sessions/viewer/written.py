"""What a table action hands to its event's drawing: `Written`."""

from dataclasses import dataclass

from sessions.models import (
    Adventure,
    Gamble,
)


@dataclass(frozen=True)
class Written:
    """What a table action wrote, handed with its event (``event.written``) to the event's
    drawing in the process that wrote it, so that the drawing doesn't read back what the
    action had in hand. Handed only by actions that say what holds when their event is drawn:
    later events redraw whatever they change, in order, so nothing here outlives its event."""

    # The table as the action left it, read under its lock with the ids of its Tumult and
    # Group Gamble (`locked_adventure(now=True)`): neither can start during a Gamble's move.
    adventure: Adventure
    # The Gamble the event is about, as written, with its hero.
    gamble: Gamble | None = None
    # The Gamble is the table's newest, in the Scene in play (a roll).
    latest: bool = False
    # The event is the first of its (undoable) action: the one that keeps its journal.
    first: bool = False

    @property
    def in_play(self) -> bool:
        """Whether a Scene is in play: where undo reaches and consequences are drawn."""
        return self.adventure.playing_scene_id is not None
