"""The Director's prep, piece by piece: Legs, Scenes, Key Locations and Dangers, added,
edited, deleted and reordered in place in the outline. Every view starts from
`directed_adventure` (404 for anyone else)."""

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Max
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_http_methods, require_POST

from sessions import exports
from sessions.access import directed_adventure
from sessions.forms import DangerForm, KeyLocationForm, LegForm, SceneForm
from sessions.models import Adventure, Danger, KeyLocation, Leg, Scene, limits
from sessions.parts import kept
from sessions.views.outline import FINISHED, form_page, outline, warned_of_hidden_names

# Said under a new Scene's or Key Location's form: where its Dangers go (not in the form itself).
DANGERS_NEXT = {
    "scene": "Dangers come next: once the Scene is saved, its “Add a Danger” gives it "
    "enemies of its own (an ambush on the road). Those of its Key Location come with it.",
    "location": "Dangers come next: once the Key Location is saved, its “Add a Danger” is "
    "for the enemies the Cast meets here.",
}


def _next_position(queryset) -> int:
    return (queryset.aggregate(top=Max("position"))["top"] or 0) + 1


def _leg(adventure: Adventure, leg_pk: int) -> Leg:
    return get_object_or_404(Leg, pk=leg_pk, adventure=adventure)


def _room(adventure: Adventure, siblings, what: str, limit: int, where: str) -> str | None:
    """Why a new ``what`` doesn't fit beside ``siblings`` (`limits`), or None if it does."""
    if siblings.count() >= limit:
        return limits.full(what, limit, where)
    if limits.prep_items(adventure.pk) >= limits.PREP_ITEMS:
        return limits.items_full()
    return None


def _save_form(
    request, adventure, form, *, heading, action, anchor, parent, room=None, note=""
) -> HttpResponse:
    """Save a prep form into its place under ``parent`` fields, or show it with its errors.
    ``anchor``: the item's kind in `KINDS`. ``room()``: for a new item, why it doesn't fit
    (checked under the Adventure's lock, so two tabs can't both add the last one). ``note``:
    what comes after the form. A new item's form also offers "Save and add another …": the
    outline then opens a fresh form in the same place (`_add_another`)."""
    new = form.instance.pk is None
    if adventure.is_finished:  # read as it was played: nothing is saved, and the form says so
        if request.method != "POST":
            return outline(request, adventure, refused=FINISHED)
        form.add_error(None, FINISHED)
    elif (
        request.method == "POST" and form.is_valid() and not warned_of_hidden_names(form, adventure)
    ):
        try:
            with transaction.atomic():
                Adventure.objects.select_for_update().filter(pk=adventure.pk).first()
                full = room() if room else None
                if not full:
                    item = form.save(commit=False)
                    for field, value in parent.items():
                        setattr(item, field, value)
                    item.save()
                    kept.changed(adventure)  # what the table shows of its prep
                    # New or longer text may make the export bigger than an import takes.
                    exports.refuse_if_too_big(adventure)
        except ValidationError as too_big:
            full = too_big.messages[0]
        if not full:
            if new and request.POST.get("then") == "another":
                return _add_another(request, adventure, anchor, item)
            return outline(request, adventure, anchor=f"{anchor}-{item.pk}", added=new)
        form.add_error(None, full)
    return form_page(
        request,
        form,
        adventure=adventure,
        heading=heading,
        action=action,
        note=note,
        another=KINDS[anchor][2] if new else "",
    )


def _add_another(request: HttpRequest, adventure: Adventure, kind: str, item) -> HttpResponse:
    """After "Save and add another …": in place, the outline with the item saved and a fresh
    form for the next in the same place (its "Add …" opens at once); as a page of its own
    (no htmx, no JavaScript needed), that page again, empty, saying what was saved."""
    saved = f"“{item}” is saved. Here's a fresh form for the next {KINDS[kind][2]}."
    if request.htmx:
        # Not "added": the next step is the next item, not the Dangers a new place offers.
        return outline(request, adventure, anchor=f"{kind}-{item.pk}", another=saved)
    messages.success(request, saved)
    return redirect(request.path)


def _posted(request: HttpRequest):
    return request.POST if request.method == "POST" else None


