"""The Director at the table: Peril, Rests, Group Gambles, Investigations, Dangers, Tumults,
and the X-card. Like `sessions.play`, one transaction per action and the rules engine for
every rule."""

from characters.models import Character
from sessions import play
from sessions import rules as R
from sessions.models import Adventure, Danger, GroupGamble, Investigation, Scene, Tumult
from sessions.play import NotNow, locked_adventure, record, table_action, trackers

PERIL_REASONS = {
    "enemy": "an enemy strikes",
    "environment": "the environment is unforgiving",
    "weird": "something weird, strange or eldritch",
    "director": "because the Director felt like it",
    "rest": "a moment to catch their breath",
}


def _cast_member(adventure: Adventure, character_id: int) -> Character:
    for character in play.cast_characters(adventure, lock=True):
        if character.pk == character_id:
            return character
    raise NotNow("That character isn't in the Cast.")


def _peril_words(name: str, change: R.PerilChange) -> str:
    if change.knocked_out:
        return f"KNOCKOUT! {name} is out for the rest of the Scene."
    if change.applied == 0:
        return f"{name}'s Peril doesn't budge."
    sign = "+" if change.applied > 0 else "−"
    return f"{name}: Peril {sign}{abs(change.applied)} (now {change.state_after.peril})."


@table_action
def adjust_peril(
    adventure: Adventure, character_id: int, delta: int, reason: str, actor
) -> R.PerilChange:
    adventure = locked_adventure(adventure)
    character = _cast_member(adventure, character_id)
    change = R.adjust_peril(character.state, delta)
    character.take_state(change.state_after)
    summary = f"Peril from the Director ({reason}): {_peril_words(character.name, change)}"
    if change.retired:
        summary += f" Four Knockouts: {character.name} is retiring."
    record(
        adventure,
        "peril",
        summary,
        actor=actor,
        character=character,
        topics=("cast", "director"),
        reason=reason,
        before=trackers(change.state_before),
        after=trackers(change.state_after),
    )
    return change


@table_action
def rest(adventure: Adventure, actor, dice: R.Dice) -> None:
    adventure = locked_adventure(adventure)
    rolls = []
    for character in play.cast_characters(adventure, lock=True):
        result = R.rest(character.state, dice)
        before = character.peril
        character.take_state(result.state)
        rolls.append(
            {"name": character.name, "roll": result.roll, "from": before, "to": result.state.peril}
        )
    words = "; ".join(
        f"{r['name']} rolls {r['roll']}"
        + (f": Peril {r['from']} → {r['to']}" if r["to"] != r["from"] else "")
        for r in rolls
    )
    record(
        adventure,
        "rest",
        f"The Cast takes a Rest. {words}.",
        actor=actor,
        topics=("cast", "everyone"),
        dice=[r["roll"] for r in rolls],
    )


# Group Gambles ------------------------------------------------------------------------------


@table_action
def call_group_gamble(adventure: Adventure, description: str, actor) -> GroupGamble:
    adventure = locked_adventure(adventure)
    if GroupGamble.objects.filter(adventure=adventure, closed=False).exists():
        raise NotNow("A Group Gamble is already under way.")
    participants = [c.pk for c in play.cast_characters(adventure) if not c.incapacitated]
    if not participants:
        raise NotNow("Nobody in the Cast can take part right now.")
    group = GroupGamble.objects.create(
        adventure=adventure, description=description, participants=participants
    )
    record(
        adventure,
        "group_called",
        f"Group Gamble! Everyone: {description}",
        actor=actor,
        topics=("director", "everyone", "group"),
    )
    return group


def open_group(adventure: Adventure) -> GroupGamble | None:
    return GroupGamble.objects.filter(adventure=adventure, closed=False).first()


def resolve_group_if_done(adventure: Adventure, group: GroupGamble, actor, *, force: bool) -> None:
    """Tally once every participant has locked in (or when the Director closes it)."""
    results = {g.character_id: g.success for g in group.gambles.filter(locked=True)}
    if not force and any(pk not in results for pk in group.participants):
        return
    tally = R.tally_group_gamble(results.get(pk) for pk in group.participants)
    group.closed, group.success = True, tally.success
    group.save(update_fields=["closed", "success"])
    missing = len([pk for pk in group.participants if pk not in results])
    verdict = "the Cast succeeds!" if tally.success else "a blunder for the Cast."
    summary = (
        f"Group Gamble ({group.description}): {tally.successes} of {tally.participants} "
        f"succeeded, {verdict}"
    )
    if missing:
        summary += (
            f" ({missing} Gamble{'s' if missing > 1 else ''} not made: counted as not a success.)"
        )
    record(
        adventure,
        "group_resolved",
        summary,
        actor=actor,
        topics=("director", "everyone", "group"),
        success=tally.success,
        successes=tally.successes,
        participants=tally.participants,
    )


