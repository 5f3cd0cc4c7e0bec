"""The Director tells the table something in so many words: a line for everyone's log."""

from collections.abc import Iterable

from sessions.actions import dangers
from sessions.actions.base import record, table_action, unpaused_adventure
from sessions.models import Adventure, Leg
from sessions.topics import Topic

# What the Director tells the table is what an investigator found: their own panel shows it
# (`sessions.parts.player.investigated`).
TOLD = (Topic.HEROES,)


@table_action(undoable=True)
def narrate(adventure: Adventure, line: str, actor, *, reveal: Iterable[int] = ()) -> None:
    """Post the Director's line (a consequence they settled on, a twist) to the log, first
    revealing the hidden Dangers of the Scene it names (``reveal``: the Director chose so).
    Not while the X-card holds the table, so it never talks over a pause."""
    adventure = unpaused_adventure(adventure)
    for danger_id in reveal:
        dangers.show(adventure, danger_id, True, actor)
    record(
        adventure,
        "narration",
        f"The Director: {line}",
        actor=actor,
        line=line,
        topics=TOLD,
    )


def clue_prefix(clue: bool) -> str:
    """How a line from the crib starts in the log: "Clue: " for a clue, "The Director: " for a
    set piece (a fresh-eyes review: a clue read as "The Director: Jade dust on the sill")."""
    return "Clue: " if clue else "The Director: "


def mark_used(leg_id: int, key: str, used: bool) -> None:
    """Tick a line of the crib (`sessions.parts.crib`) as used this Leg, or untick it."""
    leg = Leg.objects.select_for_update().get(pk=leg_id)
    ticks = [k for k in leg.crib_used if k != key]
    leg.crib_used = [*ticks, key] if used else ticks
    leg.save(update_fields=["crib_used"])


@table_action(undoable=True)
def post_clue(
    adventure: Adventure,
    leg_id: int,
    key: str,
    text: str,
    actor,
    *,
    reveal: Iterable[int] = (),
    clue: bool = True,
) -> None:
    """A clue from the Director's crib told to the table: in everyone's log, ticked as used;
    the hidden Dangers of the Scene it names (``reveal``) revealed first. ``clue``: a clue,
    not a set piece (the recap tells it as a clue found)."""
    adventure = unpaused_adventure(adventure)
    for danger_id in reveal:
        dangers.show(adventure, danger_id, True, actor)
    mark_used(leg_id, key, True)
    record(
        adventure,
        "narration",
        f"{clue_prefix(clue)}{text}",  # a clue reads as one: "Clue: Jade dust on the sill"
        actor=actor,
        line=text,
        clue=clue,
        topics=(*TOLD, Topic.CRIB),
    )
