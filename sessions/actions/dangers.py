"""Dangers in play: enemies added on the fly, shown to the Cast, worn down by successes."""

from sessions import rules as R
from sessions.actions.base import NotNow, locked_adventure, record, table_action, unpaused_adventure
from sessions.models import Adventure, Danger
from sessions.topics import Topic

CHANGED = (Topic.DIRECTOR, Topic.DANGERS)


@table_action
def add_danger(adventure: Adventure, name: str, template: R.DangerTemplate, actor) -> Danger:
    adventure = locked_adventure(adventure)
    scene = adventure.playing_scene()
    if scene is None:
        raise NotNow("Start a Scene first: Dangers show up in Scenes.")
    danger = Danger.objects.create(
        scene=scene,
        name=name,
        template=template.name.lower(),
        success_threshold=template.success_threshold,
        danger_rating=template.danger_rating,
    )
    record(
        adventure,
        "danger_added",
        "The Director adds a Danger to the Scene.",
        actor=actor,
        topics=CHANGED,
    )
    return danger


def _scene_danger(adventure: Adventure, danger_id: int) -> Danger:
    scene = adventure.playing_scene()
    for danger in scene.dangers_in_play() if scene else ():
        if danger.pk == danger_id:
            return Danger.objects.select_for_update().get(pk=danger.pk)
    raise NotNow("That Danger isn't in this Scene.")


@table_action
def reveal_danger(adventure: Adventure, danger_id: int, revealed: bool, actor) -> None:
    adventure = locked_adventure(adventure)
    danger = _scene_danger(adventure, danger_id)
    danger.revealed = revealed
    danger.save(update_fields=["revealed"])
    if revealed:
        summary = f"{danger.name} steps into the light!"
    else:
        summary = "The Director hides a Danger from view."
    record(adventure, "danger_shown", summary, actor=actor, topics=(*CHANGED, Topic.HEROES))


def _mark_success(danger: Danger, by: str) -> str:
    """One success against an enemy (inside the caller's transaction), in the log's words."""
    if danger.is_out:
        return f" {danger.name} was already out of the picture."
    state = R.mark_success(danger.state)
    danger.successes = state.successes
    danger.save(update_fields=["successes"])
    if state.is_out:
        return f" {by} puts {danger.name} out of the picture!"
    return f" A success against {danger.name} ({state.successes}/{state.success_threshold})."


def success_from_gamble(danger_id: int, by: str) -> str:
    """A successful Gamble aimed at an enemy marks one success against it."""
    danger = Danger.objects.select_for_update().get(pk=danger_id)
    words = _mark_success(danger, by)
    # Hidden since the roll? Then the Cast learns only that a blow landed.
    return words if danger.revealed else " A success against a Danger."


@table_action
def director_mark_success(adventure: Adventure, danger_id: int, actor) -> None:
    adventure = unpaused_adventure(adventure)
    danger = _scene_danger(adventure, danger_id)
    words = _mark_success(danger, "The Cast")
    summary = words.strip() if danger.revealed else "The Director marks a success against a Danger."
    record(adventure, "danger_success", summary, actor=actor, topics=CHANGED)