@table_action
def close_group_gamble(adventure: Adventure, actor) -> None:
    adventure = locked_adventure(adventure)
    group = open_group(adventure)
    if group is None:
        raise NotNow("There's no Group Gamble to close.")
    resolve_group_if_done(adventure, group, actor, force=True)


# Investigating ------------------------------------------------------------------------------


@table_action
def ask_to_investigate(adventure: Adventure, character_id: int, prompt: str, actor) -> None:
    adventure = locked_adventure(adventure)
    character = _cast_member(adventure, character_id)
    Investigation.objects.create(adventure=adventure, character=character, prompt=prompt)
    record(
        adventure,
        "investigation_asked",
        f"{character.name}, take a closer look: {prompt}",
        actor=actor,
        character=character,
        topics=("director",),
    )


@table_action
def investigate(adventure: Adventure, investigation_id: int, actor, dice: R.Dice) -> None:
    adventure = locked_adventure(adventure)
    investigation = (
        Investigation.objects.select_for_update()
        .select_related("character")
        .get(pk=investigation_id, adventure=adventure)
    )
    if investigation.roll is not None:
        raise NotNow("That has already been investigated.")
    result = R.investigate(dice)
    investigation.roll = result.roll
    investigation.save(update_fields=["roll"])
    name, prompt = investigation.character.name, investigation.prompt
    record(
        adventure,
        "investigated",
        f"{name} investigates ({prompt}): rolls {result.roll}, and learns {result.label}.",
        actor=actor,
        character=investigation.character,
        topics=("director",),
        dice=[result.roll],
        level=result.level,
    )


# Dangers --------------------------------------------------------------------------------------


def scene_dangers(adventure: Adventure, scene: Scene | None) -> list[Danger]:
    """The enemies of the Scene: those at its Key Location and those added in play."""
    if scene is None:
        return []
    dangers = Danger.objects.filter(scene=scene)
    if scene.key_location_id:
        dangers = dangers | Danger.objects.filter(key_location_id=scene.key_location_id)
    return list(dangers.order_by("pk"))


@table_action
def add_danger(adventure: Adventure, name: str, template: str, actor) -> Danger:
    adventure = locked_adventure(adventure)
    scene = play.current_scene(adventure)
    if scene is None:
        raise NotNow("Start a Scene first: Dangers show up in Scenes.")
    threshold, rating = Danger.template_stats(template) or (None, None)
    if threshold is None:
        raise NotNow("Choose Minion, Lieutenant or Villain.")
    danger = Danger.objects.create(
        scene=scene,
        name=name,
        template=template,
        success_threshold=threshold,
        danger_rating=rating,
    )
    record(
        adventure,
        "danger_added",
        "The Director adds a Danger to the Scene.",
        actor=actor,
        topics=("director", "dangers"),
    )
    return danger


def _scene_danger(adventure: Adventure, danger_id: int) -> Danger:
    scene = play.current_scene(adventure)
    for danger in scene_dangers(adventure, scene):
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
    record(
        adventure, "danger_shown", summary, actor=actor, topics=("director", "dangers", "everyone")
    )


def mark_success(adventure: Adventure, danger: Danger, actor, by: str) -> str:
    """A successful Gamble aimed at an enemy marks one success (inside the caller's atomic)."""
    if danger.is_out:
        return f" {danger.name} was already out of the picture."
    state = R.mark_success(danger.state)
    danger.successes = state.successes
    danger.save(update_fields=["successes"])
    if state.is_out:
        return f" {by} puts {danger.name} out of the picture!"
    return f" A success against {danger.name} ({state.successes}/{state.success_threshold})."


@table_action
def director_mark_success(adventure: Adventure, danger_id: int, actor) -> None:
    adventure = locked_adventure(adventure)
    danger = _scene_danger(adventure, danger_id)
    words = mark_success(adventure, danger, actor, "The Cast")
    summary = words.strip() if danger.revealed else "The Director marks a success against a Danger."
    record(adventure, "danger_success", summary, actor=actor, topics=("director", "dangers"))


# Tumults --------------------------------------------------------------------------------------


def active_tumult(adventure: Adventure, *, lock: bool = False) -> Tumult | None:
    tumults = Tumult.objects.filter(adventure=adventure, active=True)
    if lock:
        tumults = tumults.select_for_update()
    return tumults.first()


def tumult_state(tumult: Tumult) -> R.TumultState:
    return R.TumultState(round=tumult.round, phase=tumult.phase, acted=frozenset(tumult.acted))


def _save_tumult(tumult: Tumult, state: R.TumultState) -> None:
    tumult.round, tumult.phase, tumult.acted = state.round, str(state.phase), sorted(state.acted)
    tumult.save(update_fields=["round", "phase", "acted"])


def fighters(adventure: Adventure) -> set[int]:
    """Who can act in a Tumult: the Cast, less anyone knocked out."""
    return {c.pk for c in play.cast_characters(adventure) if not c.incapacitated}


