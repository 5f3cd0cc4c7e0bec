"""The parts every seat sees alike (and the shared screen, where the registry says so):
drawn once per event for everyone, so nothing here may depend on who is looking."""

from django.db.models import BigIntegerField
from django.db.models.fields.json import KT
from django.db.models.functions import Cast

from characters.pronouns import THEY
from sessions import rules as R
from sessions.forms import (
    WideShotEditForm,
)
from sessions.models import (
    Gamble,
    GroupGamble,
    Leg,
    Scene,
    TableEvent,
)
from sessions.models.prepared import Prepared
from sessions.models.table import UNLOGGED
from sessions.viewer import Viewer

LOG_PAGE = 30


def scene_context(viewer: Viewer) -> dict:
    scene = viewer.scene
    leg, leg_over, leg_number = (scene.leg if scene else None), None, None
    if scene is None:
        # Between the moments the page says which: before the first Leg, or after Leg N.
        legs = list(viewer.adventure.legs.all())
        leg = next((one for one in legs if one.status == Leg.Status.PLAYING), None)
        leg_number = legs.index(leg) + 1 if leg else None  # its heading: "Leg 2: The Docks"
        over = [n for n, one in enumerate(legs, 1) if one.status == Leg.Status.FINISHED]
        leg_over = (over[-1], legs[over[-1] - 1]) if over and leg is None else None
        if leg_over and not any(one.status == Leg.Status.PLANNED for one in legs):
            leg_over = (*leg_over, "last")  # no Leg left to start: the Adventure wraps up
    return {"leg": leg, "leg_number": leg_number, "scene": scene, "leg_over": leg_over}


def _seen_here_before(viewer: Viewer) -> list:
    """What the Cast described on earlier visits to the Scene's Key Location: canon now, and
    the Wide Shot panel's until this visit has a board of its own (the TV's too)."""
    earlier = [w for w in viewer.wide_shots if w.scene_id != viewer.scene.pk]
    return sorted((d for w in earlier for d in w.details.all()), key=lambda d: d.pk)


def cast_context(viewer: Viewer) -> dict:
    return {"cast": viewer.cast}


def pause_context(viewer: Viewer) -> dict:
    return {}


@Prepared
def _latest_gamble(adventure_id: int):
    """Only a Gamble of the Scene in play: between the moments nothing stale stays up. The one
    a move changed last (two players rolling close together: the one locked in last is the
    table's latest, not the one rolled last)."""
    gambles = Gamble.objects.filter(adventure_id=adventure_id, scene__status=Scene.Status.PLAYING)
    return gambles.select_related("character").order_by("-moved", "-pk")[:1]


# What a log row never shows: an undo's journal (the state it puts back) is the bulk of a row.
UNSHOWN = ("journal", "request_key", "actor", "character")


@Prepared
def _newest_roll(adventure_id: int):
    """The table's newest lock-in or Investigation rolled: the Latest Gamble's last word."""
    events = TableEvent.objects.filter(
        adventure_id=adventure_id,
        kind__in=("gamble_locked", "investigated"),
        undone_by__isnull=True,
    )
    events = events.select_related("character").only(
        "kind", "data", "character__name", "character__pronouns"
    )
    return events.order_by("-pk")[:1]


@Prepared
def _log_page(adventure_id: int):
    """The newest page of the log, and one more to know whether there are older."""
    events = TableEvent.objects.filter(adventure_id=adventure_id).exclude(kind__in=UNLOGGED)
    return events.defer(*UNSHOWN)[: LOG_PAGE + 1]


