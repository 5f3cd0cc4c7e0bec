"""Pacing: Legs, Scenes, the end of the Adventure, the shared screen's link."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.views.decorators.http import require_POST

from sessions import rules as R
from sessions.actions import (
    legs,
    scenes,
    screen,
)
from sessions.forms.dice import hand_rolls
from sessions.models import KeyLocation, Leg, Scene
from sessions.views.answers import (
    whole_number,
)
from sessions.views.director.base import control


@require_POST
def leg_start(request: HttpRequest, pk: int) -> HttpResponse:
    def start(adventure, viewer):
        leg_id = whole_number(request.POST.get("leg"))
        leg = get_object_or_404(Leg, pk=leg_id or 0, adventure=adventure)
        entered = hand_rolls(adventure, request.POST, viewer.cast)
        legs.start_leg(adventure, leg, request.user, R.table_dice(), entered)

    return control(request, pk, start)


@require_POST
def leg_end(request: HttpRequest, pk: int) -> HttpResponse:
    return control(request, pk, lambda adventure, _: legs.end_leg(adventure, request.user))


def _key_location(request: HttpRequest, adventure, scene: Scene) -> KeyLocation | None:
    choice = request.POST.get("key_location") or ""
    if choice == "":
        return scene.key_location
    if choice == "none":
        return None
    return get_object_or_404(KeyLocation, pk=whole_number(choice) or 0, leg__adventure=adventure)


@require_POST
def scene_start(request: HttpRequest, pk: int) -> HttpResponse:
    def start(adventure, _viewer):
        if "beat" in request.POST:  # no Scene left in the Leg: one made up at the table
            choice = request.POST.get("key_location") or "none"
            location = (
                None
                if choice == "none"
                else get_object_or_404(
                    KeyLocation, pk=whole_number(choice) or 0, leg__adventure=adventure
                )
            )
            scenes.add_scene_and_start(adventure, request.POST["beat"], location, request.user)
            return
        scene_id = whole_number(request.POST.get("scene"))
        scene = get_object_or_404(Scene, pk=scene_id or 0, leg__adventure=adventure)
        location = _key_location(request, adventure, scene)
        scenes.start_scene(adventure, scene, location, request.user)

    return control(request, pk, start)


@require_POST
def scene_end(request: HttpRequest, pk: int) -> HttpResponse:
    lock_open = request.POST.get("lock_open") == "yes"
    refused: list = []

    def end(adventure, _viewer):
        try:
            scenes.end_scene(adventure, request.user, lock_open=lock_open)
        except scenes.OpenGambles as open_gambles:
            refused.append((adventure, open_gambles.heroes))
            raise

    response = control(request, pk, end)
    for adventure, heroes in refused:
        # Told whose Gambles are open, the Director is asked to confirm; their players are
        # warned on their phones meanwhile (issue 35 item 5).
        scenes.warn_scene_end(adventure, heroes, request.user)
    return response


@require_POST
def adventure_finish(request: HttpRequest, pk: int) -> HttpResponse:
    def finish(adventure, _viewer):
        if request.POST.get("confirm") != "yes":
            raise R.RuleError("Tick the box to confirm: finishing an Adventure can't be undone.")
        legs.finish_adventure(adventure, request.user)

    return control(request, pk, finish)


@require_POST
def screen_link(request: HttpRequest, pk: int) -> HttpResponse:
    enabled = request.POST.get("enabled") == "1"
    return control(
        request, pk, lambda adventure, _: screen.set_screen(adventure, enabled, request.user)
    )
