"""The table's written record in a viewer's hands: the Cast's journal everyone seated adds
to, and a player's private notes on their own heroes. Drawn per viewer."""

from characters.forms import NotesForm as HeroNotesForm
from sessions.forms import JournalForm
from sessions.models import CastJournalEntry
from sessions.models.prepared import Prepared
from sessions.viewer import Viewer

JOURNAL_PAGE = 20


@Prepared
def _journal_page(adventure_id: int):
    """The newest lines of the journal, and one more to know whether there are older."""
    entries = CastJournalEntry.objects.filter(adventure_id=adventure_id)
    return entries.select_related("character")[: JOURNAL_PAGE + 1]


def cast_journal_context(viewer: Viewer) -> dict:
    """The newest lines of the Cast's journal, each with whether this viewer may cross it
    out, and (at a table still in play) the form to add one."""
    entries = _journal_page(viewer.adventure.pk)
    for entry in entries:
        entry.removable = viewer.directs or entry.author_id == viewer.user_id
    return {
        "journal": entries[:JOURNAL_PAGE],
        "journal_more": len(entries) > JOURNAL_PAGE,
    } | cast_journal_frame(viewer)


def cast_journal_frame(viewer: Viewer) -> dict:
    """The form to add a line, above the lines (at a table still in play)."""
    writes = not viewer.adventure.is_finished and (viewer.directs or bool(viewer.characters))
    return {"journal_form": JournalForm(heroes=viewer.characters) if writes else None}


def hero_notes_context(viewer: Viewer) -> dict:
    """The player's private notes on each of their heroes at this table."""
    if viewer.adventure.is_finished:
        return {"hero_notes": []}
    return {
        "hero_notes": [
            (hero, HeroNotesForm(initial={"notes": hero.notes}, auto_id=f"hero-{hero.pk}-%s"))
            for hero in viewer.characters
        ],
    } | hero_notes_frame(viewer)


def hero_notes_frame(viewer: Viewer) -> dict:
    """Whether the notes come unfolded: when there are some."""
    return {"hero_notes_open": any(hero.notes for hero in viewer.characters)}
