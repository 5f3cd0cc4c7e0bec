"""The Director's prep pages: the Adventure outline and inline add / edit / delete / reorder.

Every view here starts from `directed_adventure`, so nobody but the Director gets past the
first line (404). Each form works as a plain page; with htmx it opens in place in the outline
and, once saved, the outline is redrawn.
"""

from django.contrib import messages
from django.db import transaction
from django.db.models import Max, Prefetch
from django.forms import ModelForm
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django_htmx.http import reswap, retarget

from sessions.access import directed_adventure, joined_adventure, visible_adventures
from sessions.forms import AdventureForm, DangerForm, KeyLocationForm, LegForm, SceneForm
from sessions.models import Adventure, CastMember, Danger, KeyLocation, Leg, SafetyNote, Scene
from sessions.views.cast import public_adventure, safety_context


def _outline_adventure(pk: int, director) -> Adventure:
    """The whole prep tree in a fixed handful of queries, however big the Adventure."""
    location_dangers = Prefetch("dangers", queryset=Danger.objects.all())
    return get_object_or_404(
        Adventure.objects.prefetch_related(
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
            Prefetch("safety", queryset=SafetyNote.objects.select_related("author")),
        ),
        pk=pk,
        director=director,
    )


def _outline_context(request: HttpRequest, adventure: Adventure) -> dict:
    legs = list(adventure.legs.all())
    invite = request.build_absolute_uri(reverse("join", args=[adventure.invite_code]))
    return {
        "adventure": adventure,
        "legs": legs,
        "hints": adventure.hints(legs),
        "invite_url": invite,
        **safety_context(request, adventure),
    }


def _outline(request: HttpRequest, adventure: Adventure, *, anchor: str = "") -> HttpResponse:
    """After a change: the redrawn outline for htmx, or back to the outline page."""
    if request.htmx:
        adventure = _outline_adventure(adventure.pk, request.user)
        context = _outline_context(request, adventure)
        response = render(request, "sessions/outline.html#outline", context)
        return reswap(retarget(response, "#outline"), "outerHTML")
    return redirect(adventure.get_absolute_url() + (f"#{anchor}" if anchor else ""))


@require_GET
def adventure_list(request: HttpRequest) -> HttpResponse:
    adventures = visible_adventures(request.user).select_related("director")
    return render(request, "sessions/adventure_list.html", {"adventures": adventures})


@require_GET
def adventure(request: HttpRequest, pk: int) -> HttpResponse:
    """The Director's outline, or the Cast's public view: two templates, never one with ifs."""
    adventure, directs = joined_adventure(request, pk)
    if not directs:
        return public_adventure(request, adventure)
    adventure = _outline_adventure(pk, request.user)
    template = "sessions/outline.html"
    if request.htmx:
        template += "#outline"
    return render(request, template, _outline_context(request, adventure))


def _form_page(
    request: HttpRequest,
    form: ModelForm,
    *,
    adventure: Adventure,
    heading: str,
    action: str,
) -> HttpResponse:
    context = {"form": form, "adventure": adventure, "heading": heading, "action": action}
    template = "sessions/prep_form.html"
    if request.htmx:
        template += "#prep-form"
    return render(request, template, context, status=400 if form.errors else 200)


@require_http_methods(["GET", "POST"])
def adventure_create(request: HttpRequest) -> HttpResponse:
    form = AdventureForm(request.POST if request.method == "POST" else None)
    if form.is_valid():
        adventure = form.save(commit=False)
        adventure.director = request.user
        adventure.save()
        messages.success(request, f"“{adventure.title}” is yours to direct. Add its first Leg!")
        return redirect(adventure)
    heading = "Direct a new adventure"
    return _form_page(
        request, form, adventure=None, heading=heading, action=reverse("adventure_create")
    )


@require_http_methods(["GET", "POST"])
def adventure_edit(request: HttpRequest, pk: int) -> HttpResponse:
    adventure = directed_adventure(request, pk)
    form = AdventureForm(request.POST if request.method == "POST" else None, instance=adventure)
    if form.is_valid():
        form.save()
        return _outline(request, adventure)
    action = reverse("adventure_edit", args=[pk])
    return _form_page(request, form, adventure=adventure, heading="Edit adventure", action=action)


@require_http_methods(["GET", "POST"])
def adventure_delete(request: HttpRequest, pk: int) -> HttpResponse:
    adventure = directed_adventure(request, pk)
    if request.method == "POST":
        adventure.delete()
        messages.success(request, f"“{adventure.title}” is gone, plans and all.")
        return redirect("adventure_list")
    return render(request, "sessions/adventure_delete.html", {"adventure": adventure})


# Legs, Scenes, Key Locations and Dangers share one shape: a parent, a form, a place in
# the outline. Each kind says how to find its objects and its parent from the URL.


def _next_position(queryset) -> int:
    return (queryset.aggregate(top=Max("position"))["top"] or 0) + 1


def _leg(adventure: Adventure, leg_pk: int) -> Leg:
    return get_object_or_404(Leg, pk=leg_pk, adventure=adventure)


def _save_form(request, adventure, form, *, heading, action, anchor, parent) -> HttpResponse:
    """Save a prep form into its place under ``parent`` fields, or show it with its errors."""
    if request.method == "POST" and form.is_valid():
        item = form.save(commit=False)
        for field, value in parent.items():
            setattr(item, field, value)
        item.save()
        return _outline(request, adventure, anchor=f"{anchor}-{item.pk}")
    return _form_page(request, form, adventure=adventure, heading=heading, action=action)


def _posted(request: HttpRequest):
    return request.POST if request.method == "POST" else None


