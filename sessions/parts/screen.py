"""The TV's own part: the spotlight, the big moment that takes the screen for a few seconds (or
until the next one) before the board settles back. Drawn for the shared screen alone.

The moment is the newest event that is one (a Gamble rolled or locked in, a Knockout, a Danger's
blow, a Group Gamble, an Investigation asked for or rolled, a Rest, a Danger come into sight, a
handout revealed, the X-card, a fast-forward asked for, a Tumult's turn, a Leg or Scene starting
or ending, the curtain). The screen's script plays each moment once, by its key; a moment that
holds (the pause) stays until the table moves on. The curtain takes the screen at once, has its
moment, then leaves the finished table to read.
"""

from django.http import Http404

from characters.pronouns import THEY
from sessions import rules as R
from sessions.grammar import plural
from sessions.models import Gamble, GroupGamble, Handout, TableEvent
from sessions.parts.public import knockout_words
from sessions.parts.still_in_play import said_words, still_in_play_words
from sessions.viewer import Viewer

# What each kind of event shows in the spotlight.
MOMENTS = {
    "gamble_rolled": "gamble",
    "catchphrase": "gamble",
    "lucky_save": "gamble",
    "gamble_locked": "gamble",
    # A Knockout; else a Danger's blow (`moment_of`).
    "peril": "knockout",
    "enemies_turn": "tumult",
    "tumult_started": "tumult",
    "tumult_round": "tumult",
    "tumult_action": "tumult",
    "tumult_ended": "title",
    "group_called": "group",
    "group_resolved": "group",
    # An Investigation asked for takes the spotlight as it starts, and again with its roll (one
    # story: the roll follows at once); a Group Gamble's moment, before or after, has its turn.
    "investigation_asked": "investigation",
    "investigated": "investigation",
    "rest": "rest",
    # A Danger comes into sight (added in sight, or revealed): the room sees it enter.
    "danger_shown": "danger",
    # The Director tells the table (a clue posted, a consequence, a line): the room reads it.
    "narration": "told",
    "handout": "handout",
    "x_card": "pause",
    "director_pause": "pause",
    "fast_forward": "fastforward",
    "leg_started": "title",
    "leg_ended": "title",
    "scene_started": "title",
    "scene_ended": "title",
    "adventure_finished": "curtain",
}
# The events that change the spotlight: its moments, and those that end one (an undo, the
# game resumed, a handout put away).
CHANGES = frozenset(MOMENTS) | {"undo", "resumed", "handout_away", "fast_forward_done"}


def newest_moment(viewer: Viewer) -> TableEvent | None:
    """The moment the spotlight shows (None: nothing for it): the event being drawn when it is
    one, even when the table has moved on since (its drawing may come after the next move is
    written, and the screen plays each moment in turn: a Group Gamble's tally is never skipped
    for the Rest that came straight after it); else the table's newest."""
    newest = viewer.drawing
    if newest is None or newest.kind not in MOMENTS or newest.undone_by_id:
        # Not drawing one (a page, an undo, the game resumed): the newest not undone.
        events = TableEvent.objects.filter(adventure=viewer.adventure, undone_by__isnull=True)
        newest = events.filter(kind__in=MOMENTS).select_related("character").first()
    if newest and moment_of(newest) is None:
        return None  # Peril from the Director is news for the board, not the spotlight
    return newest


def moment_of(event: TableEvent) -> str | None:
    """What an event shows in the spotlight. Peril is a Knockout's moment, or a Danger's blow
    (the room sees an enemy strike a hero as it sees the enemies' turn); Peril the Director
    gives or takes for a reason of their own is none (None); so is a Danger hidden from view."""
    if event.kind == "danger_shown":
        # Hidden again, or shown before the event said which: news for the board alone.
        return "danger" if event.data.get("revealed") and event.data.get("danger") else None
    if event.kind != "peril" or event.data.get("knocked_out"):
        return MOMENTS.get(event.kind)
    return "struck" if event.data.get("from_danger") else None


def _blow(event: TableEvent) -> dict:
    """A Danger's blow as the spotlight says it: who strikes (as the Cast may see it: "an
    unseen enemy" for a hidden one, as the log says), with what, whom, how much Peril and
    where it leaves the hero's track."""
    data = event.data
    source = data.get("source") or _source_in(event.summary, data.get("reason", ""))
    before = data.get("before", {}).get("peril", 0)
    after = data.get("after", {}).get("peril", 0)
    return {
        "who": source[:1].upper() + source[1:],
        "strikes": "strike" if plural(source) else "strikes",
        "how": data.get("reason", ""),
        "hero": event.character.name if event.character else "A hero",
        "took": after - before,
        "now": after,
        "most": R.MAX_PERIL,
        "track": [(n, n <= after, before < n <= after) for n in range(1, R.MAX_PERIL + 1)],
    }


