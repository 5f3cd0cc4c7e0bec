"""The Director's controls at the table.

Every control starts from `director_viewer`, so a player who forges a request gets a 404.
"""

from django.db import transaction
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.views.decorators.http import require_POST

from sessions import rules as R
from sessions.actions import (
    corrections,
    dangers,
    groups,
    investigations,
    legs,
    narration,
    peril,
    safety,
    screen,
    tumults,
    wideshots,
)
from sessions.forms import (
    DangerEditForm,
    DangerQuickForm,
    NoteLineForm,
    NotesForm,
    OwnPromptForm,
    PerilForm,
    PromptForm,
    WideShotEditForm,
)
from sessions.forms.dice import hand_rolls
from sessions.models import Adventure, KeyLocation, Leg, PromptDeck, Scene
from sessions.parts import PARTS, part_context
from sessions.viewer import Viewer
from sessions.views.answers import (
    act,
    checked,
    director_viewer,
    render_part,
    respond,
    whole_number,
)


def _control(request: HttpRequest, pk: int, action, name: str = "director") -> HttpResponse:
    """Run a Director's action; the Director's panel (or ``name``) comes back redrawn."""
    adventure, viewer = director_viewer(request, pk)
    return act(request, adventure, lambda: action(adventure, viewer), name)


# Pacing ---------------------------------------------------------------------------------------


@require_POST
def leg_start(request: HttpRequest, pk: int) -> HttpResponse:
    def start(adventure, viewer):
        leg_id = whole_number(request.POST.get("leg"))
        leg = get_object_or_404(Leg, pk=leg_id or 0, adventure=adventure)
        entered = hand_rolls(adventure, request.POST, viewer.cast)
        legs.start_leg(adventure, leg, request.user, R.table_dice(), entered)

    return _control(request, pk, start)


@require_POST
def leg_end(request: HttpRequest, pk: int) -> HttpResponse:
    return _control(request, pk, lambda adventure, _: legs.end_leg(adventure, request.user))


def _key_location(request: HttpRequest, adventure, scene: Scene) -> KeyLocation | None:
    choice = request.POST.get("key_location") or ""
    if choice == "":
        return scene.key_location
    if choice == "none":
        return None
    return get_object_or_404(KeyLocation, pk=whole_number(choice) or 0, leg__adventure=adventure)


@require_POST
def scene_start(request: HttpRequest, pk: int) -> HttpResponse:
    def start(adventure, _viewer):
        scene_id = whole_number(request.POST.get("scene"))
        scene = get_object_or_404(Scene, pk=scene_id or 0, leg__adventure=adventure)
        location = _key_location(request, adventure, scene)
        legs.start_scene(adventure, scene, location, request.user)

    return _control(request, pk, start)


@require_POST
def scene_end(request: HttpRequest, pk: int) -> HttpResponse:
    return _control(request, pk, lambda adventure, _: legs.end_scene(adventure, request.user))


@require_POST
def adventure_finish(request: HttpRequest, pk: int) -> HttpResponse:
    def finish(adventure, _viewer):
        if request.POST.get("confirm") != "yes":
            raise R.RuleError("Tick the box to confirm: finishing an Adventure can't be undone.")
        legs.finish_adventure(adventure, request.user)

    return _control(request, pk, finish)


@require_POST
def screen_link(request: HttpRequest, pk: int) -> HttpResponse:
    enabled = request.POST.get("enabled") == "1"
    return _control(
        request, pk, lambda adventure, _: screen.set_screen(adventure, enabled, request.user)
    )


# The Wide Shot --------------------------------------------------------------------------------


@require_POST
def wideshot_edit(request: HttpRequest, pk: int) -> HttpResponse:
    def edit(adventure, _viewer):
        data = checked(WideShotEditForm(request.POST))
        wideshots.edit(adventure, data["opening"], data["questions"], request.user)

    return _control(request, pk, edit, "wideshot")


@require_POST
def wideshot_lock(request: HttpRequest, pk: int) -> HttpResponse:
    locked = request.POST.get("locked") == "1"
    return _control(
        request,
        pk,
        lambda adventure, _: wideshots.lock(adventure, locked, request.user),
        "wideshot",
    )


# Peril, Rests, Group Gambles, Investigations ---------------------------------------------------


@require_POST
def peril_give(request: HttpRequest, pk: int) -> HttpResponse:
    def give(adventure, viewer):
        form = PerilForm(request.POST, cast=viewer.cast)
        data = checked(form)
        peril.adjust_peril(
            adventure, data["character"], data["delta"], form.reason_words(), request.user
        )

    return _control(request, pk, give)


