"""Lines & Veils, added and taken off from the Adventure's page or the table (the safety tools'
list; the X-card is the table's pause, sessions/views/play.py)."""

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from sessions import rules as R
from sessions.access import joined_adventure
from sessions.actions import safety
from sessions.forms import SafetyNoteForm
from sessions.models import Adventure, SafetyNote
from sessions.parts import PARTS, part_context
from sessions.viewer import Viewer
from sessions.views import pace
from sessions.views.answers import render_part, whole_number
from sessions.views.cast import public_adventure
from sessions.views.outline import outline_adventure, outline_context, safety_context

LINES_VEILS = "lines_veils"


def _safety_response(
    request: HttpRequest,
    adventure: Adventure,
    form=None,
    said: str = "",
    refused: str = "",
) -> HttpResponse:
    """Lines & Veils again where the change was made, saying what changed (``said``: "Line
    added: …") or why nothing did (``refused``), or the form with its mistake by its field."""
    at_table = request.POST.get("part") == "lines-veils"
    if request.htmx and at_table:
        # From the table: its part comes back, the form in it (with a mistake by its field).
        return redrawn_lines_veils(request, adventure, form, said, refused=refused)
    if request.htmx:
        context = safety_context(request, adventure, form) | {
            "safety_said": said,
            "safety_refused": refused,
        }
        status = 400 if form is not None and form.errors else 409 if refused else 200
        return render(request, "sessions/_safety.html", context, status=status)
    if refused:
        messages.error(request, refused)
    if at_table and not (form is not None and form.errors):
        if said:
            messages.success(request, said)
        # Without JavaScript, back to the table at its Lines & Veils, not the top of the page.
        return redirect(reverse("table", args=[adventure.pk]) + "#lines-veils-panel")
    if form is not None and form.errors:
        # The whole page again, the form where it was filled in with the message by its field.
        if adventure.director_id == request.user.pk:
            directed = outline_adventure(adventure.pk, request.user)
            context = outline_context(request, directed, safety_form=form)
            return render(request, "sessions/outline.html", context, status=400)
        return public_adventure(request, adventure, safety_form=form, status=400)
    return redirect(adventure.get_absolute_url() + "#safety")


@require_POST
def safety_add(request: HttpRequest, pk: int) -> HttpResponse:
    adventure, directs = joined_adventure(request, pk)
    # At the table its fields' ids are its own (`lines_veils_context`), so each label finds
    # its field beside the journal's.
    at_table = request.POST.get("part") == "lines-veils"
    form = SafetyNoteForm(request.POST, auto_id="lv-%s" if at_table else "id_%s")
    reason = None if directs else pace.too_fast(request, adventure, LINES_VEILS)
    if reason is not None and form.is_valid():
        form.add_error(None, reason)  # the words stay typed, for later
    if form.is_valid():
        author = None if form.cleaned_data["anonymous"] else request.user
        data = form.cleaned_data
        try:
            safety.add_note(adventure, data["kind"], data["text"], author)
        except R.RuleError as refused:  # the table holds all it can
            form.add_error(None, str(refused))
        else:
            pace.posted(request, adventure, LINES_VEILS)
            kind = SafetyNote.Kind(data["kind"]).label
            said = f"{kind} added: {data['text']}"
            return _safety_response(request, adventure, said=said)
    return _safety_response(request, adventure, form)


@require_POST
def safety_remove_ticked(request: HttpRequest, pk: int) -> HttpResponse:
    """The Director takes the ticked Lines and Veils off, all at once."""
    adventure, directs = joined_adventure(request, pk)
    if not directs:
        raise Http404("Directors only")
    ticked = [whole_number(value) for value in request.POST.getlist("note")[:500]]
    ticked = [note for note in ticked if note is not None]
    try:
        safety.remove_notes(adventure, ticked)
    except R.RuleError as refused:  # a finished table's are kept as they were
        return _safety_response(request, adventure, refused=str(refused))
    return _safety_response(request, adventure)


@require_POST
def safety_remove(request: HttpRequest, pk: int, note_pk: int) -> HttpResponse:
    adventure, directs = joined_adventure(request, pk)
    note = get_object_or_404(SafetyNote, pk=note_pk, adventure=adventure)
    if not (directs or (note.author_id is not None and note.author_id == request.user.pk)):
        raise Http404("Not your note to remove")
    if adventure.is_finished:
        return _safety_response(request, adventure, refused=safety.FINISHED)
    note.delete()
    safety.lines_veils_changed(adventure, note.kind, added=False)
    said = f"{SafetyNote.Kind(note.kind).label} taken off: {note.text}"
    return _safety_response(request, adventure, said=said)


def redrawn_lines_veils(
    request: HttpRequest,
    adventure: Adventure,
    form=None,
    said: str = "",
    refused: str = "",
) -> HttpResponse:
    """The table's Lines & Veils for the one who changed them: the list as it is now, and
    what changed said in it, or the form with its mistake, unfolded. After an addition the
    form folds away again, empty (a fresh-eyes evening: it stayed open, taking room when
    no longer in use); what was added is said under its fold."""
    viewer = Viewer(adventure, request.user.pk, adventure.director_id == request.user.pk)
    part = PARTS["lines-veils"]
    context = part_context(viewer, part) | {"safety_said": said, "safety_refused": refused}
    if form is not None:
        context["safety_form"] = form
    context["safety_open"] = form is not None
    status = 400 if form is not None else 409 if refused else 200
    return render_part(request, part, context, status=status)
