"""The Lines & Veils at the table (the safety tool the Cast agrees on in session zero): in
sight on every phone, the Director's cockpit and the TV; each reader's own can be taken off,
and anyone seated adds one in place."""

from sessions.cast import safety_authors
from sessions.forms import SafetyNoteForm
from sessions.models import SafetyNote
from sessions.models.prepared import Prepared
from sessions.viewer import Viewer


@Prepared
def _lines_veils(adventure_id: int):
    return SafetyNote.objects.filter(adventure_id=adventure_id)


def lines_veils_context(viewer: Viewer) -> dict:
    """The Lines & Veils in sight at the table; the viewer's own (all of them for the Director)
    can be taken off, and anyone seated adds one in place (not the screen; a finished table's
    are kept as they were agreed). Who added one is the Director's to see, and only when it
    wasn't added anonymously: the Cast and the TV need the boundaries, not the names."""
    notes = _lines_veils(viewer.adventure.pk)
    changes = not viewer.screen and not viewer.adventure.is_finished
    authors = safety_authors(viewer.adventure.pk, notes) if viewer.directs else {}
    for note in notes:
        note.removable = changes and (
            viewer.directs or (note.author_id is not None and note.author_id == viewer.user_id)
        )
        note.by = authors.get(note.pk, "")
        # The Director's own: theirs, not "from" their own name.
        note.yours = viewer.directs and note.author_id == viewer.adventure.director_id
    return {
        "lines_veils": notes,
        "safety_form": SafetyNoteForm(auto_id="lv-%s") if changes else None,
        # The Director ticks several to take them off at once (a flood of anonymous ones).
        "lines_veils_ticked": viewer.directs and changes and len(notes) > 1,
    }