@require_POST
def rest(request: HttpRequest, pk: int) -> HttpResponse:
    def call(adventure, viewer):
        entered = hand_rolls(adventure, request.POST, viewer.cast)
        peril.rest(adventure, request.user, R.table_dice(), entered)

    return _control(request, pk, call)


@require_POST
def group_call(request: HttpRequest, pk: int) -> HttpResponse:
    def call(adventure, _viewer):
        text = checked(PromptForm(request.POST))["text"]
        groups.call_group_gamble(adventure, text, request.user)

    return _control(request, pk, call)


@require_POST
def group_close(request: HttpRequest, pk: int) -> HttpResponse:
    return _control(
        request, pk, lambda adventure, _: groups.close_group_gamble(adventure, request.user)
    )


@require_POST
def investigation_ask(request: HttpRequest, pk: int) -> HttpResponse:
    def ask(adventure, viewer):
        data = checked(PromptForm(request.POST, cast=viewer.cast))
        if data["character"] is None:
            raise R.RuleError("Choose who investigates.")
        investigations.ask_to_investigate(adventure, data["character"], data["text"], request.user)

    return _control(request, pk, ask)


# Dangers and Tumults --------------------------------------------------------------------------


@require_POST
def danger_add(request: HttpRequest, pk: int) -> HttpResponse:
    def add(adventure, _viewer):
        data = checked(DangerQuickForm(request.POST))
        dangers.add_danger(adventure, data["name"], data["template"], request.user)

    return _control(request, pk, add)


def _danger_id(request: HttpRequest) -> int:
    danger_id = whole_number(request.POST.get("danger"))
    if danger_id is None:
        raise Http404("No such Danger")
    return danger_id


def _on_danger(request: HttpRequest, pk: int, action) -> HttpResponse:
    """A Director's move on one Danger of the Scene, its id posted as ``danger``:
    ``action(adventure, danger_id, actor)``."""
    danger_id = _danger_id(request)
    return _control(request, pk, lambda adventure, _: action(adventure, danger_id, request.user))


@require_POST
def danger_reveal(request: HttpRequest, pk: int) -> HttpResponse:
    revealed = request.POST.get("revealed") == "1"

    def reveal(adventure, danger_id, actor):
        dangers.reveal_danger(adventure, danger_id, revealed, actor)

    return _on_danger(request, pk, reveal)


@require_POST
def danger_change(request: HttpRequest, pk: int) -> HttpResponse:
    def change(adventure, danger_id, actor):
        data = checked(DangerEditForm(request.POST))
        dangers.edit_danger(
            adventure,
            danger_id,
            data["name"],
            data["success_threshold"],
            data["danger_rating"],
            actor,
        )

    return _on_danger(request, pk, change)


@require_POST
def danger_remove(request: HttpRequest, pk: int) -> HttpResponse:
    return _on_danger(request, pk, dangers.remove_danger)


@require_POST
def danger_success(request: HttpRequest, pk: int) -> HttpResponse:
    return _on_danger(request, pk, dangers.director_mark_success)


@require_POST
def tumult_start(request: HttpRequest, pk: int) -> HttpResponse:
    return _control(request, pk, lambda adventure, _: tumults.start_tumult(adventure, request.user))


def peril_splits(post) -> dict[int, dict[int, int]]:
    """Read fields named split-<danger>-<character> into {danger: {character: Peril}}."""
    splits: dict[int, dict[int, int]] = {}
    for key, value in post.items():
        parts = key.split("-")
        if len(parts) != 3 or parts[0] != "split" or not value.strip():
            continue
        danger_id, character_id = whole_number(parts[1]), whole_number(parts[2])
        share = whole_number(value.strip())
        if danger_id is None or character_id is None:
            raise R.RuleError("That split doesn't make sense.")
        if share is None:
            raise R.RuleError("Each share of Peril must be a whole number, 0 or more.")
        splits.setdefault(danger_id, {})[character_id] = share
    return splits


@require_POST
def tumult_enemies(request: HttpRequest, pk: int) -> HttpResponse:
    def strike(adventure, _viewer):
        tumults.enemies_turn(adventure, peril_splits(request.POST), request.user)

    return _control(request, pk, strike)


@require_POST
def tumult_next(request: HttpRequest, pk: int) -> HttpResponse:
    return _control(request, pk, lambda adventure, _: tumults.next_round(adventure, request.user))


