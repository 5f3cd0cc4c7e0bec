"""The shared table: one page per Adventure, its live fragments, and the players' actions.

Every fragment is rendered for the person asking: the Director's panel only for the Director,
a player's Gamble panel only with their own characters. Pages learn that something changed
from the event stream and fetch their own fragments again.
"""

import secrets as token_source

from django.contrib import messages
from django.db.models import Prefetch
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_POST

from characters.models import Character
from sessions import play
from sessions import rules as R
from sessions.access import joined_adventure
from sessions.forms import GambleForm, WideShotDetailForm, WideShotEditForm
from sessions.models import (
    Adventure,
    Gamble,
    KeyLocation,
    Leg,
    Scene,
    TableEvent,
    WideShot,
    WideShotDetail,
)

LOG_PAGE = 30
FRAGMENTS = (
    "scene", "cast", "gamble", "gamble-one", "wideshot", "wideshot-board", "log", "log-older",
    "director", "pause", "latest",
)  # fmt: skip


# What each part of the page needs, built only for the parts being drawn.


def scene_context(adventure: Adventure) -> dict:
    scene = play.current_scene(adventure)
    leg = scene.leg if scene else play.current_leg(adventure)
    canon = []
    if scene and scene.key_location_id:
        # What players described on earlier visits is canon now.
        canon = list(
            WideShotDetail.objects.filter(wide_shot__key_location_id=scene.key_location_id)
            .exclude(wide_shot__scene=scene)
            .select_related("character")
        )
    return {"leg": leg, "scene": scene, "canon": canon}


def cast_context(adventure: Adventure) -> dict:
    return {"cast": play.cast_characters(adventure)}


def latest_context(adventure: Adventure) -> dict:
    latest = (
        Gamble.objects.filter(adventure=adventure)
        .select_related("character")
        .order_by("-pk")
        .first()
    )
    return {"latest": latest}


def log_context(adventure: Adventure, before: int | None = None) -> dict:
    events = TableEvent.objects.filter(adventure=adventure).select_related("character")
    if before:
        events = events.filter(pk__lt=before)
    page = list(events[: LOG_PAGE + 1])
    return {
        "events": page[:LOG_PAGE],
        "older": page[LOG_PAGE - 1].pk if len(page) > LOG_PAGE else None,
    }


def wideshot_context(adventure: Adventure, scene: Scene | None, viewer: dict) -> dict:
    board = (
        WideShot.objects.filter(scene=scene)
        .prefetch_related(
            Prefetch("details", queryset=WideShotDetail.objects.select_related("character"))
        )
        .first()
        if scene
        else None
    )
    mine = []
    if board is not None:
        details = {d.character_id: d for d in board.details.all()}
        for character in viewer["characters"]:
            detail = details.get(character.pk)
            mine.append(
                {
                    "character": character,
                    "detail": detail,
                    "form": WideShotDetailForm(
                        initial={"text": detail.text if detail else ""}, character=character
                    ),
                }
            )
    names = {c.pk: c.name for c in viewer["cast"]} if board else {}
    questions = [
        {"text": q["text"], "to": names.get(q.get("to"), "")}
        for q in (board.questions if board else [])
    ]
    edit = None
    if board is not None and viewer["directs"]:
        lines = [f"@{names[q['to']]} {q['text']}" if q.get("to") in names else q["text"]
                 for q in board.questions]  # fmt: skip
        edit = WideShotEditForm(initial={"opening": board.opening, "questions": lines})
    return {"board": board, "questions": questions, "mine": mine, "wideshot_edit": edit}


def gamble_context(adventure: Adventure, viewer: dict) -> dict:
    cast = viewer["cast"]
    panels = []
    open_gambles = {
        g.character_id: g
        for g in Gamble.objects.filter(
            adventure=adventure, locked=False, character__in=viewer["characters"]
        )
    }
    for character in viewer["characters"]:
        fellows = Character.objects.filter(
            pk__in=[c.pk for c in cast if c.pk != character.pk and not c.incapacitated]
        )
        panels.append(gamble_panel(character, open_gambles.get(character.pk), fellows))
    return {"panels": panels}


def gamble_panel(character: Character, gamble: Gamble | None, fellows, form=None, error="") -> dict:
    panel = {"character": character, "gamble": gamble, "error": error}
    if gamble is not None:
        panel["odds"] = R.odds(gamble.pool, character.lucky_saves)
        panel["success"] = any(face >= 5 for face in gamble.dice)
        return panel
    form = form or GambleForm(
        character=character, fellows=fellows, initial={"request_id": token_source.token_urlsafe(16)}
    )
    panel["form"] = form
    panel["odds"] = R.odds(_pool_for(character, form), character.lucky_saves)
    return panel


def _pool_for(character: Character, form: GambleForm) -> int:
    """The pool the form describes so far, counted by the rules engine."""
    data = form.data if form.is_bound else {}

    def count(name):
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


