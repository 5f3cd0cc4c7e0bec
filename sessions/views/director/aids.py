"""The Director's own aids: consequence prompts, notes, narration. Theirs alone (no table
event), but for the line they tell the table."""

from django.http import Http404, HttpRequest, HttpResponse
from django.views.decorators.http import require_POST

from sessions import rules as R
from sessions.actions import (
    gear,
    narration,
)
from sessions.forms import (
    NoteLineForm,
    NotesForm,
    OwnPromptForm,
)
from sessions.models import Adventure, PromptDeck
from sessions.parts import kept
from sessions.views.answers import (
    checked,
    whole_number,
)
from sessions.views.director.base import aside, control
from sessions.views.director.tell import tell


def _moment_id(request: HttpRequest) -> int:
    event_id = whole_number(request.POST.get("event"))
    if event_id is None:
        raise Http404("No such moment")
    return event_id


@require_POST
def consequences_another(request: HttpRequest, pk: int) -> HttpResponse:
    """Three other prompts for the same moment."""
    event_id = _moment_id(request)

    def another(adventure, _viewer):
        shown = adventure.consequence_draw
        number = shown.get("draw", 0) + 1 if shown.get("event") == event_id else 1
        adventure.consequence_draw = {"event": event_id, "draw": number}
        adventure.save(update_fields=["consequence_draw"])

    return aside(request, pk, "consequences", another)


@require_POST
def consequences_done(request: HttpRequest, pk: int) -> HttpResponse:
    """Put this moment's prompts away (the next moment brings new ones)."""
    event_id = _moment_id(request)

    def put_away(adventure, _viewer):
        adventure.consequence_draw = {"event": event_id, "dismissed": True}
        adventure.save(update_fields=["consequence_draw"])

    return aside(request, pk, "consequences", put_away)


def _deck(user) -> PromptDeck:
    return PromptDeck.objects.select_for_update().get_or_create(director=user)[0]


def _deck_changed(user) -> None:
    """The Director's prompts are theirs at every table: each is drawn again."""
    kept.changed(Adventure.objects.filter(director=user))


@require_POST
def consequences_shown(request: HttpRequest, pk: int) -> HttpResponse:
    """Hide the prompts (at every table of this Director), or show them again."""
    hidden = request.POST.get("hidden") == "1"

    def switch(_adventure, _viewer):
        deck = _deck(request.user)
        deck.hidden = hidden
        deck.save(update_fields=["hidden"])
        _deck_changed(request.user)

    return aside(request, pk, "consequences", switch)


OWN_PROMPTS = 60  # a personal list, not a second deck


@require_POST
def own_prompt_add(request: HttpRequest, pk: int) -> HttpResponse:
    def add(_adventure, _viewer):
        data = checked(OwnPromptForm(request.POST))
        deck = _deck(request.user)
        if len(deck.own) >= OWN_PROMPTS:
            raise R.RuleError(f"Your list holds {OWN_PROMPTS} prompts: remove one first.")
        deck.own = [*deck.own, data]
        deck.save(update_fields=["own"])
        _deck_changed(request.user)

    return aside(request, pk, "own-prompts", add)


@require_POST
def own_prompt_remove(request: HttpRequest, pk: int) -> HttpResponse:
    index = whole_number(request.POST.get("prompt"))

    def remove(_adventure, _viewer):
        deck = _deck(request.user)
        if index is None or index >= len(deck.own):
            raise R.RuleError("That prompt isn't on your list any more.")
        deck.own = deck.own[:index] + deck.own[index + 1 :]
        deck.save(update_fields=["own"])
        _deck_changed(request.user)

    return aside(request, pk, "own-prompts", remove)


@require_POST
def notes_save(request: HttpRequest, pk: int) -> HttpResponse:
    def save(adventure, _viewer):
        adventure.table_notes = checked(NotesForm(request.POST))["table_notes"]
        adventure.save(update_fields=["table_notes", "updated"])

    return aside(request, pk, "director-notes", save)


@require_POST
def notes_add(request: HttpRequest, pk: int) -> HttpResponse:
    """Use this: a consequence prompt becomes a line of the Director's notes. The prompts
    come back saying so, with the line a tap from the table's log; the notes redraw too."""
    event_id = whole_number(request.POST.get("event"))

    def add(adventure, _viewer):
        line = checked(NoteLineForm(request.POST))["note"]
        notes = f"{adventure.table_notes.rstrip()}\n• {line}".strip()
        if len(notes) > NotesForm.base_fields["table_notes"].max_length:
            raise R.RuleError("Your notes are full: tidy them up first.")
        adventure.table_notes = notes
        fields = ["table_notes", "updated"]
        if event_id is not None:
            # Remembered with the moment's draw, so a reload still shows it used.
            shown = adventure.consequence_draw
            kept = shown if shown.get("event") == event_id else {"event": event_id}
            adventure.consequence_draw = kept | {"used": [*kept.get("used", []), line][-6:]}
            fields.append("consequence_draw")
        adventure.save(update_fields=fields)
        return {"used_line": line}

    return aside(request, pk, "consequences", add, also="director-notes")


@require_POST
def gear_take(request: HttpRequest, pk: int) -> HttpResponse:
    """Part them from their gear, made real: one tap takes the item from the hero's
    Equipment (logged, undoable); the prompts come back without it."""
    hero, item = whole_number(request.POST.get("character")), whole_number(request.POST.get("item"))

    def take(adventure, _viewer):
        if hero is None or item is None:
            raise R.RuleError("Pick one of the hero's Equipment.")
        return gear.part_from_gear(adventure, hero, item, request.user)

    return control(request, pk, take, name="consequences")


@require_POST
def narrate(request: HttpRequest, pk: int) -> HttpResponse:
    """The Director posts a line to everyone's log: one they typed, or a consequence prompt
    (shown first, as it will read). A line that names anything the players haven't been told
    is shown first too, its secrets marked (`tell`)."""
    part = request.POST.get("part", "")
    name = "consequences" if part == "consequences" else "director-notes"

    def post(adventure, line, reveal):
        narration.narrate(adventure, line, request.user, reveal=reveal)

    return tell(
        request,
        pk,
        name=name,
        text=None,
        post=post,
        always_show=name == "consequences",
        fields=[("part", name)],
    )
