"""The hero's sheet, and what the player keeps on it: the portrait, notes, relationships; and
letting a hero go."""

from django.contrib import messages
from django.db import transaction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from characters import pictures
from characters.career import career_of
from characters.cast import fellows_of, knocked_out_in_tumult
from characters.forms import NotesForm, PortraitForm, RelationshipForm
from characters.models import Character, Relationship
from characters.signals import hero_edited
from characters.views import own_character
from sessions import rules as R


@require_GET
def character_list(request: HttpRequest) -> HttpResponse:
    characters = request.user.characters.all()
    return render(request, "characters/list.html", {"characters": characters})


@require_GET
def character_sheet(request: HttpRequest, pk: int) -> HttpResponse:
    return _sheet(request, own_character(request, pk, sheet=True))


def _sheet(
    request: HttpRequest, character: Character, notes_form=None, portrait_form=None
) -> HttpResponse:
    """The sheet, with the hero's career and the player's notes (a form given: as sent, with
    what was wrong with it)."""
    career = career_of(character)
    context = {
        "character": character,
        "out_until": character.incapacitated
        and R.still_out(character.state, knocked_out_in_tumult=knocked_out_in_tumult(character)),
        "career": career,
        "notes_form": notes_form or NotesForm(initial={"notes": character.notes}),
        "portrait_form": portrait_form or PortraitForm(),
        **_relationship_context(character, career=career),
    }
    refused = notes_form or portrait_form
    return render(request, "characters/sheet.html", context, status=400 if refused else 200)


PORTRAIT = {"display": 512, "thumb": 128}


@require_POST
def portrait_upload(request: HttpRequest, pk: int) -> HttpResponse:
    """A portrait for the hero: checked, drawn again without its metadata, cropped square."""
    character = own_character(request, pk, sheet=True)
    form = PortraitForm(request.POST, request.FILES)
    if character.is_read_only:
        form.add_error(None, "This hero's sheet is an archive now: the portrait stays as it was.")
    if not form.is_valid():
        return _sheet(request, character, portrait_form=form)
    stored = pictures.store(form.cleaned_data["portrait"], "portraits", square=True, **PORTRAIT)
    character.set_portrait(stored)
    hero_edited.send(Character, character=character)
    messages.success(request, f"{character.name} has a new portrait.")
    return redirect(f"{character.get_absolute_url()}#portrait")


@require_POST
def portrait_remove(request: HttpRequest, pk: int) -> HttpResponse:
    character = own_character(request, pk)
    if not character.is_read_only and character.portrait:
        character.set_portrait(None)
        hero_edited.send(Character, character=character)
        messages.success(request, f"{character.name}'s portrait is gone.")
    return redirect(f"{character.get_absolute_url()}#portrait")


@require_POST
def character_notes(request: HttpRequest, pk: int) -> HttpResponse:
    """The player's private notes on their hero, saved from the sheet."""
    character = own_character(request, pk)
    form = NotesForm(request.POST)
    if character.is_read_only:
        form.add_error(
            None, "This hero's sheet is an archive now: the notes are kept as they were."
        )
    elif form.is_valid():
        character.notes = form.cleaned_data["notes"]
        character.save(update_fields=["notes", "updated"])
        hero_edited.send(Character, character=character)
        if not request.htmx:
            messages.success(request, "Notes saved.")
            return redirect(f"{character.get_absolute_url()}#notes")
        context = {"character": character, "notes_form": form, "notes_saved": True}
        return render(request, "characters/sheet.html#notes", context)
    if request.htmx:
        context = {"character": character, "notes_form": form}
        return render(request, "characters/sheet.html#notes", context, status=400)
    return _sheet(request, own_character(request, pk, sheet=True), form)


def _relationship_context(
    character: Character, form: RelationshipForm | None = None, career: list | None = None
) -> dict:
    fellows = fellows_of(character)
    has_fellows = fellows.exists()
    # With no companion to tie to, the hint says why: no Cast yet, alone in the one they are
    # in (a fresh-eyes review: "once Sam joins a Cast" read on a hero in two), or between
    # Casts. The career is read only then (the sheet passes the one it has read).
    if not has_fellows and career is None:
        career = career_of(character)
    return {
        "relationship_form": form or RelationshipForm(fellows=fellows),
        "has_fellows": has_fellows,
        "cast_now": next((s.adventure for s in career or [] if s.in_cast_now), ""),
        "been_in_a_cast": bool(career),
        # What the other heroes said of this one (at session zero), and its answers.
        "tied_to_them": Relationship.objects.filter(other=character).select_related("character"),
    }


@require_POST
def relationship_add(request: HttpRequest, pk: int) -> HttpResponse:
    character = own_character(request, pk)
    fellows = fellows_of(character).exclude(pk__in=character.relationships.values("other"))
    form = RelationshipForm(request.POST, fellows=fellows)
    if not character.is_read_only and form.is_valid():
        Relationship.objects.create(
            character=character,
            other=form.cleaned_data["other"],
            description=form.cleaned_data["description"],
        )
        hero_edited.send(Character, character=character)
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
    character = own_character(request, pk)
    relationship = get_object_or_404(character.relationships, pk=relationship_pk)
    if not character.is_read_only:
        relationship.delete()
        hero_edited.send(Character, character=character)
    if request.htmx:
        context = {"character": character, **_relationship_context(character)}
        return render(request, "characters/sheet.html#relationships", context)
    return redirect(character)


@require_http_methods(["GET", "POST"])
def character_delete(request: HttpRequest, pk: int) -> HttpResponse:
    character = own_character(request, pk)
    if request.method == "POST":
        name = character.name
        with transaction.atomic():
            hero_edited.send(Character, character=character)
            character.delete()
        messages.success(request, f"{name} has ridden off into the sunset. Farewell!")
        return redirect("character_list")
    return render(request, "characters/delete.html", {"character": character})
