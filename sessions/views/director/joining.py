"""The Director's say over the join code: show it on the TV, make a new one, switch it off;
and how many seats the table has."""

from django.http import Http404, HttpRequest, HttpResponse
from django.views.decorators.http import require_POST

from sessions.actions import joining
from sessions.views.director.base import control


@require_POST
def join_code(request: HttpRequest, pk: int) -> HttpResponse:
    what = request.POST.get("do", "")
    if what == "seats":
        seats = request.POST.get("seats", "")
        return control(
            request, pk, lambda adventure, _: joining.set_seats(adventure, seats, request.user)
        )
    if what not in joining.SAID:
        raise Http404("No such change to the join code")
    return control(
        request, pk, lambda adventure, _: joining.set_join(adventure, what, request.user)
    )
