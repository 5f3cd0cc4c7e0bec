"""The TV's own part: the spotlight, the big moment that takes the screen for a few seconds (or
until the next one) before the board settles back. Drawn for the shared screen alone.

The moment is the newest event that is one (a Gamble rolled or locked in, a Knockout, a Danger's
blow, a Group Gamble, an Investigation asked for or rolled, a Rest, a handout revealed, the
X-card, a fast-forward asked for, a Tumult's turn, a Leg or Scene starting or ending, the
curtain). The screen's script plays each moment once, by its key; a moment that holds (the
pause) stays until the table moves on. The curtain takes the screen at once, has its moment,
then leaves the finished table to read.
"""

from django.http import Http404

from sessions import rules as R
from sessions.grammar import plural
from sessions.models import Gamble, GroupGamble, Handout, TableEvent
from sessions.parts.public import knockout_words, ones_cost_words
from sessions.telling import THEY
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
    # The Director tells the table (a clue posted, a consequence, a line): the room reads it.
    "narration": "told",
    "handout": "handout",
    "x_card": "pause",
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
    gives or takes for a reason of their own is none (None)."""
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
    context = {"moment": moment, "moment_key": event.pk, "event": event, "hold": False}
    data = event.data
    if moment == "gamble":
        gamble = _gamble(viewer, data.get("gamble"))
        if gamble is None:
            return {"moment": ""}
        knocked_out = event.kind == "gamble_locked" and bool(data.get("knocked_out"))
        context |= {"gamble": gamble, "moment": "knockout" if knocked_out else "gamble"}
        if event.kind == "catchphrase":
            # The hero's own words are the moment: the room hears the line, then sees the dice.
            context["said"] = said_words(data.get("phrase", ""))
        if event.kind == "gamble_locked":
            # Every consequence of the lock-in the log tells, in its words, under the verdict.
            context["consequences"] = data.get("consequences", [])
        if knocked_out:
            context["out"] = knockout_words(data)
        elif not gamble.locked:
            # What the hero may still do before it is locked in, as the rules say.
            hero = gamble.character
            context["still"] = still_in_play_words(hero.name, hero.state, gamble.engine)
        if gamble.group_id and not knocked_out:
            # A member of a Group Gamble rolls: the room watches the whole group's tally grow.
            context |= _group_moment(viewer, gamble.group_id, event, rolling=gamble.pk)
    elif moment == "struck":
        context["blow"] = _blow(event)
    elif moment == "knockout":
        context["knocked_out"] = event.character.name if event.character else ""
        context["struck"] = _struck_out(event)
    elif moment == "tumult":
        context |= {"tumult": viewer.tumult, "to_act": _still_to_act(viewer)}
    elif moment == "investigation" and event.kind == "investigation_asked":
        # Asked for, not yet rolled: who looks closer at what (older events: from the line).
        prompt = data.get("prompt") or event.summary.partition(": ")[2]
        context |= {"asked": True, "prompt": prompt}
    elif moment == "investigation":
        roll = (data.get("dice") or [0])[0]
        # In the rules' words, as the log tells it ("learns a solid lead"), and how it was rolled.
        learns = R.Investigation(roll).label if 1 <= roll <= 6 else data.get("learns", "")
        context |= {"roll": roll, "learns": learns}
    elif moment == "handout":
        handout = Handout.objects.filter(pk=data.get("handout"), on_show=True).first()
        if handout is None:
            return {"moment": ""}  # put away since: the board has it
        context["handout"] = handout  # its few seconds, then its share of the board
    elif event.kind == "scene_ended" and data.get("forced"):
        # The Gambles the Scene's end locked in as they stood: the card shows their dice.
        forced = Gamble.objects.filter(pk__in=data["forced"]).select_related("character")
        context["forced"] = forced.order_by("pk")
    elif moment == "group":
        group = data.get("group") or GroupGamble.objects.filter(adventure=adventure).first()
        context |= _group_moment(viewer, getattr(group, "pk", group), event)
    return context


def said_words(phrase: str) -> str:
    """A Catchphrase as the spotlight quotes it: one line, inside quotes of the spotlight's own
    (any the player typed around it are dropped, never doubled)."""
    return " ".join(phrase.split()).strip('"“”')


def still_in_play_words(name: str, state: R.CharacterState, gamble: R.Gamble) -> str:
    """What is still open on a Gamble before it is locked in, as the TV's spotlight says it
    (`R.still_in_play`): the verdict as it stands first, in the SRD's words ("A success as it
    stands.", "A blunder as it stands."), with the Peril its 1s would cost at the lock-in in the
    phone's words (`ones_cost_words`: "A blunder as it stands, with +1 Peril for the 1 unless Sam
    lifts it."), then what is left, true whatever it is. Lucky Saves a die can use
    (`R.lifts_that_help`) are in play; those that would change nothing (the dice a success
    already, or too low to reach a 5) are told as not needed or out of reach, never as none;
    the Catchphrase until it is spoken. Still to do, so told as such ("… can lock it in", never
    "locks it in" while it is open). Whole sentences: nothing ends in "…" on the TV. "" once
    locked in."""
    if gamble.locked:
        return ""
    verdict = f"{'A success' if gamble.success else 'A blunder'} as it stands"
    if cost := ones_cost_words(state, gamble, name):
        verdict += f", with {cost}"
    return f"{verdict}. {_still_open(name, state, gamble)}"


def _still_open(name: str, state: R.CharacterState, gamble: R.Gamble) -> str:
    try:
        R.check_can_gamble(state)
    except R.RuleError:
        return f"{name} is knocked out: this Gamble locks in."
    still = R.still_in_play(state, gamble)
    # Spent on this Gamble's re-roll, or on an earlier Gamble of the Leg: said which.
    spent = "Catchphrase spent" if gamble.catchphrase_used else "Catchphrase used this Leg"
    n = state.lucky_saves
    saves = f"{n} Lucky Save{'' if n == 1 else 's'}"
    if still.lucky_saves:
        if still.catchphrase:
            return f"{saves} and the Catchphrase still in play."
        return f"{spent}: {saves} still in play."
    # The Catchphrase is told in a sentence of its own: it follows from no count of Lucky
    # Saves ("6 Lucky Saves in hand: the Catchphrase is still in play" read as a non-sequitur).
    if n == 0:
        if still.catchphrase:
            return "No Lucky Saves left. The Catchphrase is still in play."
        return f"{spent}, no Lucky Saves left: {name} can lock it in."
    if gamble.success:
        # Said as a person would ("6 Lucky Saves kept: a success needs none" read oddly).
        if still.catchphrase:
            return f"No Lucky Save needed ({n} left). The Catchphrase is still in play."
        return f"{spent}, no Lucky Save needed ({n} left): {name} can lock it in."
    cannot = f"{saves} can't lift a die to a 5"
    if still.catchphrase:
        return f"{cannot}. The Catchphrase is still in play."
    return f"{spent}, and {cannot}: {name} can lock it in."


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


def _still_to_act(viewer: Viewer) -> list:
    tumult = viewer.tumult
    if tumult is None or not tumult.players_turn:
        return []
    fighters = viewer.fighters()
    to_act = R.still_to_act(tumult.state, [c.pk for c in fighters])
    return [c for c in fighters if c.pk in to_act]
