"""The shared table: one page per Adventure, its live parts, and the players' actions.

Every part is drawn for the person asking: the Director's panel only for the Director, a
player's Gamble panel only with their own characters. Pages learn that something changed from
the event stream and fetch their own parts again.
"""

import re
from dataclasses import dataclass
from functools import cached_property

from django.contrib import messages
from django.db.models import Prefetch, prefetch_related_objects
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_POST

from characters.models import Character
from sessions import direction, play
from sessions import rules as R
from sessions.access import joined_adventure
from sessions.forms import (
    DangerQuickForm,
    GambleForm,
    PerilForm,
    WideShotDetailForm,
    WideShotEditForm,
)
from sessions.models import (
    Adventure,
    Danger,
    Gamble,
    Investigation,
    Leg,
    Scene,
    TableEvent,
    Tumult,
    WideShot,
    WideShotDetail,
)

LOG_PAGE = 30
PARTS = (
    "scene",
    "cast",
    "gamble",
    "gamble-one",
    "wideshot",
    "wideshot-board",
    "log",
    "log-older",
    "director",
    "pause",
    "latest",
    "tumult",
    "dangers",
)
# Each live part is a container on the page (the "<name>-panel" partial, which stays put) and
# its content (the "<name>" partial), which is what gets fetched and swapped in. The log grows
# by itself, row by row, so it is fetched whole only for the shared screen.


def part_template(name: str) -> str:
    whole = {"log": "log-panel", "gamble": "gamble-panel"}
    return "sessions/table.html#" + whole.get(name, name)


@dataclass
class Viewer:
    """Who is looking at the table, and what of it they need, each fetched once."""

    adventure: Adventure
    user_id: int | None
    directs: bool = False
    screen: bool = False

    @cached_property
    def cast(self) -> list[Character]:
        return play.cast_characters(self.adventure)

    @cached_property
    def characters(self) -> list[Character]:
        """The viewer's own heroes in the Cast, with what a Gamble needs."""
        own = [c for c in self.cast if c.owner_id == self.user_id]
        prefetch_related_objects(own, "knacks", "equipment")
        return own

    @cached_property
    def scene(self) -> Scene | None:
        return play.current_scene(self.adventure)

    @cached_property
    def dangers(self) -> list[Danger]:
        return direction.scene_dangers(self.adventure, self.scene)

    @cached_property
    def tumult(self) -> Tumult | None:
        return direction.active_tumult(self.adventure)

    def own(self, character_id) -> Character:
        """One of the viewer's own characters in this Cast, or 404."""
        for character in self.characters:
            if str(character.pk) == str(character_id):
                return character
        raise Http404("Not your character")

    def fellows(self, character: Character) -> list[Character]:
        """Who can help ``character``: the rest of the Cast, less the knocked out."""
        return [c for c in self.cast if c.pk != character.pk and not c.incapacitated]

    def targets(self) -> list[Danger]:
        """Enemies a Gamble can be aimed at: shown by the Director and still in the picture."""
        return [d for d in self.dangers if d.revealed and not d.is_out]


# What each part of the page needs, built only for the parts being drawn.


def scene_context(viewer: Viewer) -> dict:
    scene = viewer.scene
    leg = scene.leg if scene else play.current_leg(viewer.adventure)
    canon = []
    if scene and scene.key_location_id:
        # What players described on earlier visits is canon now.
        canon = list(
            WideShotDetail.objects.filter(wide_shot__key_location_id=scene.key_location_id)
            .exclude(wide_shot__scene=scene)
            .select_related("character")
        )
    return {"leg": leg, "scene": scene, "canon": canon}


def latest_context(viewer: Viewer) -> dict:
    gambles = Gamble.objects.filter(adventure=viewer.adventure).select_related("character")
    return {"latest": gambles.order_by("-pk").first()}


def log_context(viewer: Viewer, before: int | None = None) -> dict:
    events = TableEvent.objects.filter(adventure=viewer.adventure).select_related("character")
    if before:
        events = events.filter(pk__lt=before)
    page = list(events[: LOG_PAGE + 1])
    older = page[LOG_PAGE - 1].pk if len(page) > LOG_PAGE else None
    return {"events": page[:LOG_PAGE], "older": older}


