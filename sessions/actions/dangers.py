"""Dangers in play: enemies added on the fly, shown to the Cast, worn down by successes.

A Danger's name may be one enemy or a crowd ("Brass Jack", "Museum guards"), so the log's
lines about one never lean on a verb's number: "Enter Museum guards!", "Exit Brass Jack.",
"Out of the picture: Museum guards!"."""

from django.core.exceptions import ValidationError

from sessions import exports
from sessions import rules as R
from sessions.actions.base import NotNow, locked_adventure, record, table_action, unpaused_adventure
from sessions.models import Adventure, Danger, limits
from sessions.topics import Topic

CHANGED = (Topic.DIRECTOR, Topic.DANGERS)


def still_exports(adventure: Adventure) -> None:
    """A Danger added, renamed or put back at the table is prep too: refused (the transaction
    rolls back) if it would make the Adventure's export bigger than an import takes."""
    try:
        exports.refuse_if_too_big(adventure)
    except ValidationError as too_big:
        raise NotNow(too_big.messages[0]) from None


@table_action(undoable=True)
def add_danger(
    adventure: Adventure, name: str, template: R.DangerTemplate, actor, *, revealed: bool = False
) -> Danger:
    """An enemy added to the Scene in play: hidden unless ``revealed`` (the table's form adds
    it in sight unless the Director keeps it back, `DangerQuickForm.hidden`)."""
    adventure = locked_adventure(adventure)
    scene = adventure.playing_scene()
    if scene is None:
        raise NotNow("Start a Scene first: Dangers show up in Scenes.")
    # The prep's limits hold at the table too, so the Adventure still exports and imports.
    if scene.dangers.count() >= limits.PER_PLACE["dangers"]:
        raise NotNow(limits.full("dangers", limits.PER_PLACE["dangers"], "A Scene"))
    if limits.prep_items(adventure.pk) >= limits.PREP_ITEMS:
        raise NotNow(limits.items_full())
    danger = Danger.objects.create(
        scene=scene,
        name=name,
        template=template.name.lower(),
        success_threshold=template.success_threshold,
        danger_rating=template.danger_rating,
        revealed=revealed,
    )
    still_exports(adventure)
    # Added while a Tumult rages: reinforcements, in the fight from the next enemies' turn.
    tumult = adventure.active_tumult(lock=True)
    if tumult is not None:
        tumult.take_state(R.bring_in(tumult.state, danger.pk, {danger.pk}))
    if revealed:
        # In sight at once: it enters as a Danger shown does (`show`).
        _shown(adventure, danger, True, actor)
        return danger
    # Added hidden: no line in the Cast's log (`UNSEEN`) till it's revealed.
    record(
        adventure,
        "hidden_danger_added",
        "The Director adds a hidden Danger to the Scene.",
        actor=actor,
        topics=CHANGED,
    )
    return danger


@table_action(undoable=True)
def edit_danger(
    adventure: Adventure, danger_id: int, name: str, threshold: int, rating: int, actor
) -> None:
    """Change an enemy of the Scene on the fly: its name and numbers (a lowered Success
    Threshold may put it out). Allowed while the table is paused: altering details is part
    of a rewind."""
    adventure = locked_adventure(adventure)
    danger = _scene_danger(adventure, danger_id)
    state = R.DangerState(threshold, rating, danger.successes)  # the rules check the numbers
    was = danger.name
    danger.name, danger.success_threshold, danger.danger_rating = name, threshold, rating
    danger.save(update_fields=["name", "success_threshold", "danger_rating"])
    still_exports(adventure)
    if danger.revealed:
        renamed = f" (now {name})" if name != was else ""
        summary = (
            f"The Director changes {was}{renamed}: Success Threshold {threshold}, "
            f"Danger Rating {rating}."
        )
        if state.is_out:
            summary += f" Out of the picture: {name}!"
    else:
        summary = "The Director changes a hidden Danger."
    # A shown Danger is a target in every hero's Gamble panel; a hidden one is the Director's.
    topics = (*CHANGED, Topic.HEROES) if danger.revealed else CHANGED
    kind = "danger_edited" if danger.revealed else "hidden_danger_edited"
    # Which Danger: a hero's verdict against it (on their phone) says it was changed since.
    record(adventure, kind, summary, actor=actor, topics=topics, danger=danger.pk)


