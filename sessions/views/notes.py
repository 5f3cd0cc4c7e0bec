"""What the people at the table write down: the Cast's shared journal, and each player's
private notes on their heroes."""

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_POST

from characters.forms import NotesForm as HeroNotesForm
from sessions import hidden
from sessions.actions import dangers, notes
from sessions.forms import JournalForm
from sessions.parts import PARTS, kept, part_context
from sessions.viewer import Viewer
from sessions.views import pace
from sessions.views.answers import act, render_part, respond, table_viewer

JOURNAL = "sessions/parts/cast-journal.html#journal-form"


@require_POST
def journal_add(request: HttpRequest, pk: int) -> HttpResponse:
    """A line for the Cast journal; every Cast screen gets it from its event stream."""
    adventure, viewer = table_viewer(request, pk)
    if not (viewer.directs or viewer.characters):
        raise Http404("Only the Cast and its Director write in its journal")
    heroes = viewer.characters
    form = JournalForm(request.POST, heroes=heroes)
    hero = heroes[0] if heroes else None  # a player writes as their hero, or their first
    if form.is_valid() and form.cleaned_data["character"] not in ("", None):
        hero = next((h for h in heroes if h.pk == form.cleaned_data["character"]), None)
        if hero is None:
            form.add_error(None, "Write as one of your own heroes.")
    if not form.is_valid():
        if not request.htmx:
            return respond(request, adventure, "cast-journal", " ".join(_errors(form)))
        context = {"adventure": adventure, "journal_form": form}
        return render(request, JOURNAL, context, status=400)

    text, reveal = form.cleaned_data["text"], ()
    if viewer.directs and hero is None:
        settled = _directors_line(request, adventure, form, text)
        if isinstance(settled, HttpResponse):
            return settled
        text, reveal = settled.line, settled.reveal

    def refused(reason: str, status: int = 409) -> HttpResponse:
        # The form answers in its own place (the part below it holds only the lines), the
        # line still typed and the reason above it.
        form.add_error(None, reason)
        context = {"adventure": adventure, "journal_form": form}
        return render(request, JOURNAL, context, status=status)

    if not viewer.directs and (reason := pace.too_fast(request, adventure, "journal")):
        if not request.htmx:
            return respond(request, adventure, "cast-journal", reason)
        return refused(reason, status=429)
    if not viewer.directs:
        pace.posted(request, adventure, "journal")  # each line sent counts, written or not

    def write() -> None:
        for danger_id in reveal:
            dangers.reveal_danger(adventure, danger_id, True, request.user)
        notes.write_in_journal(adventure, text, hero, request.user)

    response = act(request, adventure, write, "cast-journal", refused=refused)
    if not request.htmx or response.status_code != 200:
        return response
    # Written: a fresh form for the next line (the stream brings the line itself).
    context = {"adventure": adventure, "journal_form": JournalForm(heroes=heroes)}
    return render(request, JOURNAL, context)


def _directors_line(request: HttpRequest, adventure, form, text: str):
    """The Director's own line: nothing the players haven't been told goes in unmarked
    (`sessions.hidden`). Settled, the line and what it reveals; else the form comes back with
    the line marked, to settle as the Director chooses."""
    choices = {
        key.removeprefix("choice-"): value
        for key, value in request.POST.items()
        if key.startswith("choice-")
    }
    settled = hidden.settle(adventure, text, choices)
    if not settled.open:
        return settled
    tell = {**hidden.shown(text, settled.found, choices), "prefix": "The Director writes: "}
    context = {"adventure": adventure, "journal_form": form, "tell": tell}
    if request.htmx:
        return render(request, JOURNAL, context)
    return render(request, "sessions/tell.html", context | {"include": JOURNAL})


def _errors(form) -> list[str]:
    return [error for errors in form.errors.values() for error in errors]


@require_POST
def journal_remove(request: HttpRequest, pk: int, entry_pk: int) -> HttpResponse:
    adventure, viewer = table_viewer(request, pk)
    return act(
        request,
        adventure,
        lambda: notes.cross_out(adventure, entry_pk, request.user, directs=viewer.directs),
        "cast-journal",
    )


@require_POST
def hero_notes_save(request: HttpRequest, pk: int, character_id: int) -> HttpResponse:
    """A player saves their private notes on one of their heroes at this table."""
    adventure, viewer = table_viewer(request, pk)
    hero = viewer.own(character_id)
    form = HeroNotesForm(request.POST)
    error = ""
    if adventure.is_finished:
        error = "This Adventure is finished: keep your notes on the hero's sheet."
    elif form.is_valid():
        hero.notes = form.cleaned_data["notes"]
        hero.save(update_fields=["notes", "updated"])
        kept.changed(adventure)  # a seat's own: no event, its page draws afresh
    else:
        error = " ".join(_errors(form))
    if not request.htmx:
        return respond(request, adventure, "hero-notes", error)
    part = PARTS["hero-notes"]
    context = part_context(Viewer(adventure, request.user.pk), part) | {"error": error}
    return render_part(request, part, context, status=400 if error else 200)