def director_context(adventure: Adventure) -> dict:
    legs = list(adventure.legs.prefetch_related("scenes", "key_locations"))
    playing = next((leg for leg in legs if leg.status == Leg.Status.PLAYING), None)
    scenes = [s for s in playing.scenes.all()] if playing else []
    return {
        "planned_legs": [leg for leg in legs if leg.status == Leg.Status.PLANNED],
        "playing_leg": playing,
        "planned_scenes": [s for s in scenes if s.status == Scene.Status.PLANNED],
        "playing_scene": next((s for s in scenes if s.status == Scene.Status.PLAYING), None),
        "leg_locations": list(playing.key_locations.all()) if playing else [],
        "waiting": Gamble.objects.filter(adventure=adventure, locked=False).select_related(
            "character"
        ),
        "screen_url": reverse("screen", args=[adventure.screen_token])
        if adventure.screen_token
        else "",
    }


# Who is looking, and the page.


def _viewer(request: HttpRequest, adventure: Adventure, directs: bool) -> dict:
    cast = play.cast_characters(adventure)
    own = [c for c in cast if c.owner_id == request.user.pk]
    if own:
        own = list(
            Character.objects.filter(pk__in=[c.pk for c in own]).prefetch_related(
                "knacks", "equipment"
            )
        )
    return {"directs": directs, "cast": cast, "characters": own}


def _table(request: HttpRequest, pk: int) -> tuple[Adventure, dict]:
    adventure, directs = joined_adventure(request, pk)
    return adventure, _viewer(request, adventure, directs)


def part_base(adventure: Adventure) -> str:
    return reverse("table", args=[adventure.pk]) + "part/"


def _fragment_context(request, adventure, viewer, name: str) -> dict:
    base = {
        "adventure": adventure,
        "viewer": viewer,
        "screen": False,
        "part_base": part_base(adventure),
    }
    if name == "scene":
        return base | scene_context(adventure)
    if name == "cast":
        return base | {"cast": viewer["cast"]}
    if name == "gamble":
        return base | gamble_context(adventure, viewer)
    if name == "gamble-one":
        character = _own_character(viewer, request.GET.get("character"))
        panels = gamble_context(adventure, viewer | {"characters": [character]})["panels"]
        return base | {"panel": panels[0]}
    if name in ("wideshot", "wideshot-board"):
        return base | wideshot_context(adventure, play.current_scene(adventure), viewer)
    if name in ("log", "log-older"):
        before = request.GET.get("before", "")
        return base | log_context(adventure, int(before) if before.isdigit() else None)
    if name == "director":
        if not viewer["directs"]:
            raise Http404("Directors only")
        return base | director_context(adventure)
    if name == "latest":
        return base | latest_context(adventure)
    return base


@require_GET
def table(request: HttpRequest, pk: int) -> HttpResponse:
    adventure, viewer = _table(request, pk)
    context = {
        "adventure": adventure, "viewer": viewer, "screen": False, "part_base": part_base(adventure)
    }  # fmt: skip
    scene = scene_context(adventure)
    context |= scene | cast_context(adventure) | log_context(adventure) | latest_context(adventure)
    context |= gamble_context(adventure, viewer)
    context |= wideshot_context(adventure, scene["scene"], viewer)
    if viewer["directs"]:
        context |= director_context(adventure)
    context["last_event"] = context["events"][0].pk if context["events"] else 0
    context["events_url"] = reverse("table_events", args=[pk])
    return render(request, "sessions/table.html", context)


@require_GET
def fragment(request: HttpRequest, pk: int, name: str) -> HttpResponse:
    if name not in FRAGMENTS:
        raise Http404("No such part of the table")
    adventure, viewer = _table(request, pk)
    context = _fragment_context(request, adventure, viewer, name)
    template = name if name in ("gamble-one", "log-older", "wideshot-board") else f"{name}-panel"
    return render(request, f"sessions/table.html#{template}", context)


def _respond(request, adventure, viewer, name: str, error: str = "", **extra) -> HttpResponse:
    """Answer an action: the redrawn fragment for htmx (409 if refused), else the page."""
    if not request.htmx:
        if error:
            messages.error(request, error)
        return redirect("table", adventure.pk)
    context = _fragment_context(request, adventure, viewer, name) | extra
    context["error"] = error
    return render(
        request, f"sessions/table.html#{name}-panel", context, status=409 if error else 200
    )


def _own_character(viewer: dict, character_id) -> Character:
    """One of the viewer's own characters in this Cast, or 404."""
    for character in viewer["characters"]:
        if str(character.pk) == str(character_id):
            return character
    raise Http404("Not your character")


