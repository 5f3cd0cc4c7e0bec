"""Peril from the Director, and Rests."""

from sessions import rules as R
from sessions.actions import handdice, tumults
from sessions.actions.base import (
    NotNow,
    cast_member,
    check_not_paused,
    in_a_scene,
    locked_adventure,
    record,
    table_action,
    trackers,
    unpaused_adventure,
)
from sessions.actions.words import peril_words, rest_words
from sessions.models import Adventure, Danger
from sessions.topics import KNOCKOUT, Topic
from sessions.viewer import Written


@table_action(undoable=True)
def adjust_peril(
    adventure: Adventure,
    character_id: int,
    delta: int,
    reason: str,
    actor,
    danger_id: int | None = None,
) -> R.PerilChange:
    """Add or remove Peril at any time, for a reason the log gives; or Peril from a named
    enemy of the Scene (``danger_id``), in a Tumult or not: up to its Danger Rating, named in
    the log if the Cast can see it ("an unseen enemy" if not)."""
    adventure = unpaused_adventure(adventure)
    character = cast_member(adventure, character_id)
    source = f"the Director ({reason})"
    striker = {}
    if danger_id is not None:
        danger = _striking(adventure, danger_id, character.pk, delta)
        # Where it came from (not ``danger``, a Gamble's target, whose last blow the recap
        # tells), and who struck as the Cast may see it: the TV names them over the blow.
        striker = {"from_danger": danger_id}
        striker["source"] = danger.name if danger.revealed else "an unseen enemy"
        source = striker["source"] + (f" ({reason})" if reason else "")
    change = R.adjust_peril(character.state, delta)
    character.take_state(change.state_after)
    in_tumult = tumults.note_knockout(adventure, character, change)
    words = peril_words(character.name, change, in_tumult=in_tumult)
    yours = peril_words(character.name, change, in_tumult=in_tumult, you=True)
    record(
        adventure,
        "peril",
        f"Peril from {source}: {words}",
        actor=actor,
        character=character,
        **striker,
        # A Knockout changes who can act in a Tumult and add to the Wide Shot.
        topics=(
            Topic.CAST,
            Topic.DIRECTOR,
            *((*KNOCKOUT, Topic.TROUBLE) if change.knocked_out else ()),
        ),
        reason=reason,
        knocked_out=change.knocked_out,
        # The line as the hero's own phone tells it, to its player ("…: you take Peril +1").
        yours=f"Peril from {source}: {yours}",
        out_until=R.out_until(knocked_out_in_tumult=in_tumult).value if change.knocked_out else "",
        before=trackers(change.state_before),
        after=trackers(change.state_after),
    )
    return change


def _striking(adventure: Adventure, danger_id: int, character_id: int, delta: int) -> Danger:
    """The Scene's enemy that deals ``delta`` Peril: still in the picture, and no more than
    its Danger Rating (the rules' own check, as on the enemies' turn)."""
    scene = adventure.playing_scene()
    in_play = scene.dangers_in_play() if scene else []
    danger = next((d for d in in_play if d.pk == danger_id), None)
    if danger is None:
        raise NotNow("That Danger isn't in this Scene.")
    if delta < 0:
        raise R.OutOfRange(f"{danger.name} deals Peril: to take Peril away, pick another reason.")
    R.dole_out_peril(danger.state, {character_id: delta})
    return danger


@table_action(undoable=True)
def rest(adventure: Adventure, actor, dice: R.Dice, entered: dict | None = None) -> None:
    """Every hero of the Cast rolls 1d6 to rest: ``dice``, or the real die their player rolled
    (``entered``: hero id → `R.EnteredDice`)."""
    # Read with its Scene, Tumult and Group Gamble: handed to the event's drawing below.
    adventure = locked_adventure(adventure, now=True)
    check_not_paused(adventure)
    in_a_scene(adventure, "A Rest")
    entered = entered or {}
    rolls = []
    for character in adventure.cast_characters(lock=True):
        own = entered.get(character.pk, dice)
        result = R.rest(character.state, own)
        before = character.peril
        character.take_state(result.state)
        rolls.append(
            {
                "hero": character.pk,
                "name": character.name,
                "roll": result.roll,
                "from": before,
                "to": result.state.peril,
                # What the Rest did, in the words every screen says it in (the log, the TV).
                "outcome": rest_words(before, result),
                "by_hand": handdice.by_hand(own),
                handdice.TYPED: bool(handdice.typed_in(adventure, actor, character, own)),
            }
        )
    for r in rolls:
        # Each hero's line of the log, kept whole for their own phone to show.
        r["line"] = (
            f"{r['name']} {'rolled by hand' if r['by_hand'] else 'rolls'} {r['roll']}"
            + handdice.typed_words(r[handdice.TYPED])
            + f": {r['outcome']}"
        )
    words = "; ".join(r["line"] for r in rolls)
    event = record(
        adventure,
        "rest",
        f"The Cast takes a Rest. {words}.",
        actor=actor,
        topics=(Topic.CAST, Topic.HEROES),
        dice=[r["roll"] for r in rolls],
        rested=rolls,
        **handdice.thrown(
            app=[r["roll"] for r in rolls if not r["by_hand"]],
            hand=[r["roll"] for r in rolls if r["by_hand"]],
        ),
    )
    # Handed to its drawing: each player's phone tells them, as it is told, what the Rest did
    # for their heroes (sessions/parts/calls.py).
    event.written = Written(adventure, first=True)
