"""Telling the table in so many words, with nothing let slip by a tap.

Every line the Director posts to everyone's log goes through `tell`: a line that names
something the players haven't been told (`sessions.hidden`) comes back first as a preview,
each secret marked, to be revealed, rephrased or left out; a line the app wrote (a
consequence prompt, a clue from the crib) always shows itself first. What is posted is
checked again on the server, whatever the form says: a post that skips the preview gets
the preview, and nothing reaches the log.
"""

from collections.abc import Callable, Iterable
from functools import partial

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django_htmx.http import reswap, retarget

from sessions import hidden
from sessions.forms import NoteLineForm
from sessions.parts import PARTS
from sessions.views.answers import act, director_viewer, respond

PREVIEW = "sessions/parts/_tell.html#preview"
READS = "sessions/parts/_tell.html#reads"
PAGE = "sessions/tell.html"

# post(adventure, line, reveal): the action that puts the line in the log.
Post = Callable[[object, str, tuple[int, ...]], None]


def tell(
    request: HttpRequest,
    pk: int,
    *,
    name: str,
    text: str | None,
    post: Post,
    always_show: bool = False,
    fields: Iterable[tuple[str, str]] = (),
    skip: Iterable[str] = (),
    form_class: type[NoteLineForm] = NoteLineForm,
    prefix: str = "",
) -> HttpResponse:
    """Post ``text`` to the log for the Director (``post``), or show it to them first.

    ``name``: the part the form lives in (a refusal redraws it); ``text``: the line, None to
    take it from the form's ``note``; ``always_show``: preview even a line with nothing
    hidden; ``fields``: what the preview's form sends back besides the line; ``skip``: the
    secret keys this post may name (the clue being posted); ``form_class``: how long a line
    may be; ``prefix``: how the line starts in the log, when not "The Director: "."""
    adventure, _viewer = director_viewer(request, pk)
    limit = form_class.base_fields["note"].max_length
    if request.POST.get("cancel"):
        return HttpResponse("") if request.htmx else redirect("table", pk)
    confirmed = request.POST.get("confirm") == "1"
    if text is None or confirmed:
        typed = _typed(request, adventure, name, text, form_class, confirmed, fields, prefix)
        if isinstance(typed, HttpResponse):
            return typed
        text = typed
    choices = _choices(request.POST) if confirmed else {}
    settled = hidden.settle(adventure, text, choices, skip=skip)
    show = partial(
        _preview,
        request,
        adventure,
        text,
        fields=fields,
        limit=limit,
        choices=choices,
        prefix=prefix,
    )
    # "Show what they'll read": the line as the choices made so far would post it, nothing
    # posted; "line" is the live redraw of that line alone, as the Director picks (htmx).
    if look := request.POST.get("look") if confirmed else "":
        return show(settled.found, page=READS if look == "line" and request.htmx else None)
    if settled.open or (always_show and not confirmed):
        return show(settled.found if confirmed else settled.open)

    def run() -> None:
        post(adventure, settled.line, settled.reveal)

    if not confirmed:
        response = act(request, adventure, run, name)
        return _retargeted(response, name) if response.status_code == 409 else response
    # A refusal (the table paused meanwhile): the preview again, with the reason.
    response = act(request, adventure, run, name, refused=partial(show, settled.found, status=409))
    if request.htmx and response.status_code == 200:
        return HttpResponse('<p class="tell-done" role="status">✓ Posted to everyone\'s log.</p>')
    return response


def _typed(request, adventure, name, text, form_class, confirmed, fields, prefix):
    """The line as the form sent it, or the refusal: in the preview when it was confirmed
    from there, else in the part the form lives in."""
    form = form_class(request.POST)
    if form.is_valid():
        return form.cleaned_data["note"]
    reason = " ".join(e for errors in form.errors.values() for e in errors)
    if not confirmed:
        return refused_in_part(request, adventure, name, reason)
    limit = form_class.base_fields["note"].max_length
    return _preview(
        request, adventure, text or "", [], reason, 400, fields=fields, limit=limit, prefix=prefix
    )


def _choices(data) -> dict[str, str]:
    """What the Director chose for each hidden thing in the preview ("choice-<key>")."""
    return {
        key.removeprefix("choice-"): value
        for key, value in data.items()
        if key.startswith("choice-")
    }


def refused_in_part(request, adventure, name: str, reason: str) -> HttpResponse:
    """A line refused before any preview: the part redrawn with the reason, in its own place
    (the form aimed its answer at the preview's slot)."""
    return _retargeted(respond(request, adventure, name, reason), name)


def _retargeted(response: HttpResponse, name: str) -> HttpResponse:
    if response.status_code == 409:
        retarget(response, f"#{PARTS[name].element_id()}")
        reswap(response, "innerHTML")
    return response


def _preview(
    request,
    adventure,
    text: str,
    found: list[hidden.Hidden],
    error: str = "",
    status: int = 200,
    *,
    fields: Iterable[tuple[str, str]],
    limit: int,
    choices: dict[str, str] | None = None,
    page: str | None = None,
    prefix: str = "",
) -> HttpResponse:
    context = {
        "adventure": adventure,
        "tell": {
            "action": request.path,
            "text": text,
            **hidden.shown(text, found, choices),
            "fields": list(fields),
            "limit": limit,
            "error": error,
            **({"prefix": prefix} if prefix else {}),
        },
    }
    return render(request, page or (PREVIEW if request.htmx else PAGE), context, status=status)