def wideshot_context(viewer: Viewer) -> dict:
    board = None
    if viewer.scene is not None:
        details = Prefetch("details", queryset=WideShotDetail.objects.select_related("character"))
        board = WideShot.objects.filter(scene=viewer.scene).prefetch_related(details).first()
    if board is None:
        return {"board": None}
    by_character = {d.character_id: d for d in board.details.all()}
    mine = [
        {"character": character, "detail": by_character.get(character.pk)}
        for character in viewer.characters
    ]
    names = {c.pk: c.name for c in viewer.cast}
    questions = [{"text": q["text"], "to": names.get(q.get("to"), "")} for q in board.questions]
    edit = None
    if viewer.directs:
        lines = [f"@{q['to']} {q['text']}" if q["to"] else q["text"] for q in questions]
        edit = WideShotEditForm(initial={"opening": board.opening, "questions": lines})
    return {"board": board, "questions": questions, "mine": mine, "wideshot_edit": edit}


def tumult_context(viewer: Viewer) -> dict:
    tumult = viewer.tumult
    if tumult is None:
        return {"tumult": None}
    acted = set(tumult.acted)
    fighters = [c for c in viewer.cast if not c.incapacitated]
    return {
        "tumult": tumult,
        "acted": [c for c in fighters if c.pk in acted],
        "to_act": [c for c in fighters if c.pk not in acted] if tumult.phase == "players" else [],
        "sitting_out": [c for c in viewer.cast if c.incapacitated],
        "my_fighters": [c for c in viewer.characters if not c.incapacitated and c.pk not in acted],
    }


def dangers_context(viewer: Viewer) -> dict:
    """What the Cast may see of the Scene's enemies: only those the Director revealed."""
    return {"shown_dangers": [d for d in viewer.dangers if d.revealed]}


def gamble_context(viewer: Viewer) -> dict:
    return {"panels": [gamble_panel(viewer, c) for c in viewer.characters]}


def gamble_panel(viewer: Viewer, character: Character, form=None, error="") -> dict:
    """Everything one of the viewer's characters needs to Gamble, or to finish a Gamble."""
    adventure = viewer.adventure
    gamble = Gamble.objects.filter(character=character, locked=False).first()
    panel = {"character": character, "gamble": gamble, "error": error}
    panel["investigation"] = (
        Investigation.objects.filter(adventure=adventure, character=character, roll=None)
        .order_by("-pk")
        .first()
    )
    group = direction.open_group(adventure)
    if (
        group
        and character.pk in group.participants
        and not group.gambles.filter(character=character).exists()
    ):
        panel["group"] = group
    if gamble is not None:
        panel["odds"] = R.odds(gamble.pool, character.lucky_saves)
        panel["success"] = play.to_engine(gamble).success
        return panel
    panel["form"] = form or GambleForm(
        character=character,
        fellows=viewer.fellows(character),
        dangers=viewer.targets(),
        initial={"request_id": next_request_id(character)},
    )
    panel["odds"] = R.odds(_pool_for(character, panel["form"]), character.lucky_saves)
    return panel


def next_request_id(character: Character) -> str:
    """The id of this character's next Gamble: the same until it is rolled, so two tabs or a
    double click can only ever roll it once."""
    made = Gamble.objects.filter(character=character).count()
    return f"c{character.pk}-gamble-{made + 1}"


def _pool_for(character: Character, form: GambleForm) -> int:
    """The pool the form describes so far, counted by the rules engine."""
    data = form.data if form.is_bound else {}

    def count(name: str) -> int:
        try:
            return max(0, min(12, int(data.get(name) or 0)))
        except (TypeError, ValueError):
            return 0

    getlist = data.getlist if hasattr(data, "getlist") else (lambda _name: [])
    setup = R.GambleSetup(
        knacks=min(len(getlist("knacks")), R.MAX_KNACKS),
        equipment=min(len(getlist("equipment")), R.MAX_EQUIPMENT),
        blammo_sound_effects=tuple(e for e in getlist("sound_effects") if e.strip())[:12],
        advantages=count("advantages"),
        helpers=min(len(getlist("helpers")), 12),
        penalties=count("penalties"),
    )
    return R.pool_size(character.state, setup)


def director_context(viewer: Viewer) -> dict:
    adventure = viewer.adventure
    legs = list(adventure.legs.prefetch_related("scenes", "key_locations"))
    playing = next((leg for leg in legs if leg.status == Leg.Status.PLAYING), None)
    scenes = list(playing.scenes.all()) if playing else []
    group = direction.open_group(adventure)
    waiting_for = []
    if group:
        locked = set(group.gambles.filter(locked=True).values_list("character_id", flat=True))
        waiting_for = [
            c.name for c in viewer.cast if c.pk in group.participants and c.pk not in locked
        ]
    investigations = Investigation.objects.filter(adventure=adventure, roll=None)
    open_gambles = Gamble.objects.filter(adventure=adventure, locked=False)
    screen_url = reverse("screen", args=[adventure.screen_token]) if adventure.screen_token else ""
    return {
        "cast": viewer.cast,
        "peril_form": PerilForm(cast=viewer.cast),
        "scene_dangers": viewer.dangers,
        "danger_form": DangerQuickForm(),
        "group": group,
        "group_waiting": waiting_for,
        "investigations": investigations.select_related("character"),
        "planned_legs": [leg for leg in legs if leg.status == Leg.Status.PLANNED],
        "playing_leg": playing,
        "planned_scenes": [s for s in scenes if s.status == Scene.Status.PLANNED],
        "playing_scene": next((s for s in scenes if s.status == Scene.Status.PLAYING), None),
        "leg_locations": list(playing.key_locations.all()) if playing else [],
        "waiting": open_gambles.select_related("character"),
        "screen_url": screen_url,
        **tumult_context(viewer),
    }


