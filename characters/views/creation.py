"""Making a hero, and editing one: the archetype's tables, the rolls (the server's dice, or the
player's own typed in), the picks, and saving."""

from collections.abc import Callable
from dataclasses import dataclass

from django.contrib import messages
from django.db import transaction
from django.http import HttpRequest, HttpResponse, QueryDict
from django.shortcuts import redirect, render
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_GET, require_http_methods
from django_htmx.http import HttpResponseClientRedirect

from characters.archetypes import ARCHETYPES
from characters.forms import CharacterForm
from characters.models import Character
from characters.signals import hero_edited
from characters.views import own_character, shown_rolls
from characters.views.rolls import (
    ACTIONS,
    HAND_DRIVE,
    HAND_EQUIPMENT,
    HAND_LUCKY,
    dice_for,
    every_slot_rolled,
)
from sessions.rules import (
    MAX_EQUIPMENT,
    MAX_KNACKS,
    CharacterState,
    OutOfRange,
    knack_warning,
    new_character,
    table_dice,
)


def _next(request: HttpRequest) -> str:
    """Where to go once the hero is made (the invite that sent the player here), if it is a
    page of this site; "" otherwise, so that no link can send a player elsewhere."""
    target = request.POST.get("next") or request.GET.get("next") or ""
    if target.startswith("/") and url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return target
    return ""


@dataclass(frozen=True)
class MadeFor:
    """A hero made for somewhere this app knows nothing of (a table's invite: sessions draws
    the page through `make_hero_for`): the page's heading, the address its form posts to,
    where Cancel goes, and what becomes of the hero once saved (the address to go on to)."""

    heading: str
    url: str
    back: str
    # The address to go on to, and what became of the hero ("joins the Cast of …", said in
    # the one message the player reads; empty when it has a message of its own).
    then: Callable[[Character], tuple[str, str]]
    director: str = ""  # who runs the table, named under the heading (issue 35 item 7)


def make_hero_for(request: HttpRequest, made_for: MadeFor) -> HttpResponse:
    """The creation page, for ``made_for``: every roll and pick posts back to its address."""
    return _character_form_page(request, None, made_for)


def _redirect(request: HttpRequest, url: str) -> HttpResponse:
    if request.htmx:
        return HttpResponseClientRedirect(url)
    return redirect(url)


def _character_form_page(
    request: HttpRequest, character: Character | None, made_for: MadeFor | None = None
) -> HttpResponse:
    """Creation and editing share one page: guide, rolls, picks, and finally save."""
    action, _, arg = request.POST.get("action", "").partition(":")
    outcome: dict = {}
    rolls = shown_rolls.earlier(request.POST)  # each roll made so far stays shown till saved
    if request.method == "POST" and action == "save":
        data, outcome, made = _typed_rolls_used(request.POST)
        form = CharacterForm(data, instance=character)
        try:  # the Lucky Saves die, rolled before anything is saved (by hand, if typed)
            state = new_character(dice_for(request.POST, HAND_LUCKY)) if character is None else None
        except OutOfRange as refused:
            state, outcome = None, _typed_wrong(request.POST, HAND_LUCKY, refused)
        if form.is_valid() and not outcome:
            return save_hero(
                request, form, creating=character is None, state=state, made_for=made_for, made=made
            )
        outcome = _keep_typed(request.POST, outcome)
    elif request.method == "POST":
        data = request.POST.copy()  # the step fills in what it rolled or picked
        outcome = _step(data, action, arg)
        rolls = shown_rolls.after(rolls, outcome)
        # Rolls and picks are steps on the way, not a submission: show no errors yet.
        form = CharacterForm(initial=_initial(data), instance=character)
    else:
        initial = {"archetype": request.GET.get("archetype", "")} if character is None else None
        form = CharacterForm(initial=initial, instance=character)
    context = _page(request, form, action, outcome) | {
        "character": character,
        "rolls": shown_rolls.shown(rolls),
        "next": _next(request) if character is None and made_for is None else "",
        "made_for": made_for,
    }
    template = "characters/form.html"
    if request.htmx and not request.htmx.boosted:
        template += "#character-form"
    refused = form.errors or outcome.get("hand_errors")
    return render(request, template, context, status=400 if refused else 200)


