"""A player's own parts: their heroes' Gamble panels, drawn per viewer; nothing of the
Director's prep is read here. Their notes and the Cast's journal are in
`sessions.parts.journal`; the Lines & Veils, drawn for everyone seated and the TV, in
`sessions.parts.lines_veils`."""

from django.db.models import BigIntegerField, Q, Subquery
from django.db.models.fields.json import KT
from django.db.models.functions import Cast

from characters.models import Character
from sessions import rules as R
from sessions.models import (
    Gamble,
    TableEvent,
)
from sessions.parts.public import ones_cost_words
from sessions.viewer import Viewer


def gamble_panel(viewer: Viewer, character: Character, form=None, error="") -> dict:
    """Everything one of the viewer's characters needs to Gamble, or to finish a Gamble."""
    adventure = viewer.adventure
    if adventure.is_finished:
        return {"character": character, "finished": True, "error": error}
    gamble = viewer.open_gamble(character)
    panel = {"character": character, "gamble": gamble, "error": error}
    panel["investigation"] = next(
        (i for i in viewer.open_investigations if i.character_id == character.pk), None
    )
    panel.update(_in_group(viewer, character))
    if gamble is None and viewer.scene is None:
        panel["no_scene"] = True
        panel["locked_at_the_end"] = locked_at_the_end(viewer, character)
        panel["for_someone_else"] = character.owner_id != viewer.user_id
        return panel
    if gamble is not None:
        return panel | _rolled(viewer, character, gamble)
    panel["just_locked"] = just_locked(viewer, character)
    panel["changed_since"] = changed_since(viewer, panel["just_locked"])
    if panel["investigation"] is None and not character.incapacitated and viewer.tumult is None:
        # (Nor in a Tumult: the hero's turn comes first, not a finding from before the fight.)
        # (A knocked-out hero's panel says so and reads nothing for a form: no findings.)
        panel["investigated"] = investigated(viewer, character)
    # The Director rolling for a hero reads it as that hero's, never as "your" last Gamble.
    panel["for_someone_else"] = character.owner_id != viewer.user_id
    if character.incapacitated:
        panel["out_until"] = viewer.out_until(character)  # how long, whatever is drawn below
        if form is None:
            return panel  # knocked out: the panel says so, and shows no form
    # The enemies' turn: no Gamble till the next round, and the Roll button says so (issue 34).
    tumult = viewer.tumult
    panel["enemies_turn"] = tumult is not None and not tumult.players_turn
    # The hero's one action this round taken: Roll! is off till the next round, saying so,
    # as the waiting line at the top does (a fresh-eyes phone: it stayed live, refused).
    panel["acted"] = (
        tumult is not None and tumult.players_turn and character.pk in tumult.state.acted
    )
    # How this Gamble counts, told by its Roll!: toward the Group Gamble, or in the Tumult.
    panel["tumult_turn"] = tumult is not None and tumult.players_turn
    viewer.arm()
    initial = {"request_id": next_request_id(character, viewer.gambles_made)}
    if panel.get("group_counts"):
        initial["intent"] = panel["group"].description  # the group's action, theirs to reword
    elif form is None:
        initial |= undone_asked(viewer, character)
    panel["form"] = form or viewer.gamble_form(character, initial=initial)
    if form is None and panel.get("group_counts"):
        # A field of its own for the Group Gamble: a live redraw as the group is called puts
        # the group's action in the box, not the empty box kept from before (hx-preserve).
        intent = panel["form"]["intent"]
        intent.field.widget.attrs["id"] = f"{intent.auto_id}-group{panel['group'].pk}"
    panel["odds"] = R.odds(
        R.pool_size(character.state, panel["form"].setup()), character.lucky_saves
    )
    return panel


def _in_group(viewer: Viewer, character: Character) -> dict:
    """What the Group Gamble the hero is called to tries, each member's part in it (issue 35
    item 3), and whether and how the hero's Gamble counts toward it."""
    group = viewer.group
    if not group or character.pk not in group.participants or character.incapacitated:
        return {}
    called = len(group.participants)
    counts = R.counts_toward_group(character.pk, group.participants, viewer.group_gambled)
    return {
        "group": group,
        "group_counts": counts,
        "group_members": group_members(viewer, group),
        "group_needs": {"of": called, "needed": R.group_successes_needed(called)}
        if counts
        else None,
    }


