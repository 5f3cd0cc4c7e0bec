"""A hero as a file: exported from one site, imported into another (`characters.portable`)."""

import json

from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.text import slugify
from django.views.decorators.http import require_GET, require_http_methods

from characters import portable
from characters.forms import CharacterForm, ImportForm
from characters.models import Character
from characters.views import own_character
from characters.views.creation import save_hero


@require_GET
def character_export(request: HttpRequest, pk: int) -> HttpResponse:
    character = own_character(request, pk)
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
                return save_hero(request, character_form, creating=True)
            for field, errors in character_form.errors.items():
                label = "The file" if field == "__all__" else f"“{field}” in the file"
                form.add_error("file", f"{label}: {' '.join(errors)}")
    status = 400 if form.errors else 200
    return render(request, "characters/import.html", {"form": form}, status=status)
