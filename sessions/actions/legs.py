"""Legs and Scenes: the Adventure's pacing, from the first Leg to the finished Adventure."""

from sessions import rules as R
from sessions.actions import groups, handdice, handouts, rolled, session_zero, tumults
from sessions.actions import screen as screens
from sessions.actions.base import (
    NotNow,
    locked_adventure,
    rally,
    record,
    table_action,
    unpaused_adventure,
)
from sessions.models import (
    Adventure,
    CastMember,
    Gamble,
    Handout,
    KeyLocation,
    Leg,
    Scene,
    TableEvent,
    WideShot,
)
from sessions.recaps import drafts as recaps
from sessions.topics import Topic
from sessions.wording import leg_title

# A new Leg or Scene changes what every part of the page shows.
PACING = (
    Topic.SCENE,
    Topic.CAST,
    Topic.HEROES,
    Topic.GAMBLES,
    Topic.DIRECTOR,
    Topic.WIDESHOT,
    Topic.WIDESHOT_STATE,
    Topic.DANGERS,
)


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
    rolled.settle_open_gambles(adventure, actor, ended="Leg")
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
        topics=(*PACING, *_away_topics(shown)),
        retired=[c.name for c in retired],
        ended_careers=[c.pk for c in retired],
        **_leg_named(leg, number),
        **_handout_away(shown),
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
def start_scene(
    adventure: Adventure, scene: Scene, key_location: KeyLocation | None, actor
) -> TableEvent:
    return _start_scene(adventure, scene, key_location, actor)


@table_action
def add_scene_and_start(
    adventure: Adventure, beat: str, key_location: KeyLocation | None, actor
) -> TableEvent:
    """A Scene made up at the table (the Leg in play has none left, or none at all): added to
    the end of the Leg's prep, as the Director would have added it there, and started."""
    beat = " ".join(beat.split())
    if not beat:
        raise R.RuleError("Sum up the Scene's story beat.")
    if len(beat) > (longest := Scene._meta.get_field("beat").max_length):
        raise R.RuleError(f"Keep the story beat to {longest} characters.")
    adventure = unpaused_adventure(adventure)
    leg = adventure.playing_leg()
    if leg is None:
        raise NotNow("Start a Leg first.")
    if key_location is not None and key_location.leg_id != leg.pk:
        raise NotNow("That Key Location isn't in this Leg.")
    last = leg.scenes.order_by("-position").values_list("position", flat=True).first()
    scene = Scene.objects.create(
        leg=leg, position=(last or 0) + 1, beat=beat, key_location=key_location
    )
    return _start_scene(adventure, scene, key_location, actor)


def _start_scene(
    adventure: Adventure, scene: Scene, key_location: KeyLocation | None, actor
) -> TableEvent:
    adventure = unpaused_adventure(adventure)
    scene = Scene.objects.select_for_update().get(pk=scene.pk)  # a double click sees it played
    leg = adventure.playing_leg()
    if leg is None or scene.leg_id != leg.pk:
        raise NotNow("Start the Scene's Leg first.")
    if scene.status != Scene.Status.PLANNED:
        raise NotNow("That Scene has already been played.")
    if key_location is not None and key_location.leg.adventure_id != adventure.pk:
        raise NotNow("That Key Location isn't in this adventure.")
    shown = None
    if playing := adventure.playing_scene():
        shown, _back = _finish_scene(adventure, playing)
    scene.status = Scene.Status.PLAYING
    scene.key_location = key_location
    scene.save(update_fields=["status", "key_location"])
    first_visit = (
        key_location is not None and not WideShot.objects.filter(key_location=key_location).exists()
    )
    if first_visit:
        WideShot.objects.create(
            scene=scene,
            key_location=key_location,
            opening=key_location.wide_shot_opening,
            questions=[{"text": q, "to": None} for q in key_location.leading_questions],
        )
    zero = session_zero.close_for_play(adventure)
    where = f" at {key_location.name}" if key_location else ""
    summary = f"New Scene{where}: {scene.beat}."
    if first_visit:
        summary += " Wide Shot! Everyone, what do you see?"
    return record(
        adventure,
        "scene_started",
        summary,
        actor=actor,
        topics=(*PACING, *_away_topics(shown), *zero),
        # Where the story was, as it stood then (careers, recaps, the log by Scene).
        scene=scene.pk,
        beat=scene.beat,
        place=key_location.name if key_location else "",
        **_handout_away(shown),
    )


