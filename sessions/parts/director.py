"""The Director's parts: undo, the open Gambles, consequence prompts, notes and the tools.
Drawn for the Director alone; every builder refuses anyone else with a 404."""

from django.http import Http404
from django.urls import reverse

from sessions import rules as R
from sessions.consequences.cards import Moment
from sessions.consequences.draw import Situation, draw, own_prompt
from sessions.forms import (
    DangerEditForm,
    DangerQuickForm,
    NotesForm,
    OwnPromptForm,
    PerilForm,
    TableHandoutForm,
)
from sessions.forms.director import danger_reasons
from sessions.models import (
    Danger,
    Handout,
    TableEvent,
    gone_wrong,
    next_to_undo,
)
from sessions.models.handouts import by_danger
from sessions.parts.public import tumult_context
from sessions.undoing import undo_puts_back, without_now
from sessions.viewer import Viewer


def director_gambles_context(viewer: Viewer) -> dict:
    """The Gambles still open, for the Director to lock in for a player who stepped away."""
    if not viewer.directs:
        raise Http404("Directors only")
    return {"waiting": list(viewer.open_gambles.values())}


def corrections_context(viewer: Viewer) -> dict:
    if not viewer.directs:
        raise Http404("Directors only")
    written = viewer.written
    if written is not None and written.first and written.in_play:
        newest = viewer.drawing  # the newest move of the Scene, as it was written
    else:
        newest = next_to_undo(viewer.adventure.pk)
    if newest is None:
        return {"undo_next": None}
    # What the undo does, truly: the move without what it left ("Peril +1", not "Peril +1
    # (now 3)"), and what it puts back ("Peril back to 2.").
    return {
        "undo_next": newest,
        "undo_line": without_now(newest.summary),
        "undo_back": undo_puts_back(newest.kind, newest.data),
    }


def _hero(viewer: Viewer, event: TableEvent):
    """The hero a moment gone wrong happened to (the first knocked out by the enemies)."""
    hero = event.character
    if hero is None and (ids := event.data.get("heroes_knocked_out")):
        hero = next((c for c in viewer.cast if c.pk == ids[0]), None)
    return hero


def _situation(viewer: Viewer, hero, gear: list) -> Situation:
    """What the app knows of a moment gone wrong: the hero, their Equipment and Drive, the
    Scene's Key Location (its NPCs and obstacles) and the enemies still in the picture."""
    place = viewer.scene.key_location if viewer.scene else None
    obstacle = (place.obstacles.strip().splitlines() or [""])[0][:120] if place else ""
    return Situation(
        hero=hero.name if hero else "",
        equipment=tuple(e.text for e in gear),
        drive=hero.drive if hero else "",
        npcs=tuple(n["name"] for n in place.npcs if n.get("name")) if place else (),
        dangers=tuple(d.name for d in viewer.dangers if not d.is_out),
        obstacle=obstacle.rstrip("."),
        location=place.name if place else "",
        pronouns=hero.pronouns if hero else None,
    )


MOMENTS = {"group_resolved": Moment.GROUP_FAILED}


def _gone_wrong(viewer: Viewer) -> TableEvent | None:
    """The newest moment a Gamble went wrong: the lock-in being drawn, as it was written, if it
    went wrong in the Scene in play and is its action's last word (no Group Gamble to tally
    after it), else read."""
    written, event = viewer.written, viewer.drawing
    if written is not None and written.in_play and event.kind == "gamble_locked":
        wrong = not event.data["success"] or event.data["knocked_out"]
        if wrong and written.gamble is not None and written.gamble.group_id is None:
            event.later = False  # the newest Gamble of all
            return event
    return gone_wrong(viewer.adventure.pk)


