"""The Director's handouts in prep: uploaded with a caption and a place in the Adventure,
changed, deleted; at the table, added for the Scene in play, revealed to every screen and put
away."""

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_http_methods, require_POST

from characters import pictures
from sessions.access import directed_adventure
from sessions.actions import handouts
from sessions.forms import HandoutForm, TableHandoutForm
from sessions.models import Handout
from sessions.parts import kept
from sessions.views.answers import act, director_viewer, redrawn, respond, whole_number
from sessions.views.outline import (
    FINISHED,
    form_page,
    outline,
    outline_adventure,
    outline_context,
    warned_of_hidden_names,
)

HANDOUT = {"display": 1600, "thumb": 360}


def _back(adventure, anchor: str = "handouts") -> HttpResponse:
    return redirect(f"{adventure.get_absolute_url()}#{anchor}")


@require_POST
def handout_add(request: HttpRequest, pk: int) -> HttpResponse:
    # The whole prep tree in a fixed few queries: the form offers its places.
    adventure = outline_adventure(pk, request.user)
    if adventure.is_finished:
        return outline(request, adventure, refused=FINISHED)
    form = HandoutForm(request.POST, request.FILES, adventure=adventure)
    if not form.is_valid() or warned_of_hidden_names(form, adventure):
        # The whole outline again, the form where it was with the message by its field.
        context = outline_context(request, adventure) | {"handout_form": form}
        return render(request, "sessions/outline.html", context, status=400)
    _stored(form, adventure)
    kept.changed(adventure)  # the Director's list of handouts at the table
    messages.success(
        request, f"Handout “{form.cleaned_data['caption']}” added: yours until you reveal it."
    )
    return _back(adventure)


def _stored(form: HandoutForm, adventure) -> Handout:
    """A new handout from a valid form: its picture stored, in the place the form gives."""
    stored = pictures.store(form.cleaned_data["picture"], "handouts", **HANDOUT)
    return Handout.objects.create(
        adventure=adventure,
        caption=form.cleaned_data["caption"],
        display=stored.display,
        thumb=stored.thumb,
        width=stored.width,
        height=stored.height,
        digest=stored.digest,
        **form.place(),
    )


@require_POST
def handout_add_at_table(request: HttpRequest, pk: int) -> HttpResponse:
    """A handout made during play (a sketch of the room the Cast just broke into): checked as
    prep's form checks it, for the Scene in play, secret until the Director reveals it. The
    Director's tools come back with it listed, or with the form's errors by its fields."""
    adventure, viewer = director_viewer(request, pk)
    if adventure.is_finished:
        return respond(request, adventure, "director", FINISHED)
    form = TableHandoutForm(request.POST, request.FILES, adventure=adventure, scene=viewer.scene)
    if not form.is_valid() or warned_of_hidden_names(form, adventure):
        if not request.htmx:
            reasons = [e for errors in form.errors.values() for e in errors]
            messages.error(request, " ".join(["The handout wasn't added:", *reasons]))
            return redirect("table", pk)
        extra = {"table_handout_form": form, "refused_tool": "handout-add"}
        return redrawn(request, adventure, "director", status=400, extra=extra)
    handout = _stored(form, adventure)
    kept.changed(adventure)  # the Director's list of handouts, here and on their other tabs
    said = f"Handout “{handout.caption}” added: yours until you reveal it."
    if not request.htmx:
        messages.success(request, said)
        return redirect("table", pk)
    return redrawn(request, adventure, "director", extra={"handout_added": said})


@require_http_methods(["GET", "POST"])
def handout_edit(request: HttpRequest, pk: int, handout_pk: int) -> HttpResponse:
    adventure = outline_adventure(pk, request.user)
    handout = get_object_or_404(Handout, pk=handout_pk, adventure=adventure)
    posted = request.POST if request.method == "POST" else None
    initial = {"caption": handout.caption, "attach": HandoutForm.attached(handout)}
    form = HandoutForm(posted, adventure=adventure, picture=False, initial=initial)
    if adventure.is_finished:  # read as it was played: nothing is saved, and the form says so
        if posted is None:
            return outline(request, adventure, refused=FINISHED)
        form.add_error(None, FINISHED)
    elif form.is_valid() and not warned_of_hidden_names(form, adventure):
        handout.caption = form.cleaned_data["caption"]
        for field, value in form.place().items():
            setattr(handout, field, value)
        handout.save()
        kept.changed(adventure)
        return _back(adventure, f"handout-{handout.pk}")
    action = reverse("handout_edit", args=[pk, handout_pk])
    return form_page(
        request,
        form,
        adventure=adventure,
        heading="Edit handout",
        action=action,
        cancel=f"{adventure.get_absolute_url()}#handout-{handout.pk}",
    )


@require_POST
def handout_delete(request: HttpRequest, pk: int, handout_pk: int) -> HttpResponse:
    adventure = directed_adventure(request, pk)
    handout = get_object_or_404(Handout, pk=handout_pk, adventure=adventure)
    if adventure.is_finished:
        return outline(request, adventure, refused=FINISHED)
    handout.delete()
    kept.changed(adventure)
    messages.success(request, f"Handout “{handout.caption}” deleted, picture and all.")
    return _back(adventure)


@require_POST
def handout_reveal(request: HttpRequest, pk: int) -> HttpResponse:
    adventure, _viewer = director_viewer(request, pk)
    handout_id = whole_number(request.POST.get("handout"))
    if handout_id is None:
        raise Http404("No such handout")
    return act(
        request,
        adventure,
        lambda: handouts.reveal(adventure, handout_id, request.user),
        _at_table(request),
    )


@require_POST
def handout_put_away(request: HttpRequest, pk: int) -> HttpResponse:
    adventure, _viewer = director_viewer(request, pk)
    put_away = lambda: handouts.put_away(adventure, request.user)  # noqa: E731
    return act(request, adventure, put_away, _at_table(request))


def _at_table(request: HttpRequest) -> str:
    """The part a handout's control sits in at the table: under its Danger, or the Director's
    tools."""
    return "director-dangers" if request.POST.get("part") == "director-dangers" else "director"
