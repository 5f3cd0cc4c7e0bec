"""Character creation, the sheet, editing, deleting, export and import."""

import json
import re

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Prefetch
from django.http import HttpRequest, HttpResponse, QueryDict
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.text import slugify
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django_htmx.http import HttpResponseClientRedirect

from characters import pictures, portable
from characters.archetypes import ARCHETYPES
from characters.career import career_of
from characters.cast import fellows_of
from characters.forms import CharacterForm, ImportForm, NotesForm, PortraitForm, RelationshipForm
from characters.models import Character, Relationship
from sessions.rules import (
    MAX_EQUIPMENT,
    MAX_KNACKS,
    CharacterState,
    Dice,
    EnteredDice,
    OutOfRange,
    knack_warning,
    new_character,
    read_faces,
    table_dice,
)


def _own_character(request: HttpRequest, pk: int, *, sheet: bool = False) -> Character:
    """The user's own character, or 404: nobody learns whether another's exists. With
    ``sheet``, read with what the sheet shows of it."""
    characters = Character.objects.all()
    if sheet:
        characters = characters.prefetch_related(
            "knacks",
            "equipment",
            Prefetch("relationships", queryset=Relationship.objects.select_related("other")),
        )
    return get_object_or_404(characters, pk=pk, owner=request.user)


def _next(request: HttpRequest) -> str:
    """Where to go once the hero is made (the invite that sent the player here), if it is a
    page of this site; "" otherwise, so that no link can send a player elsewhere."""
    target = request.POST.get("next") or request.GET.get("next") or ""
    if url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return target
    return ""


def _redirect(request: HttpRequest, url: str) -> HttpResponse:
    if request.htmx:
        return HttpResponseClientRedirect(url)
    return redirect(url)


@require_GET
def character_list(request: HttpRequest) -> HttpResponse:
    characters = request.user.characters.all()
    return render(request, "characters/list.html", {"characters": characters})


# Real dice at creation: the faces a player rolled themselves, typed beside each roll.
HAND_DRIVE, HAND_EQUIPMENT, HAND_LUCKY = "hand_drive", "hand_equipment", "hand_lucky"
BY_HAND = ", rolled by hand"


def _dice(data: QueryDict, field: str) -> Dice:
    """The player's own dice if they typed the faces in ``field``, else the server's. Faces
    that can't be a throw are refused (`OutOfRange`); the rule counts them (`EnteredDice`)."""
    text = data.get(field, "")
    if not text.strip():
        return table_dice()
    return EnteredDice(read_faces(text))


# What the buttons on the creation form do before the hero is saved. Each takes the form's
# data (a mutable copy) and the chosen archetype, and returns a note about what happened.
def _roll_drive(data: QueryDict, archetype, _arg: str) -> dict:
    dice = _dice(data, HAND_DRIVE)
    roll, drive = archetype.roll_drive(dice)
    data["drive"] = drive.name
    by_hand = BY_HAND if isinstance(dice, EnteredDice) else ""
    return {"label": f"Drive roll (1d6{by_hand})", "dice": [roll], "result": drive.name}


def _fill_equipment(data: QueryDict, item: str) -> str:
    slots = [value for value in data.getlist("equipment") if value.strip()]
    if len(slots) >= MAX_EQUIPMENT:
        return "Both Equipment slots are full: clear one first."
    data.setlist("equipment", [*slots, item])
    return ""


def _roll_equipment(data: QueryDict, archetype, _arg: str) -> dict:
    dice = _dice(data, HAND_EQUIPMENT)
    (tens, ones), item = archetype.roll_equipment(dice)
    note = _fill_equipment(data, item)
    label = f"Equipment roll (d66{BY_HAND if isinstance(dice, EnteredDice) else ''})"
    return {"label": label, "dice": [tens, ones], "result": item, "note": note}


def _pick_drive(data: QueryDict, archetype, arg: str) -> dict:
    if re.fullmatch(r"[1-6]", arg):
        data["drive"] = archetype.drive_for(int(arg)).name
    return {}


def _pick_equipment(data: QueryDict, archetype, arg: str) -> dict:
    if roll := re.fullmatch(r"([1-6])-([1-6])", arg):
        note = _fill_equipment(data, archetype.equipment_for(int(roll[1]), int(roll[2])))
        return {"note": note} if note else {}
    return {}


ACTIONS = {
    "roll_drive": _roll_drive,
    "roll_equipment": _roll_equipment,
    "pick_drive": _pick_drive,
    "pick_equipment": _pick_equipment,
}


