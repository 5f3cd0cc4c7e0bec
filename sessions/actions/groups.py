"""Group Gambles: the Director calls one, every hero able to takes part, the majority decides."""

from characters.models import Character
from sessions import rules as R
from sessions.actions.base import NotNow, in_a_scene, record, table_action, unpaused_adventure
from sessions.models import Adventure, GroupGamble
from sessions.topics import Topic

CHANGED = (Topic.GROUP, Topic.DIRECTOR)


@table_action(undoable=True)
def call_group_gamble(adventure: Adventure, description: str, actor) -> GroupGamble:
    adventure = unpaused_adventure(adventure)
    in_a_scene(adventure, "A Group Gamble")
    if adventure.open_group_gamble():
        raise NotNow("A Group Gamble is already under way.")
    cast = {c.pk: c.state for c in adventure.cast_characters()}
    participants = R.group_participants(cast)
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
        topics=CHANGED,
        description=description,
        group=group.pk,
    )
    return group


def group_to_join(adventure: Adventure, character: Character) -> GroupGamble | None:
    """The open Group Gamble that ``character``'s next Gamble counts toward, if any."""
    group = adventure.open_group_gamble()
    if group is None:
        return None
    gambled = group.gambles.values_list("character_id", flat=True)
    return group if R.counts_toward_group(character.pk, group.participants, gambled) else None


def resolve_group_if_done(adventure: Adventure, group_id: int, actor) -> None:
    """Tally once every participant has locked in (inside the caller's transaction)."""
    group = GroupGamble.objects.select_for_update().get(pk=group_id)
    if not group.closed:
        resolve_group(adventure, group, actor, force=False)


def resolve_group(adventure: Adventure, group: GroupGamble, actor, *, force: bool) -> None:
    """Tally the Group Gamble; ``force`` (the Director closing it) counts the missing as
    not a success."""
    results = {g.character_id: g.success for g in group.gambles.filter(locked=True)}
    missing = len([pk for pk in group.participants if pk not in results])
    if missing and not force:
        return
    tally = R.tally_group_gamble(results.get(pk) for pk in group.participants)
    group.closed, group.success = True, tally.success
    group.save(update_fields=["closed", "success"])
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
        # Failed, the Director's prompts answer it; succeeded, an earlier moment's fold away.
        topics=(*CHANGED, Topic.TROUBLE),
        success=tally.success,
        successes=tally.successes,
        participants=tally.participants,
        description=group.description,
        group=group.pk,
    )


@table_action(undoable=True)
def close_group_gamble(adventure: Adventure, actor) -> None:
    adventure = unpaused_adventure(adventure)
    group = adventure.open_group_gamble()
    if group is None:
        raise NotNow("There's no Group Gamble to close.")
    resolve_group(adventure, group, actor, force=True)
