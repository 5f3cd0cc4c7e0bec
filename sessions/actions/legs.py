"""Legs: the Adventure's pacing, from the first Leg to the finished Adventure (its Scenes in
`scenes`)."""

from sessions import rules as R
from sessions.actions import groups, handdice, handouts, settled, tumults
from sessions.actions import screen as screens
from sessions.actions.base import (
    NotNow,
    locked_adventure,
    record,
    table_action,
    unpaused_adventure,
)
from sessions.actions.scenes import PACING, away_topics, handout_away
from sessions.leg_names import leg_title
from sessions.models import (
    Adventure,
    CastMember,
    Leg,
    Scene,
    TableEvent,
)
from sessions.recaps import drafts as recaps
from sessions.topics import Topic


@table_action
def start_leg(
    adventure: Adventure, leg: Leg, actor, dice: R.Dice, entered: dict | None = None
) -> TableEvent:
    """Start ``leg``: each hero rolls 1d6 Lucky Saves with ``dice``, or with the real die
    their player rolled (``entered``: hero id → `R.EnteredDice`)."""
    entered = entered or {}
    adventure = unpaused_adventure(adventure)
    leg = Leg.objects.select_for_update().get(pk=leg.pk)  # as it is now, not as first read
    if adventure.playing_leg():
        raise NotNow("A Leg is already under way: end it before starting the next.")
    if leg.adventure_id != adventure.pk or leg.status != Leg.Status.PLANNED:
        raise NotNow("That Leg has already been played.")
    leg.status = Leg.Status.PLAYING
    leg.save(update_fields=["status"])
    number = leg.number()
    opening = adventure.status == Adventure.Status.PREP  # its first Leg: play starts
    adventure.status = Adventure.Status.PLAYING
    adventure.save(update_fields=["status", "updated"])
    rolls = []
    for character in adventure.cast_characters(lock=True):
        before = character.state
        own = entered.get(character.pk, dice)
        after, roll = R.start_leg(before, own)
        character.take_state(after)
        rolls.append(
            {
                "name": character.name,
                "roll": roll,
                "from": before.lucky_saves,
                "to": after.lucky_saves,
                "by_hand": handdice.by_hand(own),
                handdice.TYPED: bool(handdice.typed_in(adventure, actor, character, own)),
            }
        )
    by_hand = " ".join(
        handdice.hand_words(r["name"], [r["roll"]], r[handdice.TYPED])
        for r in rolls
        if r["by_hand"]
    )
    event = record(
        adventure,
        "leg_started",
        f"{_titled(f'Leg {number} begins', number, leg)}. Lucky Saves +1d6 and Catchphrases ready!"
        + (f" {by_hand}" if by_hand else ""),
        actor=actor,
        topics=PACING,
        rolls=rolls,
        **_leg_named(leg, number),
        **handdice.thrown(
            app=[r["roll"] for r in rolls if not r["by_hand"]],
            hand=[r["roll"] for r in rolls if r["by_hand"]],
        ),
    )
    if opening:
        screens.campaign_went_on(adventure)  # a TV left on the Campaign's last one comes along
    return event


def _titled(said: str, number: int, leg: Leg) -> str:
    """ "Leg 1 begins: The Monsoon Heist", never "Leg 1 begins: Leg 1: The Monsoon Heist"."""
    own = leg_title(number, leg.title)
    return f"{said}: {own}" if own else said


def _leg_named(leg: Leg, number: int) -> dict:
    """How a turn of the Leg names it in the log's data, as it stood then (careers, recaps)."""
    return {"leg": leg.pk, "number": number, "title": leg.title}


def _end_leg(adventure: Adventure, leg: Leg, actor, *, recap: bool = True) -> TableEvent:
    """End the Leg in play and (unless the caller tells the story on) draft its recap."""
    settled.settle_open_gambles(adventure, actor, ended="Leg")
    Scene.objects.filter(leg=leg, status=Scene.Status.PLAYING).update(status=Scene.Status.DONE)
    shown = handouts.put_away_at_scene_end(adventure)
    leg.status = Leg.Status.FINISHED
    leg.save(update_fields=["status"])
    retired = []
    for character in adventure.cast_characters(lock=True):
        after = R.end_leg(character.state)
        if after.career_ended:
            retired.append(character)
        character.take_state(after)
    number = leg.number()
    summary = f"{_titled(f'Leg {number} ends', number, leg)}. Peril resets to 0."
    if retired:
        names = ", ".join(c.name for c in retired)
        summary += f" {names} hang up their hats: their adventuring days are over."
    event = record(
        adventure,
        "leg_ended",
        summary,
        actor=actor,
        topics=(*PACING, *away_topics(shown)),
        retired=[c.name for c in retired],
        ended_careers=[c.pk for c in retired],
        **_leg_named(leg, number),
        **handout_away(shown),
    )
    if recap:
        recaps.draft_leg(adventure, leg, event)
    return event


@table_action
def end_leg(adventure: Adventure, actor) -> TableEvent:
    adventure = unpaused_adventure(adventure)
    leg = adventure.playing_leg()
    if leg is None:
        raise NotNow("No Leg is under way.")
    return _end_leg(adventure, leg, actor)


@table_action
def finish_adventure(adventure: Adventure, actor) -> TableEvent:
    """The curtain falls: the Leg in play ends, the table turns read-only, the Cast is
    released to join other Adventures (their memberships stay, as history)."""
    adventure = locked_adventure(adventure)
    if group := adventure.open_group_gamble():
        groups.resolve_group(adventure, group, actor, force=True)
    if adventure.active_tumult():
        tumults.finish_tumult(adventure, actor)
    if leg := adventure.playing_leg():
        _end_leg(adventure, leg, actor, recap=False)
    # Finished between Legs, a handout left on show leaves the screens with the curtain (it
    # had stayed over the TV's The End).
    shown = handouts.put_away_at_scene_end(adventure)
    adventure.status = Adventure.Status.FINISHED
    adventure.paused = False
    adventure.save(update_fields=["status", "paused", "updated"])
    CastMember.objects.filter(adventure=adventure, active=True).update(active=False)
    event = record(
        adventure,
        "adventure_finished",
        f"THE END. {adventure.title} is over: the Cast is free for their next adventure.",
        actor=actor,
        # CAMPAIGN: the phones' "After the end" comes at once, with every recap published so far.
        topics=(
            *PACING,
            Topic.PAUSE,
            Topic.TUMULT,
            Topic.DANGERS,
            Topic.CAMPAIGN,
            *away_topics(shown),
        ),
        **handout_away(shown),
    )
    if leg:  # the last Leg's recap ends with the curtain
        recaps.draft_leg(adventure, leg, event)
    return event