def _rolled(viewer: Viewer, character: Character, gamble) -> dict:
    """A Gamble rolled and not yet locked in: its odds, the dice a Lucky Save can help (only
    they get a +1 button), and whether the Scene is ending on it (it locks in as it stands)."""
    return {
        # The Director rolls for this hero (the roll-for page): its player's phone says so.
        "director_rolling": gamble.by_director and not viewer.directs,
        "odds": R.odds(gamble.pool, character.lucky_saves),
        "success": gamble.engine.success,
        "lifts": R.lifts_that_help(gamble.engine, character.lucky_saves),
        # What its 1s cost at lock-in, said before it (a fresh-eyes phone: 1 3 1 6 read as a
        # plain success, the Peril only found after).
        "ones_cost": ones_cost_words(
            character.state,
            gamble.engine,
            "you" if character.owner_id == viewer.user_id else character.name,
        ),
        "scene_ending": gamble.scene_end_warned,
        # A Catchphrase re-roll's new dice replace the old (SRD, Catchphrases), and the Lucky
        # Saves spent raising them go with them (DESIGN.md): the phone says so before the tap.
        "reroll_loses": 0
        if character.catchphrase_used or gamble.catchphrase_used
        else gamble.lucky_saves_spent,
    }


def just_locked(viewer: Viewer, character: Character) -> TableEvent | None:
    """The lock-in of the hero's last Gamble of this Scene: its words as the log said them
    ("Sam locks in: Blunder! +1 Blammo! Die..."), and its dice, so their own phone shows how it
    ended over the fresh form until the next roll; None if they have not Gambled in this Scene
    (or it was undone)."""
    if viewer.scene is None:
        return None
    event = viewer.drawing
    if event is not None and event.kind == "gamble_locked" and event.character_id == character.pk:
        return event  # the lock-in being drawn: in hand, nothing to read
    if not viewer.gambles_made.get(character.pk):
        return None
    newest = Gamble.objects.filter(scene=viewer.scene, character=character).order_by("-pk")
    # The event's "gamble" is JSON: read as a number so PostgreSQL compares like with like.
    return (
        TableEvent.objects.annotate(gamble_id=Cast(KT("data__gamble"), BigIntegerField()))
        .filter(
            adventure=viewer.adventure,
            character=character,
            kind="gamble_locked",
            undone_by__isnull=True,
            gamble_id=Subquery(newest.values("pk")[:1]),
        )
        .only("summary", "data")
        .first()
    )


def undone_asked(viewer: Viewer, character: Character) -> dict:
    """What the hero's Gamble the Director just undid asked (its words, the boxes ticked, its
    aim), for the fresh form in its place: a fresh-eyes phone had "What are you attempting?"
    to type again. Only while that undone roll is the hero's newest in this Scene (read with
    the hero's Gamble form, `Viewer.arm`: its words are read only then); {} else."""
    if viewer.scene is None:
        return {}
    viewer.arm()
    news = character.scene_news
    newest = news.get("rolled_or_undone")
    if newest is None or newest == news.get("gamble_rolled"):
        return {}
    event = TableEvent.objects.filter(pk=newest).only("data").first()
    data = event.data if event else {}
    asked = data.get("asked", {})
    return {"intent": data.get("intent", "")} | {
        field: asked[field]
        for field in ("knacks", "equipment", "advantages", "penalties", "danger")
        if asked.get(field)
    }


def changed_since(viewer: Viewer, locked: TableEvent | None) -> str:
    """What the verdict of ``locked`` (a hero's last lock-in) no longer tells true: the enemy
    it marked a success against, changed by the Director since (a Success Threshold raised
    takes back "…puts the Dock thugs out of the picture!"), as that enemy stands now; "" if
    it wasn't changed (or the lock-in aimed at none)."""
    if locked is None or not locked.data.get("success") or not locked.data.get("danger"):
        return ""
    danger = next((d for d in viewer.dangers if d.pk == locked.data["danger"]), None)
    if danger is None or not danger.revealed:
        return ""
    changed = TableEvent.objects.filter(
        adventure=viewer.adventure,
        kind="danger_edited",
        undone_by__isnull=True,
        pk__gt=locked.pk,
        data__danger=danger.pk,
    )
    if not changed.exists():
        return ""
    now = (
        "out of the picture."
        if danger.is_out
        else f"still in the picture, {danger.successes} of {danger.success_threshold} successes."
    )
    return f"Since then the Director changed {danger.name}: {now}"


