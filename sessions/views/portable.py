"""Prep as files: an Adventure or a whole Campaign exported as JSON, and imported as a copy the
uploader directs. A bad file is refused whole, with the reason by the file field."""

from collections.abc import Callable

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.text import slugify
from django.views.decorators.http import require_GET, require_http_methods

from characters.forms import ImportForm
from characters.portable import a_or_an, marked_copy
from sessions import exports, portable
from sessions.access import directed_adventure
from sessions.models import Adventure, Campaign


def _download(document: dict, title: str, kind: str) -> HttpResponse:
    body = exports.serialized(document)
    response = HttpResponse(body, content_type="application/json; charset=utf-8")
    filename = f"{slugify(title) or kind}.enigma-{kind}.json"
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


def _marked(data: dict, model) -> dict:
    """The file's title marked “(copy)”: the copy stands beside its original in the lists.
    (A Campaign's own Adventures keep their titles: the Campaign says it is a copy.)"""
    return marked_copy(data, "title", model._meta.get_field("title").max_length)


def _import(request: HttpRequest, kind: str, create: Callable, intro: str) -> HttpResponse:
    """The import page of a ``kind`` of file; ``create(file, user)`` makes the copy or raises."""
    posted = request.method == "POST"
    form = ImportForm(request.POST, request.FILES) if posted else ImportForm()
    form.fields["file"].label = f"{kind.title()} file (.json)"
    what = a_or_an(kind)
    form.fields[
        "file"
    ].help_text = f"{what.capitalize()} exported from Enigma Table. You direct the copy."
    if posted and form.is_valid():
        try:
            made = create(form.cleaned_data["file"], request.user)
        except ValidationError as error:
            form.add_error("file", error)
        else:
            messages.success(request, f"“{made.title}” imported: it's yours to direct.")
            return redirect(made)
    context = {"form": form, "what": what, "intro": intro}
    return render(request, "sessions/prep_import.html", context, status=400 if form.errors else 200)


@require_GET
def adventure_export(request: HttpRequest, pk: int) -> HttpResponse:
    adventure = directed_adventure(request, pk)
    return _download(exports.export(adventure), adventure.title, "adventure")


@require_http_methods(["GET", "POST"])
def adventure_import(request: HttpRequest) -> HttpResponse:
    def create(upload, user):
        return portable.create_copy(_marked(portable.read_upload(upload), Adventure), user)

    intro = (
        "Upload an adventure file exported from Enigma Table. You'll direct the copy; it starts "
        "with no Cast."
    )
    return _import(request, "adventure", create, intro)


@require_GET
def campaign_export(request: HttpRequest, pk: int) -> HttpResponse:
    campaign = get_object_or_404(Campaign, pk=pk, director=request.user)
    return _download(exports.export_campaign(campaign), campaign.title, "campaign")


@require_http_methods(["GET", "POST"])
def campaign_import(request: HttpRequest) -> HttpResponse:
    def create(upload, user):
        data = _marked(portable.read_campaign_upload(upload), Campaign)
        return portable.create_campaign_copy(data, user)

    intro = (
        "Upload a campaign file exported from Enigma Table. You'll direct the copy: the "
        "campaign and the prep of each of its adventures, with no Cast and no table history."
    )
    return _import(request, "campaign", create, intro)