@require_POST
def tumult_end(request: HttpRequest, pk: int) -> HttpResponse:
    return _control(request, pk, lambda adventure, _: tumults.end_tumult(adventure, request.user))


@require_POST
def resume(request: HttpRequest, pk: int) -> HttpResponse:
    return _control(
        request, pk, lambda adventure, _: safety.resume(adventure, request.user), "pause"
    )


# Corrections ----------------------------------------------------------------------------------


@require_POST
def undo(request: HttpRequest, pk: int) -> HttpResponse:
    """Undo the newest move of the Scene: the one the Director was shown (``event``)."""
    expected = whole_number(request.POST.get("event"))
    return _control(
        request,
        pk,
        lambda adventure, _: corrections.undo(adventure, expected, request.user),
        "corrections",
    )


# The Director's own aids: consequence prompts, notes. No table event: theirs alone. --------


def _aside(request: HttpRequest, pk: int, name: str, change) -> HttpResponse:
    """A move the Director makes for themselves alone (nothing happens at the table, no
    event): ``change(adventure, viewer)``, then the part ``name`` comes back redrawn."""
    adventure, viewer = director_viewer(request, pk)
    try:
        with transaction.atomic():
            change(Adventure.objects.select_for_update().get(pk=adventure.pk), viewer)
    except R.RuleError as refused:
        return respond(request, adventure, name, str(refused))
    if not request.htmx:
        return redirect("table", pk)
    viewer = Viewer(Adventure.objects.get(pk=pk), request.user.pk, True)
    part = PARTS[name]
    return render_part(request, part, part_context(viewer, part))


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

    return _aside(request, pk, "consequences", another)


@require_POST
def consequences_done(request: HttpRequest, pk: int) -> HttpResponse:
    """Put this moment's prompts away (the next moment brings new ones)."""
    event_id = _moment_id(request)

    def put_away(adventure, _viewer):
        adventure.consequence_draw = {"event": event_id, "dismissed": True}
        adventure.save(update_fields=["consequence_draw"])

    return _aside(request, pk, "consequences", put_away)


def _deck(user) -> PromptDeck:
    return PromptDeck.objects.select_for_update().get_or_create(director=user)[0]


@require_POST
def consequences_shown(request: HttpRequest, pk: int) -> HttpResponse:
    """Hide the prompts (at every table of this Director), or show them again."""
    hidden = request.POST.get("hidden") == "1"

    def switch(_adventure, _viewer):
        deck = _deck(request.user)
        deck.hidden = hidden
        deck.save(update_fields=["hidden"])

    return _aside(request, pk, "consequences", switch)


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

    return _aside(request, pk, "own-prompts", add)


@require_POST
def own_prompt_remove(request: HttpRequest, pk: int) -> HttpResponse:
    index = whole_number(request.POST.get("prompt"))

    def remove(_adventure, _viewer):
        deck = _deck(request.user)
        if index is None or index >= len(deck.own):
            raise R.RuleError("That prompt isn't on your list any more.")
        deck.own = deck.own[:index] + deck.own[index + 1 :]
        deck.save(update_fields=["own"])

    return _aside(request, pk, "own-prompts", remove)


@require_POST
def notes_save(request: HttpRequest, pk: int) -> HttpResponse:
    def save(adventure, _viewer):
        adventure.table_notes = checked(NotesForm(request.POST))["table_notes"]
        adventure.save(update_fields=["table_notes", "updated"])

    return _aside(request, pk, "director-notes", save)


@require_POST
def notes_add(request: HttpRequest, pk: int) -> HttpResponse:
    """Use this: a consequence prompt becomes a line of the Director's notes."""

    def add(adventure, _viewer):
        line = checked(NoteLineForm(request.POST))["note"]
        notes = f"{adventure.table_notes.rstrip()}\n• {line}".strip()
        if len(notes) > NotesForm.base_fields["table_notes"].max_length:
            raise R.RuleError("Your notes are full: tidy them up first.")
        adventure.table_notes = notes
        adventure.save(update_fields=["table_notes", "updated"])

    return _aside(request, pk, "director-notes", add)


@require_POST
def narrate(request: HttpRequest, pk: int) -> HttpResponse:
    """The Director posts a line to everyone's log (from their notes)."""

    def post(adventure, _viewer):
        line = checked(NoteLineForm(request.POST))["note"]
        narration.narrate(adventure, line, request.user)

    return _control(request, pk, post, "director-notes")