def locked_at_the_end(viewer: Viewer, character: Character) -> dict | None:
    """The hero's Gamble the Director's ending of the Scene (or Leg) locked in as it stood,
    in the log's words, till the next Scene starts: the player's phone says so (issue 35
    item 5), as they had no say in its lock-in."""
    events = TableEvent.objects.filter(adventure=viewer.adventure, undone_by__isnull=True)
    ended = events.filter(kind__in=("scene_ended", "leg_ended")).only("pk").first()
    if ended is None:
        return None
    event = (
        events.filter(
            kind="gamble_locked",
            character=character,
            pk__lt=ended.pk,
            data__has_key="ended_with",
        )
        .only("summary", "data")
        .first()
    )
    started = events.filter(kind="scene_started", pk__lt=ended.pk).only("pk").first()
    if event is None or (started is not None and event.pk < started.pk):
        return None
    return {"ended": event.data["ended_with"], "summary": event.summary}


def group_members(viewer: Viewer, group) -> list[dict]:
    """Each hero called on for the Group Gamble, in the Cast's order: what their Gamble for it
    tries and where it stands (to roll, rolled, Success!, Blunder)."""
    gambles = group.gambles.only("character_id", "setup", "locked", "success")
    made = {g.character_id: g for g in gambles}
    members = []
    for hero in viewer.cast:
        if hero.pk not in group.participants:
            continue
        gamble = made.get(hero.pk)
        if gamble is None:
            state = "to roll"
        elif not gamble.locked:
            state = "rolled, not locked in"
        else:
            state = "Success!" if gamble.success else "Blunder"
        intent = gamble.setup.get("intent", "") if gamble else ""
        names = [*(gamble.names if gamble else ()), *(c.name for c in viewer.cast)]
        members.append(
            {
                "name": hero.name,
                "pronouns": hero.pronouns,
                "intent": intent,
                "names": names,
                "state": state,
            }
        )
    return members


def investigated(viewer: Viewer, character: Character) -> dict | None:
    """The hero's last Investigation of this Scene, as the log told it (what was looked at,
    the roll, how much they learn), and what the Director told the table since (the clues
    it turned up): the investigator's own phone shows what they found (issue 35 item 2), till
    the table's next Gamble is locked in. Which Investigation, read with the hero's Gamble form
    (`Viewer.arm`): its lines are read only when there is one."""
    if viewer.scene is None:
        return None
    viewer.arm()
    news = character.scene_news
    looked = news.get("investigated")
    # Till the table's next Gamble is locked in, the hero's own or anyone's: the table moved
    # on, the Investigation is over (fresh-eyes review: the note of a finished Investigation
    # lingered on the phone while the others played on).
    if looked is None or news.get("table_locked", 0) > looked:
        return None
    lines = TableEvent.objects.filter(adventure=viewer.adventure, undone_by__isnull=True)
    lines = lines.filter(Q(pk=looked) | Q(kind="narration", pk__gt=looked))
    event, *told = lines.order_by("pk").only("data")[:4]
    return {
        "prompt": event.data.get("prompt", ""),
        "roll": (event.data.get("dice") or [None])[0],
        "learns": event.data.get("learns", ""),
        "found": [line for e in told if (line := e.data.get("line"))],
    }


def next_request_id(character: Character, gambles_made: dict[int, int]) -> str:
    """The id of this character's next Gamble: the same until it is rolled, so two tabs or a
    double click can only ever roll it once. (``gambles_made``: by hero, `Viewer.gambles_made`.)"""
    return f"c{character.pk}-gamble-{gambles_made.get(character.pk, 0) + 1}"