@table_action(undoable=True)
def remove_danger(adventure: Adventure, danger_id: int, actor) -> None:
    """Take an enemy added during play out of the Scene (one prepared for a Key Location
    stays in the prep: hide it, or put it out, instead)."""
    adventure = locked_adventure(adventure)
    danger = _scene_danger(adventure, danger_id)
    if danger.scene_id is None:
        raise NotNow(
            f"This Danger ({danger.name}) was prepared for the Key Location: hide it "
            "instead, or edit it in the Adventure's outline."
        )
    if danger.revealed:
        kind, summary = "danger_removed", f"Exit {danger.name}."
    else:
        kind, summary = "hidden_danger_removed", "The Director removes a hidden Danger."
    danger.delete()
    topics = (*CHANGED, Topic.HEROES) if danger.revealed else CHANGED
    record(adventure, kind, summary, actor=actor, topics=topics)


def _scene_danger(adventure: Adventure, danger_id: int) -> Danger:
    scene = adventure.playing_scene()
    for danger in scene.dangers_in_play() if scene else ():
        if danger.pk == danger_id:
            return Danger.objects.select_for_update().get(pk=danger.pk)
    raise NotNow("That Danger isn't in this Scene.")


@table_action(undoable=True)
def reveal_danger(adventure: Adventure, danger_id: int, revealed: bool, actor) -> None:
    show(locked_adventure(adventure), danger_id, revealed, actor)


def show(adventure: Adventure, danger_id: int, revealed: bool, actor) -> None:
    """Reveal a Danger of the Scene (or hide it), inside the caller's action."""
    danger = _scene_danger(adventure, danger_id)
    danger.revealed = revealed
    danger.save(update_fields=["revealed"])
    _shown(adventure, danger, revealed, actor)


def _shown(adventure: Adventure, danger: Danger, revealed: bool, actor) -> None:
    """The log's line for a Danger come into sight (or hidden again): which Danger, and whether
    it came into sight, for the TV gives an entrance its moment."""
    summary = f"Enter {danger.name}!" if revealed else "The Director hides a Danger from view."
    record(
        adventure,
        "danger_shown",
        summary,
        actor=actor,
        topics=(*CHANGED, Topic.HEROES),
        danger=danger.pk,
        revealed=revealed,
    )


def _mark_success(danger: Danger, by: str) -> str:
    """One success against an enemy (inside the caller's transaction), in the log's words."""
    if danger.is_out:
        return f" Already out of the picture: {danger.name}."
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


@table_action(undoable=True)
def bring_back(adventure: Adventure, danger_id: int, actor) -> None:
    """An enemy of the Scene put out of the picture comes back into play (`R.back_in_play`):
    a Danger prepared at a Key Location, put out there in an earlier Scene, that this Scene's
    framing brings on again. Shown, the Cast sees it stand again."""
    adventure = unpaused_adventure(adventure)
    danger = _scene_danger(adventure, danger_id)
    danger.successes = R.back_in_play(danger.state).successes
    danger.save(update_fields=["successes"])
    if danger.revealed:
        kind, summary = "danger_back", f"Back in the picture: {danger.name}!"
        topics = (*CHANGED, Topic.HEROES)
    else:  # the Director's alone (`UNSEEN`)
        kind, summary = "hidden_danger_back", "The Director brings a hidden Danger back."
        topics = CHANGED
    record(adventure, kind, summary, actor=actor, topics=topics, danger=danger.pk)


@table_action(undoable=True)
def director_mark_success(adventure: Adventure, danger_id: int, actor) -> None:
    adventure = unpaused_adventure(adventure)
    danger = _scene_danger(adventure, danger_id)
    before = danger.successes
    words = _mark_success(danger, "The Cast")
    summary = words.strip() if danger.revealed else "The Director marks a success against a Danger."
    # What an undo tells (`sessions.undoing`): the Danger as it stood, named only if shown.
    shown = {"foe": danger.name, "of": danger.success_threshold} if danger.revealed else {}
    record(adventure, "danger_success", summary, actor=actor, topics=CHANGED, danger=danger.pk,
           before={"successes": before}, out=danger.is_out, **shown)  # fmt: skip