CONTEXTS = {
    "scene": scene_context,
    "cast": lambda viewer: {"cast": viewer.cast},
    "gamble": gamble_context,
    "wideshot": wideshot_context,
    "wideshot-board": wideshot_context,
    "latest": latest_context,
    "tumult": tumult_context,
    "dangers": dangers_context,
    "pause": lambda viewer: {},
}


# Who is looking, and the page.


def _table(request: HttpRequest, pk: int) -> tuple[Adventure, Viewer]:
    adventure, directs = joined_adventure(request, pk)
    return adventure, Viewer(adventure, request.user.pk, directs)


def part_base(adventure: Adventure) -> str:
    return reverse("table", args=[adventure.pk]) + "part/"


def part_context(request, viewer: Viewer, name: str, character_id=None) -> dict:
    context = {
        "adventure": viewer.adventure,
        "viewer": viewer,
        "screen": viewer.screen,
        "part_base": part_base(viewer.adventure),
    }
    if name == "gamble-one":
        character = viewer.own(character_id or request.GET.get("character"))
        return context | {"panel": gamble_panel(viewer, character)}
    if name in ("log", "log-older"):
        return context | log_context(viewer, whole_number(request.GET.get("before")))
    if name == "director":
        if not viewer.directs:
            raise Http404("Directors only")
        return context | director_context(viewer)
    return context | CONTEXTS[name](viewer)


def render_part(request, viewer: Viewer, name: str, context: dict, status: int = 200):
    return render(request, part_template(name), context, status=status)


@require_GET
def table(request: HttpRequest, pk: int) -> HttpResponse:
    adventure, viewer = _table(request, pk)
    context = {
        "adventure": adventure,
        "viewer": viewer,
        "screen": False,
        "part_base": part_base(adventure),
        "events_url": reverse("table_events", args=[pk]),
    }
    for build in (scene_context, gamble_context, wideshot_context, tumult_context):
        context |= build(viewer)
    context |= dangers_context(viewer) | latest_context(viewer) | log_context(viewer)
    context["cast"] = viewer.cast
    if viewer.directs:
        context |= director_context(viewer)
    context["last_event"] = context["events"][0].pk if context["events"] else 0
    return render(request, "sessions/table.html", context)


@require_GET
def part(request: HttpRequest, pk: int, name: str) -> HttpResponse:
    if name not in PARTS:
        raise Http404("No such part of the table")
    _adventure, viewer = _table(request, pk)
    return render_part(request, viewer, name, part_context(request, viewer, name))


def respond(request, adventure: Adventure, name: str, error: str = "", character_id=None):
    """Answer an action: the part redrawn as it is now for htmx (409 if refused), else the page."""
    if not request.htmx:
        if error:
            messages.error(request, error)
        return redirect("table", adventure.pk)
    adventure.refresh_from_db()
    # Who may see what was settled before the action; what they see is read afresh.
    directs = adventure.director_id == request.user.pk
    viewer = Viewer(adventure, request.user.pk, directs)
    context = part_context(request, viewer, name, character_id) | {"error": error}
    if "panel" in context:
        context["panel"]["error"] = error
    return render_part(request, viewer, name, context, status=409 if error else 200)


def act(request, adventure: Adventure, action, name: str, character_id=None) -> HttpResponse:
    """Run a table action; a refused move comes back as a message in the redrawn part."""
    try:
        action()
    except R.RuleError as refused:
        return respond(request, adventure, name, str(refused), character_id)
    return respond(request, adventure, name, "", character_id)


# The players' actions.


