"""What asks for a player right now (issue 24 item 8): their hero's turn in a Tumult, a Group
Gamble or an Investigation waiting on their roll, a Wide Shot waiting on what they see (issue
34 item 6), a handout on show, the Director rolling for their hero, and after The End the
Campaign's next Adventure to join. The phone's banner names
each and links to the part where it is answered; the page's title says it too. Above them, in
a Tumult's enemies' turn, the Peril the enemies just dealt the player's heroes and the rest of
their turn; as a Rest is told, what it did for them; as Peril is dealt outside the enemies'
turn, that blow. Only the newest of these banners shows."""

from sessions import rules as R
from sessions.campaigns import can_join
from sessions.models import TableEvent
from sessions.parts.after_the_end import next_adventure
from sessions.viewer import Viewer

SHOWN_CALLS = 2  # calls drawn whole in the banner; past this, all but the first fold
HANDOUT_TITLE = 30  # a caption this long at most titles its call: two rows at 360 px, whole


def calls_context(viewer: Viewer) -> dict:
    if viewer.directs or viewer.screen or not viewer.characters:
        return {"calls": []}
    # Only the newest news has a banner (issue 35 item 1): the event being drawn puts away
    # whatever banner an earlier one left (a Rest's gives way to a Danger's hit).
    rested, hit, reopened, told = _rested(viewer), _hit(viewer), _reopened(viewer), _told(viewer)
    struck, enemies, notice = (
        ([], "", None) if rested or hit or reopened or told else _struck(viewer, viewer.tumult)
    )
    # The most pressing first (a fresh-eyes evening: the banner said "a handout is on show"
    # while the Scene was ending on an open Gamble): what won't wait (the Scene ending, the
    # hero's turn, the Director asking), then the Wide Shot, then a handout to look at.
    calls = [
        *_pressing(viewer),
        *_wide_shot_asks(viewer),
        *_handout_on_show(viewer),
        *_story_goes_on(viewer),
    ]
    # Two lines at most on the phone: with more calls, the first (the most pressing) and the
    # rest folded under one line, so the banner never pushes the Gamble off the first screen.
    shown = calls if len(calls) <= SHOWN_CALLS else calls[:1]
    return {
        "calls": calls,
        "calls_shown": shown,
        "calls_folded": calls[len(shown) :],
        "struck": struck,
        "enemies": enemies,
        # The blow to one of the player's own heroes, pinned at the top of the phone till a tap
        # or a few seconds put it away (calls.js; the key: once put away, it stays away).
        "notice": hit["event"] if hit else viewer.drawing.pk if reopened or told else notice,
        "rested": rested,
        "told": told,
        "reopened": reopened,
        "hit": hit,
        "waiting": _waiting(viewer),
    }


def _waiting(viewer: Viewer) -> dict | None:
    """A Tumult in which none of the player's heroes is to act now: whose turn it is, and that
    theirs comes next round, said calmly at the top of the phone (a fresh-eyes phone: in the
    enemies' turn it showed no word of it). The SRD's order: the players act first, each once;
    once all have, the Director tells what the enemies do; then the next round."""
    tumult = viewer.tumult
    if tumult is None or _every_enemy_out(viewer, tumult):
        return None
    fighters = viewer.fighters()
    mine = [hero for hero in viewer.characters if hero in fighters]
    if not mine:
        return None  # knocked out: the hero's own panel says they sit the Tumult out
    foes = [d.name for d in tumult.foes_among(viewer.dangers) if d.revealed and not d.is_out]
    enemies = _listed(foes) if foes else "the enemies"
    if not tumult.players_turn:
        return {
            "title": "The enemies have acted",
            "line": "The next round starts on the Director's word: your turn comes then.",
        }
    to_act = R.still_to_act(tumult.state, [c.pk for c in fighters])
    if any(hero.pk in to_act for hero in mine):
        return None  # their turn: the call says so
    others = [hero.name for hero in fighters if hero.pk in to_act]
    if others:
        return {
            "title": "You have acted this round",
            "line": f"Still to act: {_listed(others)}. Then the enemies act, and your turn "
            "comes in the next round.",
        }
    # A Gamble rolled but not locked in is an action not yet done: the enemies wait for it.
    rolling = R.still_to_lock_in(tumult.state, [c.pk for c in fighters if c.open_gamble_id])
    if any(hero.pk in rolling for hero in mine):
        return None  # their own Gamble, to lock in, is what they see
    if rolling:
        names = [hero.name for hero in fighters if hero.pk in rolling]
        return {
            "title": "You have acted this round",
            "line": f"Still to lock in: {_listed(names)}. Then the enemies act, and your turn "
            "comes in the next round.",
        }
    return {
        "title": "The enemies act",
        "line": f"The Director is telling what {enemies} {'does' if len(foes) == 1 else 'do'}. "
        "Your turn comes in the next round.",
    }