def _own_gamble(adventure: Adventure, viewer: dict, gamble_id: int) -> Gamble:
    """An open Gamble of one of the viewer's characters; the Director may settle any."""
    gamble = get_object_or_404(Gamble, pk=gamble_id, adventure=adventure)
    if not viewer["directs"] and gamble.character_id not in {c.pk for c in viewer["characters"]}:
        raise Http404("Not your Gamble")
    return gamble


def _step(request: HttpRequest) -> int | None:
    step = request.POST.get("step", "")
    return int(step) if step.isdigit() else None


@require_POST
def gamble_roll(request: HttpRequest, pk: int, character_id: int) -> HttpResponse:
    adventure, viewer = _table(request, pk)
    character = _own_character(viewer, character_id)
    fellows = Character.objects.filter(
        pk__in=[c.pk for c in viewer["cast"] if c.pk != character.pk and not c.incapacitated]
    )
    form = GambleForm(request.POST, character=character, fellows=fellows)
    error = ""
    if form.is_valid():
        data = form.cleaned_data
        gamble_request = play.GambleRequest(
            intent=data["intent"],
            knacks=data["knacks"],
            equipment=data["equipment"],
            sound_effects=data["sound_effects"],
            advantages=data["advantages"],
            helpers=list(data["helpers"]),
            penalties=data["penalties"],
        )
        try:
            play.roll_gamble(
                adventure,
                character,
                gamble_request,
                data["request_id"],
                request.user,
                R.table_dice(),
            )
        except R.RuleError as refused:
            error = str(refused)
        else:
            form = None
    else:
        error = "Check the Gamble: " + " ".join(e for errs in form.errors.values() for e in errs)
    if not request.htmx:
        if error:
            messages.error(request, error)
        return redirect("table", adventure.pk)
    character.refresh_from_db()
    gamble = Gamble.objects.filter(character=character, locked=False).first()
    panel = gamble_panel(character, gamble, fellows, form=form if error else None, error=error)
    context = {
        "adventure": adventure, "viewer": viewer, "panel": panel, "part_base": part_base(adventure)
    }  # fmt: skip
    return render(request, "sessions/table.html#gamble-one", context, status=409 if error else 200)


def _gamble_action(request: HttpRequest, pk: int, gamble_id: int, act) -> HttpResponse:
    adventure, viewer = _table(request, pk)
    gamble = _own_gamble(adventure, viewer, gamble_id)
    error = ""
    try:
        act(adventure, gamble)
    except R.RuleError as refused:
        error = str(refused)
    if not request.htmx:
        if error:
            messages.error(request, error)
        return redirect("table", adventure.pk)
    character = Character.objects.prefetch_related("knacks", "equipment").get(
        pk=gamble.character_id
    )
    if viewer["directs"] and character.owner_id != request.user.pk:
        return _respond(request, adventure, viewer, "director", error)
    gamble = Gamble.objects.filter(character=character, locked=False).first()
    fellows = Character.objects.filter(
        pk__in=[c.pk for c in viewer["cast"] if c.pk != character.pk and not c.incapacitated]
    )
    panel = gamble_panel(character, gamble, fellows, error=error)
    context = {
        "adventure": adventure, "viewer": viewer, "panel": panel, "part_base": part_base(adventure)
    }  # fmt: skip
    return render(request, "sessions/table.html#gamble-one", context, status=409 if error else 200)


@require_POST
def gamble_reroll(request: HttpRequest, pk: int, gamble_id: int) -> HttpResponse:
    return _gamble_action(
        request, pk, gamble_id,
        lambda adventure, gamble: play.catchphrase_reroll(
            adventure, gamble.pk, _step(request), request.user, R.table_dice()
        ),
    )  # fmt: skip


@require_POST
def gamble_lucky_save(request: HttpRequest, pk: int, gamble_id: int) -> HttpResponse:
    die = request.POST.get("die", "")
    return _gamble_action(
        request, pk, gamble_id,
        lambda adventure, gamble: play.spend_lucky_save(
            adventure, gamble.pk, int(die) if die.isdigit() else -1, _step(request), request.user
        ),
    )  # fmt: skip


@require_POST
def gamble_lock_in(request: HttpRequest, pk: int, gamble_id: int) -> HttpResponse:
    return _gamble_action(
        request, pk, gamble_id,
        lambda adventure, gamble: play.lock_in(adventure, gamble.pk, _step(request), request.user),
    )  # fmt: skip


@require_GET
def gamble_odds(request: HttpRequest, pk: int, character_id: int) -> HttpResponse:
    """The odds as the pool is built (htmx, as the form changes)."""
    _adventure, viewer = _table(request, pk)
    character = _own_character(viewer, character_id)
    form = GambleForm(request.GET, character=character, fellows=Character.objects.none())
    context = {
        "odds": R.odds(_pool_for(character, form), character.lucky_saves), "character": character
    }  # fmt: skip
    return render(request, "sessions/table.html#odds", context)


