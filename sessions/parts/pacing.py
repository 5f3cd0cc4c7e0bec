"""The Director's Legs and Scenes: what is in play, what comes next, what to ask before a
Leg starts or a Scene ends, and after The End the Campaign's next Adventure."""

from characters.models import Character
from sessions.campaigns import removed_heroes
from sessions.models import Adventure, CastMember, Leg, Recap, Scene
from sessions.parts.after_the_end import next_adventure
from sessions.parts.director import directs_only
from sessions.viewer import Viewer
from sessions.wording.gambles import open_gambles_words


def pacing_context(viewer: Viewer) -> dict:
    """Legs and Scenes: what is in play, what comes next, and the end of the Adventure."""
    directs_only(viewer)
    legs = viewer.legs
    playing = next((leg for leg in legs if leg.status == Leg.Status.PLAYING), None)
    scenes = list(playing.scenes.all()) if playing else []
    playing_scene = next((s for s in scenes if s.status == Scene.Status.PLAYING), None)
    return {
        # Between Legs: the recap of the Leg just ended, a tap away at the head of the panel.
        "ended_recap": None if playing else _ended_leg_recap(viewer),
        "planned_legs": [leg for leg in legs if leg.status == Leg.Status.PLANNED],
        "playing_leg": playing,
        # A new Adventure with no Legs yet is told so, never that every Leg has been played.
        "any_legs": bool(legs),
        "planned_scenes": [s for s in scenes if s.status == Scene.Status.PLANNED],
        "playing_scene": playing_scene,
        **_end_scene_asked(viewer, playing_scene),
        # A Leg with no Scene prepared is told so, never that every Scene has been played.
        "leg_has_scenes": bool(scenes),
        "leg_locations": list(playing.key_locations.all()) if playing else [],
        # The next Leg's Lucky Saves, one real die per hero: drawn on a redraw of this part
        # alone too, not only on the whole page.
        **({"cast": viewer.cast} if viewer.adventure.by_hand and not playing else {}),
        "not_seated": _not_seated(viewer, legs),
        **_after_the_end(viewer.adventure),
    }


def _end_scene_asked(viewer: Viewer, playing_scene: Scene | None) -> dict:
    """The Director pressed End Scene with Gambles open and was asked to wait or end anyway:
    asked again on every drawing (a reload, a live redraw) while a Gamble whose player was
    warned is still open, as its phone still warns; once they are locked in, the plain
    button. The words are the refusal's own, naming every Gamble still open."""
    still_open = list(viewer.open_gambles.values())
    if playing_scene is None or not any(g.scene_end_warned for g in still_open):
        return {}
    newest_first = sorted(still_open, key=lambda g: -g.pk)
    return {"end_scene_asked": open_gambles_words([g.character.name for g in newest_first])}


def _not_seated(viewer: Viewer, legs: list[Leg]) -> list[Character]:
    """Before an Adventure of a Campaign starts its first Leg: the heroes of the Campaign's
    Adventure before it who have not taken their seat here yet, for "Start Leg" to name
    first. Retired heroes, and any the Director took out of either Cast, are not awaited."""
    adventure = viewer.adventure
    if adventure.campaign_id is None or any(leg.status != Leg.Status.PLANNED for leg in legs):
        return []
    previous = (
        Adventure.objects.filter(campaign_id=adventure.campaign_id, created__lt=adventure.created)
        .order_by("-created", "-pk")
        .first()
    )
    if previous is None:
        return []
    removed = removed_heroes([previous, adventure])
    seated = {hero.pk for hero in viewer.cast}
    members = CastMember.objects.filter(adventure=previous, character__career_ended=False)
    return [
        member.character
        for member in members.select_related("character").order_by("joined", "pk")
        if member.character_id not in seated
        and (previous.pk, member.character_id) not in removed
        and (adventure.pk, member.character_id) not in removed
    ]


def _after_the_end(adventure: Adventure) -> dict:
    """A finished Adventure of a Campaign: its next Adventure, one tap away from where the
    Director finished this one (made already: gone on to, never made twice)."""
    if not adventure.is_finished or adventure.campaign_id is None:
        return {}
    return {"campaign": adventure.campaign, "next_adventure": next_adventure(adventure)}


def _ended_leg_recap(viewer: Viewer) -> tuple[int, Recap] | None:
    """The newest recap, with its Leg's number, when it is about a Leg that has ended."""
    recap = (
        Recap.objects.filter(adventure=viewer.adventure, leg__isnull=False)
        .order_by("-last_event", "-pk")
        .first()
    )
    numbers = {leg.pk: n for n, leg in enumerate(viewer.legs, 1)}
    if recap is None or recap.leg_id not in numbers:
        return None
    ended = next(leg for leg in viewer.legs if leg.pk == recap.leg_id)
    return (numbers[recap.leg_id], recap) if ended.status == Leg.Status.FINISHED else None