@require_http_methods(["GET", "POST"])
def leg_form(request: HttpRequest, pk: int, leg_pk: int | None = None) -> HttpResponse:
    adventure = directed_adventure(request, pk)
    leg = _leg(adventure, leg_pk) if leg_pk else None
    form = LegForm(_posted(request), instance=leg)
    parent = {} if leg else {"adventure": adventure, "position": _next_position(adventure.legs)}
    return _save_form(
        request,
        adventure,
        form,
        heading=f"Edit Leg: {leg.title}" if leg else "Add a Leg",
        action=request.path,
        anchor="leg",
        parent=parent,
    )


@require_http_methods(["GET", "POST"])
def scene_form(
    request: HttpRequest, pk: int, leg_pk: int, scene_pk: int | None = None
) -> HttpResponse:
    adventure = directed_adventure(request, pk)
    leg = _leg(adventure, leg_pk)
    scene = get_object_or_404(Scene, pk=scene_pk, leg=leg) if scene_pk else None
    form = SceneForm(_posted(request), instance=scene, leg=leg)
    parent = {} if scene else {"leg": leg, "position": _next_position(leg.scenes)}
    return _save_form(
        request,
        adventure,
        form,
        heading=f"Edit Scene: {scene.beat}" if scene else f"Add a Scene to {leg.title}",
        action=request.path,
        anchor="scene",
        parent=parent,
    )


@require_http_methods(["GET", "POST"])
def location_form(
    request: HttpRequest, pk: int, leg_pk: int, location_pk: int | None = None
) -> HttpResponse:
    adventure = directed_adventure(request, pk)
    leg = _leg(adventure, leg_pk)
    location = get_object_or_404(KeyLocation, pk=location_pk, leg=leg) if location_pk else None
    form = KeyLocationForm(_posted(request), instance=location)
    parent = {} if location else {"leg": leg, "position": _next_position(leg.key_locations)}
    heading = (
        f"Edit Key Location: {location.name}" if location else f"Add a Key Location to {leg.title}"
    )
    return _save_form(
        request,
        adventure,
        form,
        heading=heading,
        action=request.path,
        anchor="location",
        parent=parent,
    )


@require_http_methods(["GET", "POST"])
def danger_form(
    request: HttpRequest, pk: int, location_pk: int, danger_pk: int | None = None
) -> HttpResponse:
    adventure = directed_adventure(request, pk)
    location = get_object_or_404(KeyLocation, pk=location_pk, leg__adventure=adventure)
    danger = get_object_or_404(Danger, pk=danger_pk, key_location=location) if danger_pk else None
    form = DangerForm(_posted(request), instance=danger)
    return _save_form(
        request,
        adventure,
        form,
        heading=f"Edit Danger: {danger.name}" if danger else f"Add a Danger at {location.name}",
        action=request.path,
        anchor="danger",
        parent={"key_location": location},
    )


# What can be deleted or moved, found inside the Director's own Adventure only.
KINDS = {
    "leg": (Leg, "adventure", "Leg"),
    "scene": (Scene, "leg__adventure", "Scene"),
    "location": (KeyLocation, "leg__adventure", "Key Location"),
    "danger": (Danger, "key_location__leg__adventure", "Danger"),
}


def _item(adventure: Adventure, kind: str, item_pk: int):
    if kind not in KINDS:
        raise Http404("No such kind of prep")
    model, path, _label = KINDS[kind]
    return get_object_or_404(model, pk=item_pk, **{path: adventure})


@require_http_methods(["GET", "POST"])
def item_delete(request: HttpRequest, pk: int, kind: str, item_pk: int) -> HttpResponse:
    adventure = directed_adventure(request, pk)
    item = _item(adventure, kind, item_pk)
    if request.method == "POST":
        item.delete()
        return _outline(request, adventure)
    context = {"adventure": adventure, "item": item, "label": KINDS[kind][2]}
    return render(request, "sessions/item_delete.html", context)


@require_POST
def item_move(request: HttpRequest, pk: int, kind: str, item_pk: int) -> HttpResponse:
    """Swap a Leg or Scene with its neighbour above or below."""
    adventure = directed_adventure(request, pk)
    if kind not in ("leg", "scene"):
        return HttpResponse("Only Legs and Scenes can be reordered.", status=400)
    direction = request.POST.get("direction")
    if direction not in ("up", "down"):
        return HttpResponse("Move up or down.", status=400)
    with transaction.atomic():
        item = _item(adventure, kind, item_pk)
        siblings = list(
            (adventure.legs if kind == "leg" else item.leg.scenes).select_for_update().all()
        )
        index = next(i for i, sibling in enumerate(siblings) if sibling.pk == item.pk)
        other = index - 1 if direction == "up" else index + 1
        if 0 <= other < len(siblings):
            siblings[index], siblings[other] = siblings[other], siblings[index]
            # Renumber all: positions may have gaps or ties from deletions and imports.
            for position, sibling in enumerate(siblings, start=1):
                sibling.position = position
            type(item).objects.bulk_update(siblings, ["position"])
    return _outline(request, adventure, anchor=f"{kind}-{item.pk}")


@require_POST
def invite_regenerate(request: HttpRequest, pk: int) -> HttpResponse:
    adventure = directed_adventure(request, pk)
    adventure.regenerate_invite()
    messages.info(request, "New invite link made: the old one no longer works.")
    return _outline(request, adventure, anchor="invite")


@require_POST
def cast_remove(request: HttpRequest, pk: int, member_pk: int) -> HttpResponse:
    adventure = directed_adventure(request, pk)
    member = get_object_or_404(CastMember, pk=member_pk, adventure=adventure)
    member.delete()
    return _outline(request, adventure, anchor="cast")
