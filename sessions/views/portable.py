import json

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.text import slugify
from django.views.decorators.http import require_GET, require_http_methods

from characters.forms import ImportForm
from sessions import portable
from sessions.access import directed_adventure


@require_GET
def adventure_export(request: HttpRequest, pk: int) -> HttpResponse:
    adventure = directed_adventure(request, pk)
    body = json.dumps(portable.export(adventure), indent=2, ensure_ascii=False)
    response = HttpResponse(body, content_type="application/json; charset=utf-8")
    filename = f"{slugify(adventure.title) or 'adventure'}.enigma-adventure.json"
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


@require_http_methods(["GET", "POST"])
def adventure_import(request: HttpRequest) -> HttpResponse:
    posted = request.method == "POST"
    form = ImportForm(request.POST, request.FILES) if posted else ImportForm()
    form.fields["file"].label = "Adventure file (.json)"
    form.fields["file"].help_text = "A file exported from Enigma Table. You direct the copy."
    if posted and form.is_valid():
        try:
            data = portable.read_upload(form.cleaned_data["file"])
            adventure = portable.create_copy(data, request.user)
        except ValidationError as error:
            form.add_error("file", error)
        else:
            messages.success(request, f"“{adventure.title}” imported: it's yours to direct.")
            return redirect(adventure)
    status = 400 if form.errors else 200
    return render(request, "sessions/adventure_import.html", {"form": form}, status=status)
