"""The prep outline of an Adventure, fetched in a fixed handful of queries and redrawn after
every change. Not views: the helpers the prep views share."""

from django.contrib import messages
from django.db.models import Prefetch
from django.forms import ModelForm
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django_htmx.http import reswap, retarget

from sessions import hidden
from sessions.cast import safety_authors
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
from sessions.models.handouts import by_danger
from sessions.parts.after_the_end import next_adventure
from sessions.recaps import drafts

JOURNAL_ON_PAGE = 200
# Said when a change reaches a finished Adventure's prep (a stale tab, a forged post).
FINISHED = "This Adventure is finished: its prep is kept as it was played. Nothing was changed."
# The anchors of the items inside a Leg's fold (a Leg's own heading shows when it is folded).
INSIDE_A_LEG = ("scene-", "location-", "danger-")


def outline_adventure(pk: int, director) -> Adventure:
    """The whole prep tree in a fixed handful of queries, however big the Adventure, each
    Danger with the handouts attached to it (``attached``)."""
    location_dangers = Prefetch("dangers", queryset=Danger.objects.all())
    adventure = get_object_or_404(
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
    attached = by_danger(adventure.handouts.all())
    for leg in adventure.legs.all():
        for place in (*leg.scenes.all(), *leg.key_locations.all()):
            for danger in place.dangers.all():
                danger.attached = attached.get(danger.pk, [])
    return adventure


def warned_of_hidden_names(form, adventure: Adventure) -> bool:
    """After ``form.is_valid()``: whether text of ``form`` the players read names a Danger
    still hidden from them, not yet confirmed; the form then says so by the field (nothing is
    to be saved). A form the players read nothing of is never warned."""
    warned = getattr(form, "warned", None)
    return bool(warned) and warned(lambda text: hidden.dangers_named(adventure, text))


def _holding(legs: list[Leg], anchor: str) -> int | None:
    """The Leg holding ``anchor`` (the Leg itself, or a Scene, Key Location or Danger of it,
    as ``"scene-7"``), from the prefetched tree: no query."""
    for leg in legs:
        inside = {f"leg-{leg.pk}"}
        for scene in leg.scenes.all():
            inside.add(f"scene-{scene.pk}")
            inside.update(f"danger-{danger.pk}" for danger in scene.dangers.all())
        for location in leg.key_locations.all():
            inside.add(f"location-{location.pk}")
            inside.update(f"danger-{danger.pk}" for danger in location.dangers.all())
        if anchor in inside:
            return leg.pk
    return None


def open_legs(legs: list[Leg], anchor: str = "", editing: int | None = None) -> set[int]:
    """The Legs the outline shows open: the one in play, the only one, the one holding
    ``anchor`` (the item just saved or moved, as ``"scene-7"``) and the one being prepared
    (``editing``, the Leg the Director last added to); the others fold."""
    opened = {leg.pk for leg in legs if leg.status == Leg.Status.PLAYING or len(legs) == 1}
    held = _holding(legs, anchor) if anchor else None
    opened |= {pk for pk in (held, editing) if pk in {leg.pk for leg in legs}}
    return opened


def _leg_being_prepared(request: HttpRequest, adventure: Adventure, legs, anchor: str):
    """The Leg the Director last added to or edited in, kept in their session: back on the
    outline later, it comes open with its forms (preparing Leg 2, its forms were folded away
    as if missing: a fresh-eyes defect)."""
    key = f"prep-leg-{adventure.pk}"
    held = _holding(legs, anchor) if anchor else None
    if held is not None and request.session.get(key) != held:
        request.session[key] = held
    return request.session.get(key)


def just_added(anchor: str) -> dict[str, int]:
    """The Scene or Key Location just added (``anchor`` as ``"scene-7"``) as ``{"scene": 7}``:
    the outline offers its Dangers next. Anything else: ``{}``."""
    kind, _, pk = anchor.partition("-")
    return {kind: int(pk)} if kind in ("scene", "location") and pk.isdigit() else {}


def another_slot(legs: list[Leg], anchor: str) -> dict[str, int]:
    """Where the item just saved (``anchor`` as ``"scene-7"``) was added, after "Save and add
    another …": the outline opens a fresh form there at once. As the slot's kind and owner:
    ``{"leg": 0}`` (a Leg: the Adventure's "Add a Leg"), ``{"scene": 2}`` or
    ``{"location": 2}`` (a Leg's), ``{"location_danger": 5}`` or ``{"scene_danger": 3}``
    (a Danger's place). From the prefetched tree: no query."""
    if anchor.startswith("leg-"):
        return {"leg": 0}
    for leg in legs:
        for kind, places in (("scene", leg.scenes.all()), ("location", leg.key_locations.all())):
            for place in places:
                if anchor == f"{kind}-{place.pk}":
                    return {kind: leg.pk}
                if anchor in {f"danger-{danger.pk}" for danger in place.dangers.all()}:
                    return {f"{kind}_danger": place.pk}
    return {}


def outline_context(
    request: HttpRequest,
    adventure: Adventure,
    safety_form=None,
    *,
    anchor: str = "",
    added: bool = False,
    another: str = "",
) -> dict:
    legs = list(adventure.legs.all())
    invite = request.build_absolute_uri(reverse("join", args=[adventure.invite_code]))
    return {
        "adventure": adventure,
        "legs": legs,
        "open_legs": open_legs(legs, anchor, _leg_being_prepared(request, adventure, legs, anchor)),
        "anchor": anchor,
        "added": just_added(anchor) if added else {},
        "another": another_slot(legs, anchor) if another else {},
        "another_said": another,
        "hints": adventure.hints(legs),
        "invite_url": invite,
        "handout_form": HandoutForm(adventure=adventure),
        # Finished: the Campaign's next Adventure, once made, is gone on to (not made again).
        "next_adventure": next_adventure(adventure) if adventure.is_finished else None,
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
        # "Draft a recap now" is offered once there is something to tell; else why not.
        **({"nothing_to_recap": drafts.nothing_to_recap(adventure)} if directs else {}),
    }


def safety_context(request: HttpRequest, adventure: Adventure, form=None) -> dict:
    """Lines & Veils as the Director's outline and the Cast's page both show them: who added
    one (unless anonymously) is for the Director's eyes alone."""
    directs = adventure.director_id == request.user.pk
    safety = list(adventure.safety.all())
    authors = safety_authors(adventure.pk, safety) if directs else {}
    notes = [
        {
            "pk": note.pk,
            "kind": note.kind,
            "text": note.text,
            "by": authors.get(note.pk, ""),
            # The Director's own: theirs, not "from" their own name.
            "yours": directs and note.author_id == adventure.director_id,
            "removable": not adventure.is_finished
            and (directs or (note.author_id is not None and note.author_id == request.user.pk)),
        }
        for note in safety
    ]
    return {
        "safety_notes": notes,
        "safety_form": form or SafetyNoteForm(),
        "safety_adventure_pk": adventure.pk,
        # Who added each, on the Director's prep page alone.
        "safety_by": directs,
        "safety_directs": directs and not adventure.is_finished,
        # Finished: the list is kept as it was agreed, without a form or a way to take one off.
        "safety_closed": adventure.is_finished,
    }


def outline(
    request: HttpRequest,
    adventure: Adventure,
    *,
    anchor: str = "",
    added: bool = False,
    another: str = "",
    refused: str = "",
) -> HttpResponse:
    """After a change: the redrawn outline for htmx, or back to the outline page. ``added``:
    the item at ``anchor`` is new (a Scene or Key Location then offers its Dangers next);
    ``another``: the item at ``anchor`` was saved to add another, whose form opens at once,
    saying so (these words, over the fresh form).
    ``refused``: why nothing changed, said at the top of the outline."""
    if request.htmx:
        adventure = outline_adventure(adventure.pk, request.user)
        context = outline_context(request, adventure, anchor=anchor, added=added, another=another)
        context["refused"] = refused
        status = 409 if refused else 200
        response = render(request, "sessions/outline.html#outline", context, status=status)
        return reswap(retarget(response, "#outline"), "outerHTML")
    if refused:
        messages.error(request, refused)
    if anchor.startswith(INSIDE_A_LEG):
        # The page opens the Leg that holds the item, whatever the browser does with folds.
        new = "&added=1" if added else ""
        return redirect(f"{adventure.get_absolute_url()}?open={anchor}{new}#{anchor}")
    return redirect(adventure.get_absolute_url() + (f"#{anchor}" if anchor else ""))


def form_page(
    request: HttpRequest,
    form: ModelForm,
    *,
    adventure: Adventure,
    heading: str,
    action: str,
    cancel: str = "",
    note: str = "",
    another: str = "",
) -> HttpResponse:
    """A prep form, in place in the outline (htmx) or as a page of its own. ``note``: what
    comes after it, said under its fields; ``another``: a new item's kind, for a second button
    that saves it and opens a fresh form for the next ("Save and add another Danger")."""
    if not cancel:
        cancel = adventure.get_absolute_url() if adventure else reverse("adventure_list")
    if another and not request.htmx and not form.is_bound:
        # A fresh form on a page of its own (after "Save and add another …" too): its first
        # field ready to type, without JavaScript (in place, prep.js focuses it).
        first = next(iter(form.visible_fields()), None)
        if first is not None:
            first.field.widget.attrs["autofocus"] = True
    context = {
        "form": form,
        "adventure": adventure,
        "heading": heading,
        "action": action,
        "cancel": cancel,
        "note": note,
        "another": another,
    }
    template = "sessions/prep_form.html"
    if request.htmx:
        template += "#prep-form"
    return render(request, template, context, status=400 if form.errors else 200)