def _typed_rolls_used(post: QueryDict) -> tuple[QueryDict, dict, list[str]]:
    """The form as saved: faces typed for the drive or the Equipment and not used yet (saved
    without "Use my die" pressed) roll what is still empty, as that button would, rather than
    go unused (a fresh-eyes review: a hero saved with no drive, the typed 4 dropped); what
    they gave (the list returned) is said with the save, as the Lucky Saves die is. Faces that
    can't be that roll, or too few for the empty Equipment slots, are refused by their field,
    nothing saved."""
    data = post.copy()
    archetype = ARCHETYPES.get(data.get("archetype", ""))
    free = MAX_EQUIPMENT - sum(1 for v in data.getlist("equipment") if v.strip())
    empty = {HAND_DRIVE: not data.get("drive", "").strip(), HAND_EQUIPMENT: free > 0}
    made = []
    for field, action in ((HAND_DRIVE, "roll_drive"), (HAND_EQUIPMENT, "roll_equipment")):
        typed = data.get(field, "").strip()
        if not (archetype and typed and empty[field]):
            continue
        try:
            if field == HAND_EQUIPMENT:
                every_slot_rolled(typed, free)
            rolled = ACTIONS[action](data, archetype, "")
        except OutOfRange as refused:
            # The form as typed, nothing rolled into it: the faces stay for the next press.
            return post.copy(), _typed_wrong(data, field, refused), []
        if field == HAND_DRIVE:
            made.append(f"{rolled['result']} for the Drive")
        else:
            made.append(f"{' and '.join(r['result'] for r in rolled['rolls'])} for Equipment")
    return data, {}, made


def _step(data: QueryDict, action: str, arg: str) -> dict:
    """A roll or a pick on the archetype's tables (the player's own dice, if typed), put into
    ``data``: what it gave, with the dice typed for the other rolls (the Lucky Saves die above
    all) kept."""
    archetype = ARCHETYPES.get(data.get("archetype", ""))
    outcome: dict = {}
    if action in ACTIONS and archetype is None:
        outcome = {"note": "Choose an archetype first: its tables are what you roll on."}
    elif action in ACTIONS:
        try:
            outcome = ACTIONS[action](data, archetype, arg)
        except OutOfRange as refused:
            field = HAND_DRIVE if action == "roll_drive" else HAND_EQUIPMENT
            outcome = _typed_wrong(data, field, refused)
    used = {"roll_drive": HAND_DRIVE, "roll_equipment": HAND_EQUIPMENT}.get(action)
    return _keep_typed(data, outcome, used=used)


def _page(request: HttpRequest, form: CharacterForm, action: str, outcome: dict) -> dict:
    """What the page draws of the hero being made: the archetype's tables, the slots as they
    stand, and which folds stay open."""
    archetype_key = form["archetype"].value() or ""
    equipment = form.slots("equipment", MAX_EQUIPMENT)
    free = sum(1 for value in equipment if not value.strip())
    # Real dice for one slot of two: the fold stays open, ready for the next slot's two faces.
    by_hand = action == "roll_equipment" and request.POST.get(HAND_EQUIPMENT, "").strip()
    return {
        "form": form,
        "archetype": ARCHETYPES.get(archetype_key),
        "archetypes": ARCHETYPES.values(),
        "knack_slots": [(v, knack_warning(v)) for v in form.slots("knacks", MAX_KNACKS)],
        "equipment_slots": equipment,
        # Two faces for each empty slot: the real dice's fold asks for that many.
        "equipment_faces": 2 * max(free, 1),
        "equipment_hand_open": bool(by_hand and free and "hand_errors" not in outcome),
        "outcome": outcome,
        # A pick from the d66 table keeps it open, so that a second pick is one tap away.
        "equipment_open": action == "pick_equipment",
    }