@table_action
def start_tumult(adventure: Adventure, actor) -> None:
    adventure = locked_adventure(adventure)
    if play.current_scene(adventure) is None:
        raise NotNow("Start a Scene first: a Tumult happens in a Scene.")
    if active_tumult(adventure):
        raise NotNow("A Tumult is already raging.")
    Tumult.objects.create(adventure=adventure)
    record(
        adventure,
        "tumult_started",
        "TUMULT! Round 1: players act first, in any order.",
        actor=actor,
        topics=("tumult", "director", "everyone"),
    )


def take_tumult_action(adventure: Adventure, character: Character) -> str:
    """Count a character's action this round, if a Tumult is on (inside the caller's atomic)."""
    tumult = active_tumult(adventure, lock=True)
    if tumult is None:
        return ""
    _save_tumult(tumult, R.take_action(tumult_state(tumult), character.pk, fighters(adventure)))
    return "tumult"


@table_action
def act_without_gamble(adventure: Adventure, character: Character, actor) -> None:
    adventure = locked_adventure(adventure)
    if not take_tumult_action(adventure, character):
        raise NotNow("There's no Tumult on.")
    record(
        adventure,
        "tumult_action",
        f"{character.name} acts (no Gamble needed).",
        actor=actor,
        character=character,
        topics=("tumult", "director"),
    )


@table_action
def enemies_turn(adventure: Adventure, splits: dict[int, dict[int, int]], actor) -> None:
    """The enemies dole out Peril: ``splits`` maps each Danger's id to {character id: Peril}."""
    adventure = locked_adventure(adventure)
    tumult = active_tumult(adventure, lock=True)
    if tumult is None:
        raise NotNow("There's no Tumult on.")
    state = R.enemies_turn(tumult_state(tumult))
    scene = play.current_scene(adventure)
    cast = {c.pk: c for c in play.cast_characters(adventure, lock=True)}
    lines = []
    for danger in scene_dangers(adventure, scene):
        if danger.is_out:
            continue
        shares = R.dole_out_peril(danger.state, splits.get(danger.pk, {}))
        for character_id, share in shares.items():
            if character_id not in cast:
                raise NotNow("Peril can only go to characters in the Cast.")
            character = cast[character_id]
            change = R.add_peril(character.state, share)
            character.take_state(change.state_after)
            who = danger.name if danger.revealed else "An enemy"
            lines.append(f"{who} → {_peril_words(character.name, change)}")
    _save_tumult(tumult, state)
    summary = f"Round {tumult.round}: the enemies' turn! " + (
        " ".join(lines) or "No Peril this time."
    )
    record(
        adventure,
        "enemies_turn",
        summary,
        actor=actor,
        topics=("tumult", "director", "cast", "everyone"),
    )


@table_action
def next_round(adventure: Adventure, actor) -> None:
    adventure = locked_adventure(adventure)
    tumult = active_tumult(adventure, lock=True)
    if tumult is None:
        raise NotNow("There's no Tumult on.")
    _save_tumult(tumult, R.next_round(tumult_state(tumult)))
    record(
        adventure,
        "tumult_round",
        f"Round {tumult.round}! Players act first.",
        actor=actor,
        topics=("tumult", "director", "everyone"),
    )


@table_action
def end_tumult(adventure: Adventure, actor) -> None:
    adventure = locked_adventure(adventure)
    tumult = active_tumult(adventure, lock=True)
    if tumult is None:
        raise NotNow("There's no Tumult on.")
    tumult.active = False
    tumult.save(update_fields=["active"])
    # Like the end of a Scene, the end of a Tumult puts the knocked-out back on their feet.
    for character in play.cast_characters(adventure, lock=True):
        if character.incapacitated:
            character.take_state(R.end_scene(character.state))
    record(
        adventure,
        "tumult_ended",
        "The dust settles: the Tumult is over.",
        actor=actor,
        topics=("tumult", "director", "cast", "everyone"),
    )


# The X-card -----------------------------------------------------------------------------------


@table_action
def press_x_card(adventure: Adventure) -> None:
    """Pause every screen. Deliberately anonymous: no actor is recorded, anywhere."""
    adventure = locked_adventure(adventure)
    if adventure.paused:
        return
    adventure.paused = True
    adventure.save(update_fields=["paused", "updated"])
    record(
        adventure,
        "x_card",
        "The X-card was pressed. The table pauses.",
        actor=None,
        topics=("pause", "director", "everyone"),
    )


@table_action
def resume(adventure: Adventure, actor) -> None:
    adventure = locked_adventure(adventure)
    if not adventure.paused:
        raise NotNow("The table isn't paused.")
    adventure.paused = False
    adventure.save(update_fields=["paused", "updated"])
    record(
        adventure,
        "resumed",
        "The Director resumes the game.",
        actor=actor,
        topics=("pause", "director", "everyone"),
    )
