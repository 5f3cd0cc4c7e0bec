"""The Director's controls at the table, and the X-card any player may press.

Every control starts from `_director`, so a player who forges a request gets a 404.
"""

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.views.decorators.http import require_POST

from sessions import direction, play
from sessions import rules as R
from sessions.forms import DangerQuickForm, PerilForm, PromptForm, WideShotEditForm
from sessions.models import Adventure, Investigation, KeyLocation, Leg, Scene
from sessions.views.table import _table, act, whole_number


def _director(request: HttpRequest, pk: int) -> Adventure:
    adventure, viewer = _table(request, pk)
    if not viewer.directs:
        raise Http404("Directors only")
    return adventure


def _control(request: HttpRequest, pk: int, action, name: str = "director") -> HttpResponse:
    """Run a Director's action; the Director's panel (or ``name``) comes back redrawn."""
    adventure = _director(request, pk)
    return act(request, adventure, lambda: action(adventure), name)


def _checked(form) -> dict:
    """A valid form's data; an invalid one is refused like any other bad move."""
    if not form.is_valid():
        raise R.RuleError(" ".join(e for errors in form.errors.values() for e in errors))
    return form.cleaned_data


# Pacing ---------------------------------------------------------------------------------------


@require_POST
def leg_start(request: HttpRequest, pk: int) -> HttpResponse:
    def start(adventure):
        leg_id = whole_number(request.POST.get("leg"))
        leg = get_object_or_404(Leg, pk=leg_id or 0, adventure=adventure)
        play.start_leg(adventure, leg, request.user, R.table_dice())

    return _control(request, pk, start)


@require_POST
def leg_end(request: HttpRequest, pk: int) -> HttpResponse:
    return _control(request, pk, lambda adventure: play.end_leg(adventure, request.user))


@require_POST
def scene_start(request: HttpRequest, pk: int) -> HttpResponse:
    def start(adventure):
        scene_id = whole_number(request.POST.get("scene"))
        scene = get_object_or_404(Scene, pk=scene_id or 0, leg__adventure=adventure)
        choice = request.POST.get("key_location") or ""
        if choice == "":
            location = scene.key_location
        elif choice == "none":
            location = None
        else:
            location = get_object_or_404(
                KeyLocation, pk=whole_number(choice) or 0, leg__adventure=adventure
            )
        play.start_scene(adventure, scene, location, request.user)

    return _control(request, pk, start)


@require_POST
def scene_end(request: HttpRequest, pk: int) -> HttpResponse:
    return _control(request, pk, lambda adventure: play.end_scene(adventure, request.user))


@require_POST
def screen_link(request: HttpRequest, pk: int) -> HttpResponse:
    enabled = request.POST.get("enabled") == "1"
    return _control(request, pk, lambda adventure: play.set_screen(adventure, enabled))


# The Wide Shot --------------------------------------------------------------------------------


@require_POST
def wideshot_edit(request: HttpRequest, pk: int) -> HttpResponse:
    _adventure, viewer = _table(request, pk)
    by_name = {c.name.casefold(): c.pk for c in viewer.cast}

    def edit(adventure):
        data = _checked(WideShotEditForm(request.POST))
        questions = [_addressed(line, by_name) for line in data["questions"]]
        play.edit_wide_shot(adventure, data["opening"], questions, request.user)

    return _control(request, pk, edit, "wideshot")


def _addressed(line: str, by_name: dict[str, int]) -> dict:
    """A leading question, put to one character when it starts with @Their Name."""
    if line.startswith("@"):
        folded = line[1:].casefold()
        for name, character_id in sorted(by_name.items(), key=lambda item: -len(item[0])):
            if folded.startswith(name):
                return {"text": line[1 + len(name) :].strip(" :,-"), "to": character_id}
    return {"text": line, "to": None}


@require_POST
def wideshot_lock(request: HttpRequest, pk: int) -> HttpResponse:
    locked = request.POST.get("locked") == "1"
    return _control(
        request,
        pk,
        lambda adventure: play.lock_wide_shot(adventure, locked, request.user),
        "wideshot",
    )


# Peril, Rests, Group Gambles, Investigations ---------------------------------------------------


@require_POST
def peril(request: HttpRequest, pk: int) -> HttpResponse:
    _adventure, viewer = _table(request, pk)

    def give(adventure):
        data = _checked(PerilForm(request.POST, cast=viewer.cast))
        reason = direction.PERIL_REASONS[data["reason"]]
        if data["detail"]:
            reason = f"{reason}: {data['detail']}"
        direction.adjust_peril(adventure, data["character"], data["delta"], reason, request.user)

    return _control(request, pk, give)


@require_POST
def rest(request: HttpRequest, pk: int) -> HttpResponse:
    return _control(
        request, pk, lambda adventure: direction.rest(adventure, request.user, R.table_dice())
    )