def _typed_wrong(data: QueryDict, field: str, refused: OutOfRange) -> dict:
    """Real dice typed wrong: the reason by the field, what was typed kept in it."""
    return {"hand_errors": {field: str(refused)}, "hand_typed": {field: data.get(field, "")[:200]}}


def _keep_typed(data: QueryDict, outcome: dict, used: str | None = None) -> dict:
    """Every die typed by hand and not yet used, kept in its field when the form comes back
    (a roll, a pick, an error): a tapped Lucky Saves die outlives "Roll a drive" (issue 35
    item 8). The die a roll just used is spent; one typed wrong stays with its reason."""
    typed = {
        field: data.get(field, "")[:200]
        for field in (HAND_DRIVE, HAND_EQUIPMENT, HAND_LUCKY)
        if field != used and data.get(field, "").strip()
    }
    return {**outcome, "hand_typed": typed | outcome.get("hand_typed", {})} if typed else outcome


def _initial(data: QueryDict) -> dict:
    initial = {key: data.get(key) for key in data if key not in ("knacks", "equipment")}
    initial["knacks"] = data.getlist("knacks")
    initial["equipment"] = data.getlist("equipment")
    return initial


def save_hero(
    request: HttpRequest,
    form: CharacterForm,
    *,
    creating: bool,
    state: CharacterState | None = None,
    made_for: MadeFor | None = None,
    made: list[str] | None = None,
) -> HttpResponse:
    """Save the hero; a new one with ``state``'s Lucky Saves (rolled by the server if none),
    and then whatever it was ``made_for`` (a seat at a table). ``made``: what the player's
    faces, typed and not used before Create, rolled as it was pressed (said, never silent)."""
    with transaction.atomic():
        if creating:
            state = state or new_character(table_dice())
            character = form.save_with_lists(owner=request.user, lucky_saves=state.lucky_saves)
        else:
            character = form.save_with_lists()
            hero_edited.send(Character, character=character)
    then, became = made_for.then(character) if creating and made_for else ("", "")
    if creating:
        who = (
            "You rolled by hand"
            if request.POST.get(HAND_LUCKY, "").strip()
            else "The server rolled"
        )
        rolled = f"{who} a {character.lucky_saves} for Lucky Saves"
        if made:
            rolled += f"; your own dice gave {', '.join(made)}"
        # One message, not two stacked on a phone's screen (the seat's words and the roll's).
        said = (
            f"{character.name} {became} ({rolled[0].lower()}{rolled[1:]})."
            if became
            else f"{character.name} is ready for adventure! {rolled}."
        )
        messages.success(request, said)
    else:
        messages.success(request, f"{character.name}'s sheet is updated.")
    for text in form.cleaned_data["knacks"]:
        if warning := knack_warning(text):
            messages.warning(request, warning)
    if then:
        return _redirect(request, then)
    return _redirect(request, (creating and _next(request)) or character.get_absolute_url())


@require_http_methods(["GET", "POST"])
def character_create(request: HttpRequest) -> HttpResponse:
    return _character_form_page(request, None)


@require_http_methods(["GET", "POST"])
def character_edit(request: HttpRequest, pk: int) -> HttpResponse:
    character = own_character(request, pk)
    if character.is_read_only:
        messages.info(request, f"{character.name} has retired: the sheet is kept as it was.")
        return redirect(character)
    return _character_form_page(request, character)


@require_GET
def knack_hint(request: HttpRequest) -> HttpResponse:
    """The gentle warning for one Knack as it is typed (htmx)."""
    values = request.GET.getlist("knacks")
    warning = knack_warning(values[0]) if len(values) == 1 else None
    return render(request, "characters/form.html#knack-hint", {"warning": warning})