def _finish_scene(adventure: Adventure, scene: Scene) -> tuple[Handout | None, list[str]]:
    """End ``scene``: the knocked-out are back on their feet (their names returned), and the
    handout on show (returned too) is put away with it."""
    scene.status = Scene.Status.DONE
    scene.save(update_fields=["status"])
    back = rally(adventure, R.end_scene)
    return handouts.put_away_at_scene_end(adventure), back


def _away_topics(shown: Handout | None) -> tuple[Topic, ...]:
    """A Scene's end that put a handout away redraws the handouts on every screen, live."""
    return (Topic.HANDOUTS,) if shown is not None else ()


def _handout_away(shown: Handout | None) -> dict:
    """What a Scene's end records of the handout it put away."""
    return {"handout_away": shown.pk, "handout_caption": shown.caption} if shown else {}


class OpenGambles(NotNow):
    """The Scene can't end yet: these heroes' Gambles are open (``heroes``: their ids)."""

    def __init__(self, message: str, heroes: list[int]):
        super().__init__(message)
        self.heroes = heroes


@table_action
def warn_scene_end(adventure: Adventure, heroes: list[int], actor) -> None:
    """The Director tried to end the Scene with these heroes' Gambles open: each hero's player
    is told, on their Gamble, that it locks in as it stands if the Scene ends (issue 35 item
    5). Not undoable: a warning, nothing changed."""
    adventure = unpaused_adventure(adventure)
    still_open = Gamble.objects.filter(
        adventure=adventure, locked=False, character_id__in=heroes
    ).select_related("character")
    for gamble in still_open:
        name = gamble.character.name
        record(
            adventure,
            "scene_end_warned",
            f"The Director means to end the Scene: {name}, lock in your Gamble, or it is "
            "locked in as it stands.",
            actor=actor,
            character=gamble.character,
            topics=(Topic.CALLS,),
            gamble=gamble.pk,
        )
    Gamble.objects.filter(pk__in=[g.pk for g in still_open]).update(scene_end_warned=True)


@table_action
def end_scene(adventure: Adventure, actor, *, lock_open: bool = False) -> TableEvent:
    """End the Scene in play. Gambles still open are locked in as they stand, but only when
    the Director said so (``lock_open``), having been told whose they are."""
    adventure = unpaused_adventure(adventure)
    scene = adventure.playing_scene()
    if scene is None:
        raise NotNow("No Scene is under way.")
    still_open = list(
        Gamble.objects.filter(adventure=adventure, locked=False).select_related("character")
    )
    if still_open and not lock_open:
        names = ", ".join(g.character.name for g in still_open)
        one = len(still_open) == 1
        raise OpenGambles(
            f"{names} still {'has' if one else 'have'} a Gamble open: "
            f"{'its player is' if one else 'their players are'} told so, and may still spend "
            "a Lucky Save. Wait for them to lock in, or end the Scene anyway, locking "
            f"{'it' if one else 'them'} in as {'it stands' if one else 'they stand'}.",
            [g.character_id for g in still_open],
        )
    locked = rolled.settle_open_gambles(adventure, actor, ended="Scene")
    shown, back = _finish_scene(adventure, scene)
    # What the ending did, apart from its title: the stage says "Scene over", the beat, then
    # this (never the words "Scene over" twice), a Gamble locked by the ending named in it.
    aftermath = " ".join(
        [
            *locked,
            *(
                [f"{' and '.join(back)} {'is' if len(back) == 1 else 'are'} back on their feet."]
                if back
                else []
            ),
            *([f"The handout goes away: {shown.caption}."] if shown else []),
        ]
    )
    return record(
        adventure,
        "scene_ended",
        f"Scene over: {scene.beat}. {aftermath}",
        actor=actor,
        topics=(*PACING, *_away_topics(shown)),
        beat=scene.beat,
        aftermath=aftermath,
        **_handout_away(shown),
    )


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
    adventure.status = Adventure.Status.FINISHED
    adventure.paused = False
    adventure.save(update_fields=["status", "paused", "updated"])
    CastMember.objects.filter(adventure=adventure, active=True).update(active=False)
    event = record(
        adventure,
        "adventure_finished",
        f"THE END. {adventure.title} is over: the Cast is free for their next adventure.",
        actor=actor,
        topics=(*PACING, Topic.PAUSE, Topic.TUMULT, Topic.DANGERS),
    )
    if leg:  # the last Leg's recap ends with the curtain
        recaps.draft_leg(adventure, leg, event)
    return event