def _listed(names: list[str]) -> str:
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def _call(text: str, target: str, **more) -> dict:
    return {"text": text, "target": target, **more}


def _pressing(viewer: Viewer) -> list[dict]:
    """What won't wait: a Gamble to lock in as the Scene ends, a turn in the Tumult (the hero's
    Gamble, where the turn is taken: Roll! in sight with it), the Director asking or rolling, a
    Group Gamble to roll for."""
    calls = [
        _call(f"{hero.name}: lock in now, the Scene is ending", f"gamble-moves-{hero.pk}")
        for hero in viewer.characters
        if (gamble := viewer.open_gamble(hero)) is not None
        and gamble.scene_end_warned
        # (Not one the Director is rolling for the hero: their page locks it in.)
        and not gamble.by_director
    ]
    tumult = viewer.tumult
    # Every enemy out, no turn is asked for: the Tumult waits on the Director to end it.
    if tumult is not None and not _every_enemy_out(viewer, tumult):
        to_act = R.still_to_act(tumult.state, [c.pk for c in viewer.fighters()])
        calls += [
            _call(f"{hero.name}: your turn in the Tumult", f"gamble-{hero.pk}")
            for hero in viewer.characters
            if hero.pk in to_act
        ]
    group = viewer.group
    for hero in viewer.characters:
        if any(asked.character_id == hero.pk for asked in viewer.open_investigations):
            calls.append(
                _call(f"{hero.name}: the Director asks you to investigate", f"gamble-{hero.pk}")
            )
        rolling = viewer.open_gamble(hero)
        if rolling is not None and rolling.by_director:
            calls.append(
                _call(f"{hero.name}: the Director is rolling for you", f"gamble-{hero.pk}")
            )
        if group and R.counts_toward_group(hero.pk, group.participants, viewer.group_gambled):
            calls.append(_call(f"{hero.name}: roll for the Group Gamble", f"gamble-{hero.pk}"))
    return calls


def _every_enemy_out(viewer: Viewer, tumult) -> bool:
    return R.every_enemy_out([d.state for d in tumult.foes_among(viewer.dangers)])


def _wide_shot_asks(viewer: Viewer) -> list[dict]:
    """Each hero who hasn't said what they see on the Wide Shot: the link lands in the hero's
    own field ("What does Ada see?"), ready to type."""
    board = viewer.board if viewer.scene is not None else None
    if board is None or board.locked or viewer.adventure.is_finished:
        return []
    seen = {detail.character_id for detail in board.details.all()}
    return [
        _call(f"Wide Shot: what does {hero.name} see?", f"ws{hero.pk}_text")
        for hero in viewer.characters
        if hero.pk not in seen and not hero.incapacitated
    ]


def _handout_on_show(viewer: Viewer) -> list[dict]:
    """The handout on show, the picture itself with its call (a thumbnail, a tap from full
    screen): the phone shows it without a scroll to the handouts' panel."""
    on_show = next((h for h in viewer.handouts if h.is_revealed and h.on_show), None)
    if on_show is None:
        return []
    # A pointer, one row. A short caption is its title, said whole ("Handout: The harbour
    # map": a fresh-eyes phone read a call that said not what was on show); a long one is said
    # to a screen reader here and read whole, by everyone, in the handouts' panel it leads to
    # (a caption wrapped here took a quarter of a phone's screen; cut, it lost the clue's words).
    if len(on_show.caption) <= HANDOUT_TITLE:
        return [_call(f"Handout: {on_show.caption}", "handouts-panel", handout=on_show, named=True)]
    return [_call("A handout is on show", "handouts-panel", handout=on_show)]


def _story_goes_on(viewer: Viewer) -> list[dict]:
    """After The End, the Campaign's next Adventure once made: a call to the card that joins
    it, so a player scrolled down sees it too. No title in it: the next Adventure can be
    retitled with no event at this table, and the card says it."""
    adventure = viewer.adventure
    if not adventure.is_finished:
        return []
    following = next_adventure(adventure)
    if following is None:
        return []
    joins = any(can_join(following.campaign, following, hero) for hero in viewer.characters)
    text = "join the next Adventure" if joins else "the next Adventure is ready"
    return [_call(f"The story goes on: {text}", "after-the-end-title")]