def consequences_context(viewer: Viewer) -> dict:
    """The Director's consequence prompts for the newest moment a Gamble went wrong."""
    if not viewer.directs:
        raise Http404("Directors only")
    deck = viewer.prompt_deck
    context = {"deck": deck, "prompts_hidden": bool(deck and deck.hidden)}
    event = None if context["prompts_hidden"] else _gone_wrong(viewer)
    shown = viewer.adventure.consequence_draw
    if event is None or (shown.get("event") == event.pk and shown.get("dismissed")):
        return context
    moment = MOMENTS.get(event.kind) or (
        Moment.KNOCKOUT if event.data.get("knocked_out") else Moment.BLUNDER
    )
    number = shown.get("draw", 0) if shown.get("event") == event.pk else 0
    own = [own_prompt(n, **card) for n, card in enumerate(deck.own)] if deck else []
    hero = _hero(viewer, event)
    gear = list(hero.equipment.all()) if hero else []  # read once: the prompts and the offer
    situation = _situation(viewer, hero, gear)
    return context | {
        "moment": moment,
        "moment_event": event,
        "moment_hero": situation.hero,
        # "Part them from their gear", used: each item a tap from being taken (`gear`).
        "moment_hero_id": hero.pk if hero else None,
        "moment_gear": gear,
        "prompts": draw(moment, situation, event.pk, number, own),
        "used_lines": shown.get("used", []) if shown.get("event") == event.pk else [],
        # A Gamble has settled since: the table moved on, these fold under "Earlier prompts".
        "moment_earlier": getattr(event, "later", False),
    }


def own_prompts_context(viewer: Viewer) -> dict:
    """The Director's own list of consequence prompts, and the form to add one."""
    if not viewer.directs:
        raise Http404("Directors only")
    deck = viewer.prompt_deck
    return {"own": deck.own if deck else [], "own_form": OwnPromptForm()}


def notes_context(viewer: Viewer) -> dict:
    if not viewer.directs:
        raise Http404("Directors only")
    return {"notes_form": NotesForm(initial={"table_notes": viewer.adventure.table_notes})}


def _director_handouts(viewer: Viewer) -> list[Handout]:
    """Every handout of the Adventure, secret or not; those of the Scene in play marked."""
    scene, dangers = viewer.scene, {d.pk for d in viewer.dangers}
    handouts = viewer.handouts
    for handout in handouts:
        handout.for_now = scene is not None and (
            handout.scene_id == scene.pk
            or (handout.key_location_id and handout.key_location_id == scene.key_location_id)
            or handout.danger_id in dangers
        )
    return sorted(handouts, key=lambda h: (not h.for_now, h.pk))


def directs_only(viewer: Viewer) -> None:
    if not viewer.directs:
        raise Http404("Directors only")


def cast_controls_context(viewer: Viewer) -> dict:
    """The Cast as the Director runs it: trackers, and a Peril a tap away for each hero."""
    directs_only(viewer)
    standing = [danger for danger in viewer.dangers if not danger.is_out]
    return {
        "cast": viewer.cast,
        "peril_reasons": [
            (reason.key, reason.label) for reason in R.PerilReason if reason.key != "rest"
        ],
        # Peril from a named enemy of the Scene, in a Tumult or not.
        "peril_dangers": danger_reasons(standing),
        # "Peril for" stays as chosen tap after tap, through the live redraws, until the
        # Director changes it, its Danger is out, or this Scene is over (table.js).
        "peril_chosen_while": f"scene-{viewer.scene.pk}" if viewer.scene else "",
        "peril_taps": [(1, "+"), (-1, "−")],
        # Two taps a hero, each naming it twice: reversed once, not for every tap.
        "peril_url": reverse("table_peril", args=[viewer.adventure.pk]),
    }


def dangers_admin_context(viewer: Viewer) -> dict:
    """The Scene's enemies with their successes, each a tap from its next success, and the
    handouts attached to each (the Director's alone, like the panel)."""
    directs_only(viewer)
    attached = by_danger(viewer.handouts) if viewer.dangers else {}
    return {
        "scene": viewer.scene,
        "scene_dangers": viewer.dangers,
        "danger_edits": [
            (danger, DangerEditForm(danger=danger), attached.get(danger.pk, []))
            for danger in viewer.dangers
        ],
        "danger_form": DangerQuickForm(),
        "framed_out": framed_out(viewer),
    }