def _source_in(summary: str, reason: str) -> str:
    """Who dealt the Peril, read from the log's line ("Peril from Dockhands (a thrown crate):
    …"), for a blow written before the event kept it."""
    source = summary.removeprefix("Peril from ").partition(": ")[0]
    return source.removesuffix(f" ({reason})") if reason else source


def _struck_out(event: TableEvent) -> str:
    """A Knockout by the Director's Peril as the spotlight says it under its KNOCKOUT! badge:
    the cause, then what the log says of the hero ("An enemy strikes: Sam is out until the
    Tumult ends."), the badge's word not said twice. A named enemy's blow keeps the log's
    "Peril from Brass Jack"; the Director's reason reads as it happened."""
    # Split at the badge, not the first colon: the Director's reason may hold one of its own
    # ("something weird: a falling crate"), which cut the line in two and said it twice.
    cause, badge, words = event.summary.partition(": KNOCKOUT! ")
    if not badge:
        cause, _, words = event.summary.partition(": ")
    reason = event.data.get("reason", "")
    if reason and not event.data.get("from_danger"):
        cause = reason[:1].upper() + reason[1:]
    return f"{cause}: {words}" if words else event.summary


def follow_context(viewer: Viewer) -> dict:
    """A TV on an Adventure of a Campaign says, once it is finished, that it will follow."""
    if not viewer.screen:
        raise Http404("The shared screen's own part")
    return {"follows": viewer.adventure.campaign_id is not None}


def spotlight_context(viewer: Viewer) -> dict:
    """What the spotlight shows: the curtain, the pause, or the newest moment with what its card
    needs (`_card`); ``{"moment": ""}`` for nothing, the board keeping the screen."""
    if not viewer.screen:
        raise Http404("The shared screen's own part")
    adventure = viewer.adventure
    if adventure.is_finished:
        # The End takes the screen at once, has its moment, then leaves the Cast and the
        # finished table to read (screen.js): it doesn't hold like the pause.
        return {"moment": "curtain", "moment_key": "curtain", "hold": False, "at_once": True}
    if adventure.paused:
        return {"moment": "pause", "moment_key": "pause", "hold": True}
    event = newest_moment(viewer)
    if event is None:
        return {"moment": ""}
    moment = moment_of(event)
    if moment == "pause":
        return {"moment": ""}  # resumed since: the pause leaves the screen with the resume
    card = _card(viewer, event, moment)
    if card is None:
        return {"moment": ""}
    return {"moment": moment, "moment_key": event.pk, "event": event, "hold": False} | card


def _card(viewer: Viewer, event: TableEvent, moment: str | None) -> dict | None:
    """What the card of ``event``'s ``moment`` shows beyond the event itself (its ``moment``
    changed where the card says so); None where there is nothing to show after all."""
    data = event.data
    if moment == "gamble":
        return _gamble_card(viewer, event)
    if moment == "struck":
        return {"blow": _blow(event)}
    if moment == "knockout":
        hero = event.character.name if event.character else ""
        return {"knocked_out": hero, "struck": _struck_out(event)}
    if moment == "tumult":
        return {"tumult": viewer.tumult, **_still_to_act(viewer)}
    if moment == "investigation":
        return _investigation_card(event)
    if moment == "danger":
        return _entrance(viewer, data["danger"])
    if moment == "handout":
        handout = Handout.objects.filter(pk=data.get("handout"), on_show=True).first()
        # Its few seconds, then its share of the board; put away since: the board has it.
        return {"handout": handout} if handout is not None else None
    if event.kind == "scene_ended" and data.get("forced"):
        # The Gambles the Scene's end locked in as they stood: the card shows their dice.
        forced = Gamble.objects.filter(pk__in=data["forced"]).select_related("character")
        return {"forced": forced.order_by("pk")}
    if moment == "group":
        group = data.get("group") or GroupGamble.objects.filter(adventure=viewer.adventure).first()
        return _group_moment(viewer, getattr(group, "pk", group), event)
    return {}