def _hit(viewer: Viewer) -> dict | None:
    """The Peril just dealt (or taken away) one of the viewer's heroes outside the enemies'
    turn: a Danger's blow or the Director's, in the log's words, with its title."""
    event = viewer.drawing
    mine = {hero.pk for hero in viewer.characters}
    if event is None or event.kind != "peril" or event.character_id not in mine:
        return None
    before = event.data.get("before", {}).get("peril", 0)
    after = event.data.get("after", {}).get("peril", 0)
    # A Knockout empties the Peril track: that is no easing.
    eased = after < before and not event.data.get("knocked_out")
    if event.data.get("knocked_out"):
        title = "Knockout!"
    elif eased:
        title = "Peril eased"
    else:
        title = "A Danger strikes!" if event.data.get("from_danger") else "Peril!"
    # Told to the player (a fresh-eyes phone: "Sam takes Peril" on Sam's own phone); a player
    # with several heroes reads whose in the log's words.
    line = event.data.get("yours") if len(viewer.characters) == 1 else None
    return {"title": title, "line": line or event.summary, "eased": eased, "event": event.pk}


def _reopened(viewer: Viewer) -> list[str]:
    """The Director's undo of a lock-in of one of the viewer's heroes, said to their player
    (a fresh-eyes look at the phone: the Gamble reopened without a word): live, till a tap
    or a few seconds put it away (the log keeps the undo)."""
    event = viewer.drawing
    if event is None or event.kind != "undo" or not event.data.get("reopened"):
        return []
    heroes = [hero for hero in viewer.characters if hero.pk in event.data["reopened"]]
    if len(viewer.characters) == 1:
        return ["The Director undid your Lock-in: your Gamble is open again."] if heroes else []
    return [
        f"The Director undid {hero.name}'s Lock-in: that Gamble is open again." for hero in heroes
    ]


def _told(viewer: Viewer) -> str:
    """What the Director just told the table (a clue posted, a consequence, a line), pinned at
    the top of the phone till a tap or a few seconds put it away (a fresh-eyes phone found it
    only as a log line far down the page; the log keeps it)."""
    event = viewer.drawing
    return event.data.get("line", "") if event is not None and event.kind == "narration" else ""


def _rested(viewer: Viewer) -> list[str]:
    """What the Rest being told did for the viewer's heroes, in the log's words (live: the
    next move that redraws the calls puts it away; the log keeps it)."""
    event = viewer.drawing
    if event is None or event.kind != "rest":
        return []
    mine = {hero.pk for hero in viewer.characters}
    rested = event.data.get("rested", [])
    return [r["line"] for r in rested if r.get("hero") in mine and r.get("line")]


def _struck(viewer: Viewer, tumult) -> tuple[list[str], str, int | None]:
    """The Peril the enemies just dealt the viewer's heroes, in the log's words, and the
    whole of their turn as the TV tells it (issue 35 item 6: a spared hero's player sees
    what the enemies did too), while it is still the enemies' turn of the Tumult (the next
    round puts it away)."""
    if tumult is None or tumult.players_turn:
        return [], "", None
    event = viewer.drawing
    if event is None or event.kind != "enemies_turn":
        event = (
            TableEvent.objects.filter(
                adventure=viewer.adventure, kind="enemies_turn", undone_by__isnull=True
            )
            .only("data")
            .first()
        )
    if event is None:
        return [], "", None
    mine = {hero.pk: hero for hero in viewer.characters}
    struck = event.data.get("struck", [])
    # Told to the player ("The Brass Widow strikes: you take Peril +3 (now 5 of 6)."), each
    # line with where the hero now stands; a player with several heroes reads whose in the
    # log's words, and where each stands after them.
    sole = len(mine) == 1
    own = [(sole and hit.get("yours")) or hit["line"] for hit in struck if hit["hero"] in mine]
    # Where each of the player's heroes struck now stands on the track, out of its top.
    hit_heroes = dict.fromkeys(
        hit["hero"] for hit in struck if hit["hero"] in mine and not (sole and hit.get("yours"))
    )
    own += [
        f"{mine[pk].name}: Peril {mine[pk].peril} of {R.MAX_PERIL}."
        for pk in hit_heroes
        if not mine[pk].incapacitated
    ]
    others = [hit["line"] for hit in struck if hit["hero"] not in mine]
    rest = " ".join(others) or ("" if own else "No Peril this time.")
    return own, rest, event.pk if own else None