@require_POST
def gamble_roll(request: HttpRequest, pk: int, character_id: int) -> HttpResponse:
    adventure, viewer = _table(request, pk)
    character = viewer.own(character_id)
    form = GambleForm(
        request.POST,
        character=character,
        fellows=viewer.fellows(character),
        dangers=viewer.targets(),
    )

    def roll():
        if not form.is_valid():
            errors = " ".join(e for errs in form.errors.values() for e in errs)
            raise R.RuleError(f"Check the Gamble: {errors}")
        data = form.cleaned_data
        wish = play.GambleRequest(
            intent=data["intent"],
            knacks=data["knacks"],
            equipment=data["equipment"],
            sound_effects=data["sound_effects"],
            advantages=data["advantages"],
            helpers=data["helpers"],
            penalties=data["penalties"],
            danger=data["danger"],
        )
        play.roll_gamble(
            adventure, character, wish, data["request_id"], request.user, R.table_dice()
        )

    try:
        roll()
    except R.RuleError as refused:
        if not request.htmx:
            messages.error(request, str(refused))
            return redirect("table", adventure.pk)
        # Keep what the player typed, with the reason next to it.
        context = part_context(request, viewer, "gamble-one", character.pk)
        context["panel"] = gamble_panel(viewer, character, form=form, error=str(refused))
        return render_part(request, viewer, "gamble-one", context, status=409)
    return respond(request, adventure, "gamble-one", character_id=character.pk)


def _gamble_step(request: HttpRequest, pk: int, gamble_id: int, step) -> HttpResponse:
    adventure, viewer = _table(request, pk)
    gamble = get_object_or_404(Gamble, pk=gamble_id, adventure=adventure)
    mine = gamble.character_id in {c.pk for c in viewer.characters}
    if not (mine or viewer.directs):
        raise Http404("Not your Gamble")
    # The Director settling someone's Gamble sees their own panel redrawn.
    name, character_id = ("gamble-one", gamble.character_id) if mine else ("director", None)
    return act(request, adventure, lambda: step(adventure, gamble), name, character_id)


def whole_number(value: str | None) -> int | None:
    """A plain id or count from a form, or None: "²", "-1" or a thousand digits aren't."""
    return int(value) if value and re.fullmatch(r"\d{1,9}", value) else None


def _step(request: HttpRequest) -> int | None:
    return whole_number(request.POST.get("step"))


@require_POST
def gamble_reroll(request: HttpRequest, pk: int, gamble_id: int) -> HttpResponse:
    return _gamble_step(
        request,
        pk,
        gamble_id,
        lambda adventure, gamble: play.catchphrase_reroll(
            adventure, gamble.pk, _step(request), request.user, R.table_dice()
        ),
    )


@require_POST
def gamble_lucky_save(request: HttpRequest, pk: int, gamble_id: int) -> HttpResponse:
    die = whole_number(request.POST.get("die"))
    return _gamble_step(
        request,
        pk,
        gamble_id,
        lambda adventure, gamble: play.spend_lucky_save(
            adventure, gamble.pk, -1 if die is None else die, _step(request), request.user
        ),
    )


@require_POST
def gamble_lock_in(request: HttpRequest, pk: int, gamble_id: int) -> HttpResponse:
    return _gamble_step(
        request,
        pk,
        gamble_id,
        lambda adventure, gamble: play.lock_in(adventure, gamble.pk, _step(request), request.user),
    )


@require_GET
def gamble_odds(request: HttpRequest, pk: int, character_id: int) -> HttpResponse:
    """The odds as the pool is built (htmx, as the form changes)."""
    _adventure, viewer = _table(request, pk)
    character = viewer.own(character_id)
    form = GambleForm(request.GET, character=character)
    odds = R.odds(_pool_for(character, form), character.lucky_saves)
    return render(request, "sessions/table.html#odds", {"odds": odds, "character": character})


@require_GET
def sound_check(request: HttpRequest, pk: int) -> HttpResponse:
    """Has this sound effect been heard in the Adventure yet? (htmx, as it is typed)"""
    adventure, _viewer = _table(request, pk)
    text = request.GET.get("sound_effects", "")
    message, ok = "", True
    if text.strip():
        try:
            R.check_sound_effects([text], adventure.sounds.values_list("key", flat=True))
            message = f"“{text.strip()}” is fresh: nobody has used it yet."
        except R.RuleError as refused:
            message, ok = str(refused), False
    return render(request, "sessions/table.html#sound-hint", {"message": message, "ok": ok})


@require_POST
def wideshot_detail(request: HttpRequest, pk: int, character_id: int) -> HttpResponse:
    adventure, viewer = _table(request, pk)
    character = viewer.own(character_id)
    form = WideShotDetailForm(request.POST, character=character)

    def add():
        if not form.is_valid():
            raise R.RuleError(" ".join(form.errors.get("text", [])))
        play.add_wide_shot_detail(adventure, character, form.cleaned_data["text"], request.user)

    return act(request, adventure, add, "wideshot")