BACK = ("danger_back", "hidden_danger_back")


def framed_out(viewer: Viewer) -> list[Danger]:
    """The Dangers the Scene's own words (its beat, its framing) name that were already out of
    the picture as it started (put out in an earlier Scene at the same Key Location) and are
    still: on again in this Scene by the Director's prep, they would read on the Cast's screens
    as both ("Who: The Clockwork Guardian" over "Out of the picture: Clockwork Guardian"), so
    the Director is asked whether they are back (`dangers.bring_back`)."""
    scene = viewer.scene
    out = [d for d in viewer.dangers if d.is_out] if scene else []
    if not out:
        return []
    words = " ".join([scene.beat, scene.framing_where, scene.framing_what, scene.framing_who])
    named = [d for d in out if d.name.casefold() in words.casefold()]
    if not named:
        return []
    events = TableEvent.objects.filter(adventure=viewer.adventure, undone_by__isnull=True)
    start = events.filter(kind="scene_started", data__scene=scene.pk).first()
    if start is None:
        return []
    # Brought back since, and put out again in this Scene: out by this Scene's doings.
    back = events.filter(pk__gt=start.pk, kind__in=BACK).values_list("data__danger", flat=True)
    was_out = set(start.data.get("out", [])) - set(back)
    return [d for d in named if d.pk in was_out]


def tumult_controls_context(viewer: Viewer) -> dict:
    """The Tumult as the Director runs it: who is still to act, the enemies' turn."""
    directs_only(viewer)
    tumult = viewer.tumult
    standing = [d for d in viewer.dangers if not d.is_out]
    context = {
        "scene": viewer.scene,
        "cast": viewer.cast,
    }
    if tumult is None:
        # Ticked in the question before a Tumult starts: who the Cast will be up against.
        # Every one the players can see (a hidden one is the Director's to bring in: ticked
        # by default, it fought unseen though the Director meant the two in sight), all of
        # them when none is shown, unless the form comes back refused with what was ticked
        # (its answer puts the ticked ids in ``foes_ticked``).
        shown = [d for d in standing if d.revealed]
        context["foe_choices"] = standing
        context["foes_ticked"] = [str(d.pk) for d in shown or standing]
    else:
        context["tumult_foes"] = tumult.foes_among(viewer.dangers)
        # The rows of the enemies' turn: each foe still standing with Peril to share out.
        peril_from = [d for d in context["tumult_foes"] if not d.is_out and d.danger_rating]
        context["peril_from"] = peril_from
        # The Scene's other Dangers still standing, each a tap from joining the fight.
        context["left_out"] = [d for d in standing if d.pk not in tumult.state.foes]
    # A hidden one offered: the Director is told, before it fights, that it fights unseen.
    offered = context.get("foe_choices") or context.get("left_out") or ()
    context["unseen_offered"] = any(not d.revealed for d in offered)
    return context | tumult_context(viewer)


def director_context(viewer: Viewer) -> dict:
    """The Director's tools for rarer moments: Peril with a reason, Rests, Group Gambles,
    Investigations, handouts, the shared screen."""
    directs_only(viewer)
    adventure = viewer.adventure
    group, waiting_for = viewer.group, []
    if group:
        locked = set(group.gambles.filter(locked=True).values_list("character_id", flat=True))
        waiting_for = [
            c.name for c in viewer.cast if c.pk in group.participants and c.pk not in locked
        ]
    screen_url = reverse("screen", args=[adventure.screen_token]) if adventure.screen_token else ""
    return {
        "cast": viewer.cast,
        "playing_scene": viewer.scene,
        "peril_form": PerilForm(cast=viewer.cast, dangers=viewer.dangers),
        "group": group,
        "group_waiting": waiting_for,
        "investigations": viewer.open_investigations,
        "screen_url": screen_url,
        "handouts": (handouts := _director_handouts(viewer)),
        "handout_on_show": next((h for h in handouts if h.on_show), None),
        "table_handout_form": TableHandoutForm(adventure=adventure, scene=viewer.scene),
    }