@require_http_methods(["GET", "POST"])
def leg_form(request: HttpRequest, pk: int, leg_pk: int | None = None) -> HttpResponse:
    adventure = directed_adventure(request, pk)
    leg = _leg(adventure, leg_pk) if leg_pk else None
    form = LegForm(_posted(request), instance=leg)
    parent = {} if leg else {"adventure": adventure, "position": _next_position(adventure.legs)}
    limit = limits.PER_ADVENTURE["legs"]
    return _save_form(
        request,
        adventure,
        form,
        heading=f"Edit Leg: {leg.title}" if leg else "Add a Leg",
        action=request.path,
        anchor="leg",
        parent=parent,
        room=None
        if leg
        else lambda: _room(adventure, adventure.legs, "legs", limit, "An Adventure"),
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
    limit = limits.PER_LEG["scenes"]
    return _save_form(
        request,
        adventure,
        form,
        heading=f"Edit Scene: {scene.beat}" if scene else f"Add a Scene to {leg.title}",
        action=request.path,
        anchor="scene",
        parent=parent,
        room=None if scene else lambda: _room(adventure, leg.scenes, "scenes", limit, "A Leg"),
        note="" if scene else DANGERS_NEXT["scene"],
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
    limit = limits.PER_LEG["key_locations"]
    return _save_form(
        request,
        adventure,
        form,
        heading=heading,
        action=request.path,
        anchor="location",
        parent=parent,
        room=None
        if location
        else lambda: _room(adventure, leg.key_locations, "key_locations", limit, "A Leg"),
        note="" if location else DANGERS_NEXT["location"],
    )


@require_http_methods(["GET", "POST"])
def danger_form(
    request: HttpRequest, pk: int, location_pk: int, danger_pk: int | None = None
) -> HttpResponse:
    adventure = directed_adventure(request, pk)
    location = get_object_or_404(KeyLocation, pk=location_pk, leg__adventure=adventure)
    adding = f"Add a Danger at {location.name}"
    return _danger_form(request, adventure, {"key_location": location}, danger_pk, adding)


@require_http_methods(["GET", "POST"])
def scene_danger_form(
    request: HttpRequest, pk: int, scene_pk: int, danger_pk: int | None = None
) -> HttpResponse:
    """A Danger prepared for a Scene (an ambush on the road, not a Key Location's guard): it
    comes into play with the Scene, whatever its place."""
    adventure = directed_adventure(request, pk)
    scene = get_object_or_404(Scene, pk=scene_pk, leg__adventure=adventure)
    adding = f"Add a Danger to {scene.beat}"
    return _danger_form(request, adventure, {"scene": scene}, danger_pk, adding)


def _danger_form(request, adventure, owner: dict, danger_pk: int | None, adding: str):
    """A Danger's form, for its ``owner`` (``{"key_location": …}`` or ``{"scene": …}``)."""
    ((_field, place),) = owner.items()
    danger = get_object_or_404(Danger, pk=danger_pk, **owner) if danger_pk else None
    where = "A Scene" if isinstance(place, Scene) else "A Key Location"
    limit = limits.PER_PLACE["dangers"]
    return _save_form(
        request,
        adventure,
        DangerForm(_posted(request), instance=danger),
        heading=f"Edit Danger: {danger.name}" if danger else adding,
        action=request.path,
        anchor="danger",
        parent=owner,
        room=None if danger else lambda: _room(adventure, place.dangers, "dangers", limit, where),
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
    if kind == "danger":  # prepared at a Key Location, or for a Scene
        scenes = Danger.objects.filter(scene__leg__adventure=adventure, pk=item_pk)
        if found := scenes.first():
            return found
    return get_object_or_404(model, pk=item_pk, **{path: adventure})


@require_http_methods(["GET", "POST"])
def item_delete(request: HttpRequest, pk: int, kind: str, item_pk: int) -> HttpResponse:
    adventure = directed_adventure(request, pk)
    item = _item(adventure, kind, item_pk)
    if adventure.is_finished:
        return outline(request, adventure, refused=FINISHED)
    if request.method == "POST":
        item.delete()
        kept.changed(adventure)
        return outline(request, adventure)
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
    if adventure.is_finished:
        return outline(request, adventure, refused=FINISHED)
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
            kept.changed(adventure)
    return outline(request, adventure, anchor=f"{kind}-{item.pk}")