def _character_form_page(request: HttpRequest, character: Character | None) -> HttpResponse:
    """Creation and editing share one page: guide, rolls, picks, and finally save."""
    action, _, arg = request.POST.get("action", "").partition(":")
    outcome: dict = {}
    if request.method == "POST" and action == "save":
        form = CharacterForm(request.POST, instance=character)
        try:  # the Lucky Saves die, rolled before anything is saved (by hand, if typed)
            state = new_character(_dice(request.POST, HAND_LUCKY)) if character is None else None
        except OutOfRange as refused:
            state, outcome = None, _typed_wrong(request.POST, HAND_LUCKY, refused)
        if form.is_valid() and not outcome:
            return _save(request, form, creating=character is None, state=state)
    elif request.method == "POST":
        data = request.POST.copy()
        archetype = ARCHETYPES.get(data.get("archetype", ""))
        if action in ACTIONS and archetype is None:
            outcome = {"note": "Choose an archetype first: its tables are what you roll on."}
        elif action in ACTIONS:
            try:
                outcome = ACTIONS[action](data, archetype, arg)
            except OutOfRange as refused:
                field = HAND_DRIVE if action == "roll_drive" else HAND_EQUIPMENT
                outcome = _typed_wrong(data, field, refused)
        # Rolls and picks are steps on the way, not a submission: show no errors yet.
        form = CharacterForm(initial=_initial(data), instance=character)
    else:
        initial = {"archetype": request.GET.get("archetype", "")} if character is None else None
        form = CharacterForm(initial=initial, instance=character)

    archetype_key = form["archetype"].value() or ""
    knacks = form.slots("knacks", MAX_KNACKS)
    context = {
        "form": form,
        "character": character,
        "archetype": ARCHETYPES.get(archetype_key),
        "archetypes": ARCHETYPES.values(),
        "knack_slots": [(value, knack_warning(value)) for value in knacks],
        "equipment_slots": form.slots("equipment", MAX_EQUIPMENT),
        "outcome": outcome,
        # A pick from the d66 table keeps it open, so that a second pick is one tap away.
        "equipment_open": action == "pick_equipment",
        "next": _next(request) if character is None else "",
    }
    template = "characters/form.html"
    if request.htmx and not request.htmx.boosted:
        template += "#character-form"
    refused = form.errors or outcome.get("hand_errors")
    return render(request, template, context, status=400 if refused else 200)


def _typed_wrong(data: QueryDict, field: str, refused: OutOfRange) -> dict:
    """Real dice typed wrong: the reason by the field, what was typed kept in it."""
    return {"hand_errors": {field: str(refused)}, "hand_typed": {field: data.get(field, "")[:200]}}


def _initial(data: QueryDict) -> dict:
    initial = {key: data.get(key) for key in data if key not in ("knacks", "equipment")}
    initial["knacks"] = data.getlist("knacks")
    initial["equipment"] = data.getlist("equipment")
    return initial


def _save(
    request: HttpRequest,
    form: CharacterForm,
    *,
    creating: bool,
    state: CharacterState | None = None,
) -> HttpResponse:
    """Save the hero; a new one with ``state``'s Lucky Saves (rolled by the server if none)."""
    with transaction.atomic():
        if creating:
            state = state or new_character(table_dice())
            character = form.save_with_lists(owner=request.user, lucky_saves=state.lucky_saves)
        else:
            character = form.save_with_lists()
    if creating:
        who = (
            "You rolled by hand"
            if request.POST.get(HAND_LUCKY, "").strip()
            else "The server rolled"
        )
        messages.success(
            request,
            f"{character.name} is ready for adventure! {who} a "
            f"{character.lucky_saves} for Lucky Saves.",
        )
    else:
        messages.success(request, f"{character.name}'s sheet is updated.")
    for text in form.cleaned_data["knacks"]:
        if warning := knack_warning(text):
            messages.warning(request, warning)
    return _redirect(request, (creating and _next(request)) or character.get_absolute_url())


@require_http_methods(["GET", "POST"])
def character_create(request: HttpRequest) -> HttpResponse:
    return _character_form_page(request, None)


@require_http_methods(["GET", "POST"])
def character_edit(request: HttpRequest, pk: int) -> HttpResponse:
    character = _own_character(request, pk)
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


@require_GET
def character_sheet(request: HttpRequest, pk: int) -> HttpResponse:
    return _sheet(request, _own_character(request, pk, sheet=True))


def _sheet(
    request: HttpRequest, character: Character, notes_form=None, portrait_form=None
) -> HttpResponse:
    """The sheet, with the hero's career and the player's notes (a form given: as sent, with
    what was wrong with it)."""
    context = {
        "character": character,
        "career": career_of(character),
        "notes_form": notes_form or NotesForm(initial={"notes": character.notes}),
        "portrait_form": portrait_form or PortraitForm(),
        **_relationship_context(character),
    }
    refused = notes_form or portrait_form
    return render(request, "characters/sheet.html", context, status=400 if refused else 200)


PORTRAIT = {"display": 512, "thumb": 128}


