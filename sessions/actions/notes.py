"""The Cast's shared journal: lines any of them (or the Director) write for all to keep."""

from characters.models import Character
from sessions.actions.base import NotNow, locked_adventure, record, table_action
from sessions.models import Adventure, CastJournalEntry, limits
from sessions.topics import Topic


@table_action
def write_in_journal(adventure: Adventure, text: str, character: Character | None, actor):
    """A line for the journal, by a hero of the Cast (None: by the Director). Not a move of
    the game: the X-card doesn't hold it back, but a finished table is kept as it was."""
    adventure = locked_adventure(adventure)
    if adventure.journal.count() >= limits.JOURNAL_LINES:
        raise NotNow(
            f"The Cast journal holds at most {limits.JOURNAL_LINES} lines: the Director can "
            "cross some out to make room."
        )
    entry = CastJournalEntry.objects.create(
        adventure=adventure, author=actor, character=character, text=text
    )
    who = character.name if character else "The Director"
    record(adventure, "journal", f"{who} writes in the Cast journal.", actor=actor,
           topics=(Topic.JOURNAL,), entry=entry.pk)  # fmt: skip
    return entry


@table_action
def cross_out(adventure: Adventure, entry_id: int, actor, *, directs: bool) -> None:
    """Take a line out of the journal: its author's, or any for the Director."""
    adventure = locked_adventure(adventure)
    entry = CastJournalEntry.objects.filter(pk=entry_id, adventure=adventure).first()
    if entry is None or not (directs or entry.author_id == actor.pk):
        raise NotNow("That line isn't yours to cross out.")
    entry.delete()
    record(adventure, "journal", "A line of the Cast journal is crossed out.", actor=actor,
           topics=(Topic.JOURNAL,))  # fmt: skip