def latest_context(viewer: Viewer) -> dict:
    """The latest Gamble, and what its lock-in did besides the verdict, in the log's words:
    the Knockout and the other consequences (the Gamble row doesn't keep them; the lock-in's
    event does); and an Investigation rolled since, told under it as a Group Gamble's tally is
    (fresh-eyes cockpit: the panel told the Gamble before it, and nothing of it)."""
    written, event = viewer.written, viewer.drawing
    if written is not None and written.latest:
        return _latest(written.gamble)  # a roll: not locked in
    latest = _latest_gamble.first(viewer.adventure.pk)
    if latest is None or not latest.locked:
        return _latest(latest)
    if written is not None and event.kind == "gamble_locked" and event.data["gamble"] == latest.pk:
        return _latest(latest, event.data)  # this very lock-in, as handed over
    # Its lock-in (or an Investigation since) is nearly always the table's newest: one read by
    # the index, compiled once.
    newest = _newest_roll.first(viewer.adventure.pk)
    since = {}
    if newest is not None and newest.kind == "investigated":
        since = _investigated(newest)
    if newest is None or newest.kind != "gamble_locked" or newest.data.get("gamble") != latest.pk:
        newest = (
            TableEvent.objects.annotate(gamble_id=Cast(KT("data__gamble"), BigIntegerField()))
            .filter(
                adventure=viewer.adventure,
                kind="gamble_locked",
                gamble_id=latest.pk,
                undone_by__isnull=True,
            )
            .only("data")
            .first()
        )
    return _latest(latest, newest.data if newest is not None else {}) | since


def _latest(gamble, data: dict | None = None) -> dict:
    data = data or {}
    return {
        "latest": gamble,
        "latest_knockout": knockout_words(data),
        "latest_consequences": data.get("consequences", []),
        "latest_group": _settled_group(gamble),
    }


def _investigated(event: TableEvent) -> dict:
    """An Investigation rolled since the latest Gamble's lock-in: who looked closer at what,
    the die, and how much they learn, as the log and the TV's spotlight tell it."""
    data = event.data
    roll = (data.get("dice") or [0])[0]
    learns = R.Investigation(roll).label if 1 <= roll <= 6 else data.get("learns", "")
    return {
        "latest_investigation": {
            "name": event.character.name if event.character else "",
            "pronouns": event.character.pronouns if event.character else THEY,
            "prompt": data.get("prompt", ""),
            "roll": roll,
            "learns": learns,
            "by_hand": data.get("by_hand", False),
        }
    }


def _settled_group(gamble) -> dict | None:
    """The Group Gamble the latest Gamble was part of, once settled: what the Cast tried and
    its tally, as the engine counts it (the last member's own verdict is not the group's)."""
    if gamble is None or not gamble.locked or not gamble.group_id:
        return None
    group = GroupGamble.objects.filter(pk=gamble.group_id, closed=True).first()
    if group is None:
        return None
    results = dict(group.gambles.filter(locked=True).values_list("character_id", "success"))
    tally = R.tally_group_gamble(results.get(pk) for pk in group.participants)
    return {"description": group.description, "tally": tally}


_HOW_MANY = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}


def ones_cost_words(state: R.CharacterState, gamble: R.Gamble, lifter: str = "you") -> str:
    """What the 1s showing on an open Gamble cost at its lock-in, in the engine's numbers
    (`R.lock_in`): "+2 Peril for the two 1s", ": a Knockout" where it comes to that, and
    "unless {lifter} lift(s) them" while a Lucky Save can (`R.lifts_that_help`). "" with no
    1s, or none of their Peril to land (a hero knocked out or retired takes none)."""
    try:
        peril = R.lock_in(state, gamble).peril
    except R.RuleError:
        return ""
    if not gamble.ones or not peril.applied:
        return ""
    ones = "the 1" if gamble.ones == 1 else f"the {_HOW_MANY.get(gamble.ones, gamble.ones)} 1s"
    words = f"+{peril.applied} Peril for {ones}"
    if peril.knocked_out:
        words += ": a Knockout"
    lifts = R.lifts_that_help(gamble, state.lucky_saves)
    if any(R.is_peril_face(gamble.dice[index]) for index in lifts):
        lift = "lift" if lifter == "you" else "lifts"
        words += f" unless {lifter} {lift} {'it' if gamble.ones == 1 else 'them'}"
    return words


def knockout_words(data: dict) -> str:
    """How long the Knockout an event dealt lasts, as its move wrote it ("out until the Tumult
    ends"), or "" for no Knockout. (An event from before the words were kept: "out cold".)"""
    if not data.get("knocked_out"):
        return ""
    until = data.get("out_until")
    return f"out {until}" if until else "out cold"


def log_context(viewer: Viewer, before: int | None = None) -> dict:
    if before:
        events = TableEvent.objects.filter(adventure=viewer.adventure, pk__lt=before).exclude(
            kind__in=UNLOGGED
        )
        page = list(events.defer(*UNSHOWN)[: LOG_PAGE + 1])
    else:
        page = _log_page(viewer.adventure.pk)
    older = page[LOG_PAGE - 1].pk if len(page) > LOG_PAGE else None
    return {"events": page[:LOG_PAGE], "older": older}