@require_POST
def portrait_upload(request: HttpRequest, pk: int) -> HttpResponse:
    """A portrait for the hero: checked, drawn again without its metadata, cropped square."""
    character = _own_character(request, pk, sheet=True)
    form = PortraitForm(request.POST, request.FILES)
    if character.is_read_only:
        form.add_error(None, "This hero's sheet is an archive now: the portrait stays as it was.")
    if not form.is_valid():
        return _sheet(request, character, portrait_form=form)
    stored = pictures.store(form.cleaned_data["portrait"], "portraits", square=True, **PORTRAIT)
    character.set_portrait(stored)
    messages.success(request, f"{character.name} has a new portrait.")
    return redirect(f"{character.get_absolute_url()}#portrait")


@require_POST
def portrait_remove(request: HttpRequest, pk: int) -> HttpResponse:
    character = _own_character(request, pk)
    if not character.is_read_only and character.portrait:
        character.set_portrait(None)
        messages.success(request, f"{character.name}'s portrait is gone.")
    return redirect(f"{character.get_absolute_url()}#portrait")


@require_POST
def character_notes(request: HttpRequest, pk: int) -> HttpResponse:
    """The player's private notes on their hero, saved from the sheet."""
    character = _own_character(request, pk)
    form = NotesForm(request.POST)
    if character.is_read_only:
        form.add_error(
            None, "This hero's sheet is an archive now: the notes are kept as they were."
        )
    elif form.is_valid():
        character.notes = form.cleaned_data["notes"]
        character.save(update_fields=["notes", "updated"])
        if not request.htmx:
            messages.success(request, "Notes saved.")
            return redirect(f"{character.get_absolute_url()}#notes")
        context = {"character": character, "notes_form": form, "notes_saved": True}
        return render(request, "characters/sheet.html#notes", context)
    if request.htmx:
        context = {"character": character, "notes_form": form}
        return render(request, "characters/sheet.html#notes", context, status=400)
    return _sheet(request, _own_character(request, pk, sheet=True), form)


def _relationship_context(character: Character, form: RelationshipForm | None = None) -> dict:
    fellows = fellows_of(character)
    return {
        "relationship_form": form or RelationshipForm(fellows=fellows),
        "has_fellows": fellows.exists(),
    }


@require_POST
def relationship_add(request: HttpRequest, pk: int) -> HttpResponse:
    character = _own_character(request, pk)
    fellows = fellows_of(character).exclude(pk__in=character.relationships.values("other"))
    form = RelationshipForm(request.POST, fellows=fellows)
    if not character.is_read_only and form.is_valid():
        Relationship.objects.create(
            character=character,
            other=form.cleaned_data["other"],
            description=form.cleaned_data["description"],
        )
        if not request.htmx:
            return redirect(character)
        form = None
    context = {"character": character, **_relationship_context(character, form)}
    template = "characters/sheet.html"
    if request.htmx:
        template += "#relationships"
    return render(request, template, context, status=400 if form and form.errors else 200)


@require_POST
def relationship_delete(request: HttpRequest, pk: int, relationship_pk: int) -> HttpResponse:
    character = _own_character(request, pk)
    relationship = get_object_or_404(character.relationships, pk=relationship_pk)
    if not character.is_read_only:
        relationship.delete()
    if request.htmx:
        context = {"character": character, **_relationship_context(character)}
        return render(request, "characters/sheet.html#relationships", context)
    return redirect(character)


@require_http_methods(["GET", "POST"])
def character_delete(request: HttpRequest, pk: int) -> HttpResponse:
    character = _own_character(request, pk)
    if request.method == "POST":
        name = character.name
        character.delete()
        messages.success(request, f"{name} has ridden off into the sunset. Farewell!")
        return redirect("character_list")
    return render(request, "characters/delete.html", {"character": character})


@require_GET
def character_export(request: HttpRequest, pk: int) -> HttpResponse:
    character = _own_character(request, pk)
    body = json.dumps(portable.export(character), indent=2, ensure_ascii=False)
    response = HttpResponse(body, content_type="application/json; charset=utf-8")
    filename = f"{slugify(character.name) or 'character'}.enigma.json"
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


@require_http_methods(["GET", "POST"])
def character_import(request: HttpRequest) -> HttpResponse:
    posted = request.method == "POST"
    form = ImportForm(request.POST, request.FILES) if posted else ImportForm()
    if request.method == "POST" and form.is_valid():
        try:
            payload = portable.read_upload(form.cleaned_data["file"])
        except ValidationError as error:
            form.add_error("file", error)
        else:
            name_length = Character._meta.get_field("name").max_length
            character_form = CharacterForm(portable.marked_copy(payload, "name", name_length))
            if character_form.is_valid():
                return _save(request, character_form, creating=True)
            for field, errors in character_form.errors.items():
                label = "The file" if field == "__all__" else f"“{field}” in the file"
                form.add_error("file", f"{label}: {' '.join(errors)}")
    status = 400 if form.errors else 200
    return render(request, "characters/import.html", {"form": form}, status=status)