def _gamble_card(viewer: Viewer, event: TableEvent) -> dict | None:
    """A Gamble rolled, re-rolled, saved or locked in (a Knockout's moment if it knocked its
    hero out); None for a Gamble gone since."""
    data = event.data
    gamble = _gamble(viewer, data.get("gamble"))
    if gamble is None:
        return None
    knocked_out = event.kind == "gamble_locked" and bool(data.get("knocked_out"))
    card = {"gamble": gamble, "moment": "knockout" if knocked_out else "gamble"}
    if event.kind == "catchphrase":
        # The hero's own words are the moment: the room hears the line, then sees the dice.
        card["said"] = said_words(data.get("phrase", ""))
    if event.kind == "gamble_locked":
        # Every consequence of the lock-in the log tells, in its words, under the verdict.
        card["consequences"] = data.get("consequences", [])
    if knocked_out:
        card["out"] = knockout_words(data)
    elif not gamble.locked:
        # What the hero may still do before it is locked in, as the rules say.
        hero = gamble.character
        card["still"] = still_in_play_words(hero.name, hero.state, gamble.engine)
    if gamble.group_id and not knocked_out:
        # A member of a Group Gamble rolls: the room watches the whole group's tally grow.
        card |= _group_moment(viewer, gamble.group_id, event, rolling=gamble.pk)
    return card


def _entrance(viewer: Viewer, danger_id: int) -> dict | None:
    """A Danger come into sight: its name and its track (the successes that put it out of the
    picture), as the Dangers panel shows it, and whether it joins the Tumult raging; None once
    it is gone or hidden again (the board has it, or not)."""
    danger = next((d for d in viewer.dangers if d.pk == danger_id and d.revealed), None)
    if danger is None:
        return None
    tumult = viewer.tumult
    most = danger.success_threshold
    return {
        "danger": danger,
        "fights": bool(tumult and tumult.foes_among([danger])),
        "track": [n <= danger.successes for n in range(1, most + 1)],
    }


def _investigation_card(event: TableEvent) -> dict:
    """An Investigation asked for (who looks closer at what), or rolled (what it learns)."""
    data = event.data
    if event.kind == "investigation_asked":
        # Asked for, not yet rolled: who looks closer at what (older events: from the line).
        return {"asked": True, "prompt": data.get("prompt") or event.summary.partition(": ")[2]}
    roll = (data.get("dice") or [0])[0]
    # In the rules' words, as the log tells it ("learns a solid lead"), and how it was rolled.
    learns = R.Investigation(roll).label if 1 <= roll <= 6 else data.get("learns", "")
    return {"roll": roll, "learns": learns}


def _gamble(viewer: Viewer, gamble_id: int | None) -> Gamble | None:
    """The moment's Gamble: as its move wrote it, if handed over, else read."""
    written = viewer.written
    if written is not None and written.gamble is not None and written.gamble.pk == gamble_id:
        return written.gamble
    return Gamble.objects.filter(pk=gamble_id).select_related("character").first()


def _group_moment(viewer: Viewer, group_id: int | None, event: TableEvent, rolling=None) -> dict:
    """A Group Gamble on the TV: what the Cast attempts, each member's Gamble as it stands (the
    one just rolled, ``rolling``, picked out) and, once tallied, the verdict."""
    group = GroupGamble.objects.filter(pk=group_id).first()
    if group is None:
        return {"moment": ""}
    gambles = {g.character_id: g for g in Gamble.objects.filter(group=group).order_by("pk")}
    cast = {c.pk: c for c in viewer.cast}
    members = [
        {
            "name": cast[pk].name if pk in cast else "A hero who left",
            "pronouns": cast[pk].pronouns if pk in cast else THEY,
            "gamble": gambles.get(pk),
        }
        for pk in group.participants
    ]
    return {
        "moment": "group",
        "group": group,
        "members": members,
        "rolling": rolling,
        "calling": event.kind == "group_called",
        "tally": event.data if event.kind == "group_resolved" else None,
    }


def _still_to_act(viewer: Viewer) -> dict:
    """Who is still to act this round, and who to lock in the Gamble rolled as their action:
    the enemies wait for both."""
    tumult = viewer.tumult
    if tumult is None or not tumult.players_turn:
        return {"to_act": [], "to_lock_in": []}
    fighters = viewer.fighters()
    to_act = R.still_to_act(tumult.state, [c.pk for c in fighters])
    rolling = R.still_to_lock_in(tumult.state, [c.pk for c in fighters if c.open_gamble_id])
    return {
        "to_act": [c for c in fighters if c.pk in to_act],
        "to_lock_in": [c for c in fighters if c.pk in rolling],
    }
