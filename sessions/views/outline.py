"""The prep outline of an Adventure, fetched in a fixed handful of queries and redrawn after
every change. Not views: the helpers the prep views share."""

from django.db.models import Prefetch
from django.forms import ModelForm
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django_htmx.http import reswap, retarget

from sessions.forms import HandoutForm, SafetyNoteForm
from sessions.models import (
    Adventure,
    CastMember,
    Danger,
    Handout,
    KeptOut,
    KeyLocation,
    Leg,
    SafetyNote,
    Scene,
)

JOURNAL_ON_PAGE = 200


def outline_adventure(pk: int, director) -> Adventure:
    """The whole prep tree in a fixed handful of queries, however big the Adventure."""
    location_dangers = Prefetch("dangers", queryset=Danger.objects.all())
    return get_object_or_404(
        Adventure.objects.select_related("campaign").prefetch_related(
            Prefetch(
                "legs",
                queryset=Leg.objects.prefetch_related(
                    Prefetch(
                        "scenes",
                        queryset=Scene.objects.select_related("key_location").prefetch_related(
                            "dangers"
                        ),
                    ),
                    Prefetch(
                        "key_locations",
                        queryset=KeyLocation.objects.prefetch_related(location_dangers),
                    ),
                ),
            ),
            Prefetch("cast", queryset=CastMember.objects.select_related("character__owner")),
            Prefetch("kept_out", queryset=KeptOut.objects.select_related("user")),
            Prefetch(
                "handouts",
                queryset=Handout.objects.select_related("key_location", "scene", "danger"),
            ),
            Prefetch("safety", queryset=SafetyNote.objects.select_related("author")),
        ),
        pk=pk,
        director=director,
    )


def outline_context(request: HttpRequest, adventure: Adventure, safety_form=None) -> dict:
    legs = list(adventure.legs.all())
    invite = request.build_absolute_uri(reverse("join", args=[adventure.invite_code]))
    return {
        "adventure": adventure,
        "legs": legs,
        "hints": adventure.hints(legs),
        "invite_url": invite,
        "handout_form": HandoutForm(adventure=adventure),
        **story_context(adventure, directs=True),
        **safety_context(request, adventure, safety_form),
    }


def story_context(adventure: Adventure, *, directs: bool) -> dict:
    """What an Adventure's page tells of its story: its recaps (the Director's drafts too) and
    the Cast's journal."""
    recaps = adventure.recaps.all()
    if not directs:
        recaps = recaps.filter(published__isnull=False)
    return {
        "recaps": list(recaps),
        "journal": list(adventure.journal.select_related("character")[:JOURNAL_ON_PAGE]),
    }


def safety_context(request: HttpRequest, adventure: Adventure, form=None) -> dict:
    """Lines & Veils as the Director's outline and the Cast's page both show them."""
    notes = [
        {
            "pk": note.pk,
            "kind": note.kind,
            "text": note.text,
            "by": note.author.username if note.author else "",
            "removable": adventure.director_id == request.user.pk
            or (note.author_id is not None and note.author_id == request.user.pk),
        }
        for note in adventure.safety.select_related("author")
    ]
    return {
        "safety_notes": notes,
        "safety_form": form or SafetyNoteForm(),
        "safety_adventure_pk": adventure.pk,
        "safety_directs": adventure.director_id == request.user.pk,
    }


def outline(request: HttpRequest, adventure: Adventure, *, anchor: str = "") -> HttpResponse:
    """After a change: the redrawn outline for htmx, or back to the outline page."""
    if request.htmx:
        adventure = outline_adventure(adventure.pk, request.user)
        context = outline_context(request, adventure)
        response = render(request, "sessions/outline.html#outline", context)
        return reswap(retarget(response, "#outline"), "outerHTML")
    return redirect(adventure.get_absolute_url() + (f"#{anchor}" if anchor else ""))


def form_page(
    request: HttpRequest,
    form: ModelForm,
    *,
    adventure: Adventure,
    heading: str,
    action: str,
    cancel: str = "",
) -> HttpResponse:
    if not cancel:
        cancel = adventure.get_absolute_url() if adventure else reverse("adventure_list")
    context = {
        "form": form,
        "adventure": adventure,
        "heading": heading,
        "action": action,
        "cancel": cancel,
    }
    template = "sessions/prep_form.html"
    if request.htmx:
        template += "#prep-form"
    return render(request, template, context, status=400 if form.errors else 200)