@require_GET
def sound_check(request: HttpRequest, pk: int) -> HttpResponse:
    """Has this sound effect been heard in the Adventure yet? (htmx, as it is typed)"""
    adventure, _viewer = _table(request, pk)
    text = request.GET.get("sound_effects", "")
    message, ok = "", True
    if text.strip():
        used = adventure.sounds.values_list("key", flat=True)
        try:
            R.check_sound_effects([text], used)
            message = f"“{text.strip()}” is fresh: nobody has used it yet."
        except R.RuleError as refused:
            message, ok = str(refused), False
    return render(request, "sessions/table.html#sound-hint", {"message": message, "ok": ok})


@require_POST
def wideshot_detail(request: HttpRequest, pk: int, character_id: int) -> HttpResponse:
    adventure, viewer = _table(request, pk)
    character = _own_character(viewer, character_id)
    form = WideShotDetailForm(request.POST, character=character)
    error = ""
    if form.is_valid():
        try:
            play.add_wide_shot_detail(adventure, character, form.cleaned_data["text"], request.user)
        except R.RuleError as refused:
            error = str(refused)
    else:
        error = " ".join(form.errors.get("text", []))
    return _respond(request, adventure, viewer, "wideshot", error)


# The Director's pacing controls ---------------------------------------------------------------


def _director_table(request: HttpRequest, pk: int) -> tuple[Adventure, dict]:
    adventure, viewer = _table(request, pk)
    if not viewer["directs"]:
        raise Http404("Directors only")
    return adventure, viewer


def _director_action(request: HttpRequest, pk: int, act, fragment_name: str = "director"):
    adventure, viewer = _director_table(request, pk)
    error = ""
    try:
        act(adventure)
    except R.RuleError as refused:
        error = str(refused)
    adventure.refresh_from_db()
    return _respond(request, adventure, viewer, fragment_name, error)


@require_POST
def leg_start(request: HttpRequest, pk: int) -> HttpResponse:
    def act(adventure):
        leg = get_object_or_404(Leg, pk=request.POST.get("leg") or 0, adventure=adventure)
        play.start_leg(adventure, leg, request.user, R.table_dice())

    return _director_action(request, pk, act)


@require_POST
def leg_end(request: HttpRequest, pk: int) -> HttpResponse:
    return _director_action(request, pk, lambda adventure: play.end_leg(adventure, request.user))


@require_POST
def scene_start(request: HttpRequest, pk: int) -> HttpResponse:
    def act(adventure):
        scene = get_object_or_404(
            Scene, pk=request.POST.get("scene") or 0, leg__adventure=adventure
        )
        location_id = request.POST.get("key_location") or ""
        if location_id == "":
            location = scene.key_location
        elif location_id == "none":
            location = None
        else:
            location = get_object_or_404(KeyLocation, pk=location_id, leg__adventure=adventure)
        play.start_scene(adventure, scene, location, request.user)

    return _director_action(request, pk, act)


@require_POST
def scene_end(request: HttpRequest, pk: int) -> HttpResponse:
    return _director_action(request, pk, lambda adventure: play.end_scene(adventure, request.user))


@require_POST
def wideshot_edit(request: HttpRequest, pk: int) -> HttpResponse:
    adventure, viewer = _director_table(request, pk)
    form = WideShotEditForm(request.POST)
    error = ""
    if form.is_valid():
        by_name = {c.name.casefold(): c.pk for c in viewer["cast"]}
        questions = [_addressed(line, by_name) for line in form.cleaned_data["questions"]]
        try:
            play.edit_wide_shot(adventure, form.cleaned_data["opening"], questions, request.user)
        except R.RuleError as refused:
            error = str(refused)
    else:
        error = " ".join(e for errs in form.errors.values() for e in errs)
    return _respond(request, adventure, viewer, "wideshot", error)


def _addressed(line: str, by_name: dict[str, int]) -> dict:
    """A leading question, addressed to one character when it starts with @Their Name."""
    if line.startswith("@"):
        folded = line[1:].casefold()
        for name, character_id in sorted(by_name.items(), key=lambda item: -len(item[0])):
            if folded.startswith(name):
                return {"text": line[1 + len(name) :].strip(" :,-"), "to": character_id}
    return {"text": line, "to": None}


@require_POST
def wideshot_lock(request: HttpRequest, pk: int) -> HttpResponse:
    locked = request.POST.get("locked") == "1"
    return _director_action(
        request,
        pk,
        lambda adventure: play.lock_wide_shot(adventure, locked, request.user),
        "wideshot",
    )


@require_POST
def screen_link(request: HttpRequest, pk: int) -> HttpResponse:
    enabled = request.POST.get("enabled") == "1"
    return _director_action(request, pk, lambda adventure: play.set_screen(adventure, enabled))
