"""The Director's hand on the Wide Shot board."""

from django.http import HttpRequest, HttpResponse
from django.views.decorators.http import require_POST

from sessions.actions import (
    wideshots,
)
from sessions.forms import (
    WideShotEditForm,
)
from sessions.views.answers import (
    checked,
)
from sessions.views.director.base import control


@require_POST
def wideshot_edit(request: HttpRequest, pk: int) -> HttpResponse:
    def edit(adventure, _viewer):
        data = checked(WideShotEditForm(request.POST))
        wideshots.edit(adventure, data["opening"], data["questions"], request.user)

    return control(request, pk, edit, "wideshot")


@require_POST
def wideshot_lock(request: HttpRequest, pk: int) -> HttpResponse:
    locked = request.POST.get("locked") == "1"
    return control(
        request,
        pk,
        lambda adventure, _: wideshots.lock(adventure, locked, request.user),
        "wideshot",
    )
