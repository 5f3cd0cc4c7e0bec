"""Scenes: one started (made up at the table, or as prepped), its end warned of to the heroes
with a Gamble open, and ended; what a Scene's end does, which a Leg's end does too (`legs`)."""

from sessions import rules as R
from sessions.actions import handouts, session_zero, settled
from sessions.actions.base import NotNow, rally, record, table_action, unpaused_adventure
from sessions.models import Adventure, Gamble, Handout, KeyLocation, Scene, TableEvent, WideShot
from sessions.topics import Topic
from sessions.wording.gambles import open_gambles_words
from sessions.wording.wideshots import one_stop

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
        shown, _back = finish_scene(adventure, playing)
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
        topics=(*PACING, *away_topics(shown), *zero),
        # Where the story was, as it stood then (careers, recaps, the log by Scene).
        scene=scene.pk,
        beat=scene.beat,
        place=key_location.name if key_location else "",
        # Its Dangers put out of the picture in an earlier Scene at the same Key Location: the
        # Director is asked whether those its framing names are back (`parts.director`).
        out=[danger.pk for danger in scene.dangers_in_play() if danger.is_out],
        **handout_away(shown),
    )


def finish_scene(adventure: Adventure, scene: Scene) -> tuple[Handout | None, list[str]]:
    """End ``scene``: the knocked-out are back on their feet (their names returned), and the
    handout on show (returned too) is put away with it."""
    scene.status = Scene.Status.DONE
    scene.save(update_fields=["status"])
    back = rally(adventure, R.end_scene)
    return handouts.put_away_at_scene_end(adventure), back


def away_topics(shown: Handout | None) -> tuple[Topic, ...]:
    """A Scene's end that put a handout away redraws the handouts on every screen, live."""
    return (Topic.HANDOUTS,) if shown is not None else ()


def handout_away(shown: Handout | None) -> dict:
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
        raise OpenGambles(
            open_gambles_words([g.character.name for g in still_open]),
            [g.character_id for g in still_open],
        )
    locked = settled.settle_open_gambles(adventure, actor, ended="Scene")
    shown, back = finish_scene(adventure, scene)
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
            *([one_stop(f"The handout goes away: {shown.caption}")] if shown else []),
        ]
    )
    return record(
        adventure,
        "scene_ended",
        f"Scene over: {scene.beat}. {aftermath}",
        actor=actor,
        topics=(*PACING, *away_topics(shown)),
        beat=scene.beat,
        aftermath=aftermath,
        # The Gambles the ending locked in: the TV's "Scene over" card shows their dice.
        forced=[g.pk for g in still_open],
        **handout_away(shown),
    )
