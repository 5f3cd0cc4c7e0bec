"""Peril from the Director, Rests, Group Gambles and Investigations."""

from django.http import HttpRequest, HttpResponse
from django.views.decorators.http import require_POST

from sessions import rules as R
from sessions.actions import (
    groups,
    investigations,
    peril,
)
from sessions.forms import (
    PerilForm,
    PromptForm,
)
from sessions.forms.dice import hand_rolls
from sessions.views.answers import (
    checked,
)
from sessions.views.director.base import control


@require_POST
def peril_give(request: HttpRequest, pk: int) -> HttpResponse:
    def give(adventure, viewer):
        form = PerilForm(request.POST, cast=viewer.cast, dangers=viewer.dangers)
        data = checked(form)
        danger = form.danger
        peril.adjust_peril(
            adventure,
            data["character"],
            data["delta"],
            form.reason_words(),
            request.user,
            danger_id=danger.pk if danger else None,
        )

    return control(request, pk, give)


@require_POST
def rest(request: HttpRequest, pk: int) -> HttpResponse:
    def call(adventure, viewer):
        entered = hand_rolls(adventure, request.POST, viewer.cast)
        peril.rest(adventure, request.user, R.table_dice(), entered)

    return control(request, pk, call)


@require_POST
def group_call(request: HttpRequest, pk: int) -> HttpResponse:
    def call(adventure, _viewer):
        text = checked(PromptForm(request.POST))["text"]
        groups.call_group_gamble(adventure, text, request.user)

    return control(request, pk, call)


@require_POST
def group_close(request: HttpRequest, pk: int) -> HttpResponse:
    return control(
        request, pk, lambda adventure, _: groups.close_group_gamble(adventure, request.user)
    )


@require_POST
def investigation_ask(request: HttpRequest, pk: int) -> HttpResponse:
    def ask(adventure, viewer):
        data = checked(PromptForm(request.POST, cast=viewer.cast))
        if data["character"] is None:
            raise R.RuleError("Choose who investigates.")
        investigations.ask_to_investigate(adventure, data["character"], data["text"], request.user)

    return control(request, pk, ask)