def handouts_context(viewer: Viewer) -> dict:
    """The handouts the Director revealed, in the order they were, and the one on show."""
    revealed = sorted((h for h in viewer.handouts if h.is_revealed), key=lambda h: h.revealed)
    return {"revealed": revealed, "on_show": next((h for h in revealed if h.on_show), None)}


def wideshot_context(viewer: Viewer) -> dict:
    board = viewer.board if viewer.scene is not None else None
    if board is None:
        # Before the first Scene, or between two: "No Wide Shot yet", not "in this Scene".
        in_scene = viewer.scene is not None
        canon = _seen_here_before(viewer) if in_scene else []
        return {"board": None, "in_scene": in_scene, "canon": canon}
    by_character = {d.character_id: d for d in board.details.all()}
    mine = [
        {"character": c, "detail": by_character.get(c.pk), "out_until": viewer.out_until(c)}
        for c in viewer.characters
    ]
    names = {c.pk: c.name for c in viewer.cast}
    questions = [{"text": q["text"], "to": names.get(q.get("to"), "")} for q in board.questions]
    # Who is still asked what they see: the heroes in play with no detail yet, while it is open.
    to_see = [
        c.name
        for c in viewer.cast
        if c.pk not in by_character and not c.incapacitated and not board.locked
    ]
    edit = None
    if viewer.directs:
        lines = [f"@{q['to']} {q['text']}" if q["to"] else q["text"] for q in questions]
        edit = WideShotEditForm(initial={"opening": board.opening, "questions": lines})
    return {
        "board": board,
        "questions": questions,
        "asked": _what_do_they_see(to_see),
        "mine": mine,
        "canon": _seen_here_before(viewer),
        "wideshot_edit": edit,
        # A detail may name a hero, an NPC or a Danger in view: each reads as a name.
        "names": [*names.values(), *viewer.scene.known_names(viewer.dangers)],
    }


def _what_do_they_see(names: list[str]) -> str:
    """The Wide Shot's ask, as each phone puts it to its own hero: "What does Ada see?", "What
    do Ada, Sam and Priya see?"; "" when nobody is left to ask."""
    if not names:
        return ""
    if len(names) == 1:
        return f"What does {names[0]} see?"
    return f"What do {', '.join(names[:-1])} and {names[-1]} see?"


def tumult_context(viewer: Viewer) -> dict:
    tumult = viewer.tumult
    if tumult is None:
        return {"tumult": None}
    fighters = viewer.fighters()
    to_act = R.still_to_act(tumult.state, [c.pk for c in fighters])
    rolling = R.still_to_lock_in(tumult.state, [c.pk for c in fighters if c.open_gamble_id])
    foes = tumult.foes_among(viewer.dangers)
    return {
        "tumult": tumult,
        # A Gamble rolled is the hero's action (the engine counts it then: no longer still to
        # act), but the TV says "acted" only once it is locked in; till then, "rolling", and
        # the enemies wait for it (the SRD: they act once all players have acted).
        "acted": [c for c in fighters if c.pk in tumult.acted and c.pk not in rolling],
        "rolling": [c for c in fighters if c.pk in rolling],
        "to_act": [c for c in fighters if c.pk in to_act],
        "sitting_out": [c for c in viewer.cast if c not in fighters],
        "my_fighters": [c for c in viewer.characters if c.pk in to_act],
        # No enemy left in the picture: the table hears so; ending it is the Director's call.
        "all_out": R.every_enemy_out([d.state for d in foes]),
    }


def dangers_context(viewer: Viewer) -> dict:
    """What the Cast may see of the Scene's enemies: only those the Director revealed; while
    a Tumult rages, only those it is fought against (a hidden foe is never named)."""
    tumult = viewer.tumult
    dangers = tumult.foes_among(viewer.dangers) if tumult else viewer.dangers
    shown = [d for d in dangers if d.revealed]
    # Those still in the picture come first, a row each; the ones put out of it are told after
    # them on one line (struck through on the TV), so they never crowd a standing one out.
    return {
        "shown_dangers": [d for d in shown if not d.is_out],
        "out_dangers": [d for d in shown if d.is_out],
        "in_tumult": tumult is not None,
    }