@require_POST
def group_call(request: HttpRequest, pk: int) -> HttpResponse:
    def call(adventure):
        text = _checked(PromptForm(request.POST))["text"]
        direction.call_group_gamble(adventure, text, request.user)

    return _control(request, pk, call)


@require_POST
def group_close(request: HttpRequest, pk: int) -> HttpResponse:
    return _control(
        request, pk, lambda adventure: direction.close_group_gamble(adventure, request.user)
    )


@require_POST
def investigation_ask(request: HttpRequest, pk: int) -> HttpResponse:
    _adventure, viewer = _table(request, pk)

    def ask(adventure):
        data = _checked(PromptForm(request.POST, cast=viewer.cast))
        if data["character"] is None:
            raise R.RuleError("Choose who investigates.")
        direction.ask_to_investigate(adventure, data["character"], data["text"], request.user)

    return _control(request, pk, ask)


@require_POST
def investigation_roll(request: HttpRequest, pk: int, investigation_id: int) -> HttpResponse:
    """The player rolls a plain 1d6 for an investigation the Director asked of them."""
    adventure, viewer = _table(request, pk)
    investigation = get_object_or_404(Investigation, pk=investigation_id, adventure=adventure)
    character = viewer.own(investigation.character_id)
    return act(
        request,
        adventure,
        lambda: direction.investigate(adventure, investigation.pk, request.user, R.table_dice()),
        "gamble-one",
        character.pk,
    )


# Dangers and Tumults --------------------------------------------------------------------------


@require_POST
def danger_add(request: HttpRequest, pk: int) -> HttpResponse:
    def add(adventure):
        data = _checked(DangerQuickForm(request.POST))
        direction.add_danger(adventure, data["name"], data["template"], request.user)

    return _control(request, pk, add)


def _danger_id(request: HttpRequest) -> int:
    danger_id = whole_number(request.POST.get("danger"))
    if danger_id is None:
        raise Http404("No such Danger")
    return danger_id


@require_POST
def danger_reveal(request: HttpRequest, pk: int) -> HttpResponse:
    danger_id, revealed = _danger_id(request), request.POST.get("revealed") == "1"
    return _control(
        request,
        pk,
        lambda adventure: direction.reveal_danger(adventure, danger_id, revealed, request.user),
    )


@require_POST
def danger_success(request: HttpRequest, pk: int) -> HttpResponse:
    danger_id = _danger_id(request)
    return _control(
        request,
        pk,
        lambda adventure: direction.director_mark_success(adventure, danger_id, request.user),
    )


@require_POST
def tumult_start(request: HttpRequest, pk: int) -> HttpResponse:
    return _control(request, pk, lambda adventure: direction.start_tumult(adventure, request.user))


def peril_splits(post) -> dict[int, dict[int, int]]:
    """Read fields named split-<danger>-<character> into {danger: {character: Peril}}."""
    splits: dict[int, dict[int, int]] = {}
    for key, value in post.items():
        parts = key.split("-")
        if len(parts) != 3 or parts[0] != "split" or not value.strip():
            continue
        danger_id, character_id, share = (
            whole_number(parts[1]),
            whole_number(parts[2]),
            whole_number(value.strip()),
        )
        if danger_id is None or character_id is None:
            raise R.RuleError("That split doesn't make sense.")
        if share is None:
            raise R.RuleError("Each share of Peril must be a whole number, 0 or more.")
        splits.setdefault(danger_id, {})[character_id] = share
    return splits


@require_POST
def tumult_enemies(request: HttpRequest, pk: int) -> HttpResponse:
    def strike(adventure):
        direction.enemies_turn(adventure, peril_splits(request.POST), request.user)

    return _control(request, pk, strike)


@require_POST
def tumult_next(request: HttpRequest, pk: int) -> HttpResponse:
    return _control(request, pk, lambda adventure: direction.next_round(adventure, request.user))


@require_POST
def tumult_end(request: HttpRequest, pk: int) -> HttpResponse:
    return _control(request, pk, lambda adventure: direction.end_tumult(adventure, request.user))


@require_POST
def tumult_act(request: HttpRequest, pk: int, character_id: int) -> HttpResponse:
    """A player's action this round that needs no Gamble."""
    adventure, viewer = _table(request, pk)
    character = viewer.own(character_id)
    return act(
        request,
        adventure,
        lambda: direction.act_without_gamble(adventure, character, request.user),
        "tumult",
    )


# The X-card -------------------------------------------------------------------------------------


@require_POST
def x_card(request: HttpRequest, pk: int) -> HttpResponse:
    """Anyone at the table may pause it. Nothing records who."""
    adventure, _viewer = _table(request, pk)
    return act(request, adventure, lambda: direction.press_x_card(adventure), "pause")


@require_POST
def resume(request: HttpRequest, pk: int) -> HttpResponse:
    return _control(request, pk, lambda adventure: direction.resume(adventure, request.user))
