"""Investigating: the Director asks, the player rolls a plain 1d6 (not a Gamble)."""

from sessions import rules as R
from sessions.actions import handdice
from sessions.actions.base import (
    NotNow,
    cast_member,
    in_a_scene,
    record,
    table_action,
    unpaused_adventure,
)
from sessions.models import Adventure, Investigation
from sessions.topics import Topic
from sessions.wording.investigations import closer_look


@table_action(undoable=True)
def ask_to_investigate(adventure: Adventure, character_id: int, prompt: str, actor) -> None:
    adventure = unpaused_adventure(adventure)
    in_a_scene(adventure, "An Investigation")
    character = cast_member(adventure, character_id)
    asked = Investigation.objects.create(adventure=adventure, character=character, prompt=prompt)
    record(
        adventure,
        "investigation_asked",
        f"{character.name}, take a closer look: {prompt}",
        actor=actor,
        character=character,
        topics=(Topic.DIRECTOR, Topic.CALLS),
        prompt=prompt,  # the TV's spotlight says it
        investigation=asked.pk,
    )


@table_action(undoable=True)
def investigate(adventure: Adventure, investigation_id: int, actor, dice: R.Dice) -> None:
    adventure = unpaused_adventure(adventure)
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
    told_as = investigation.character.pronouns
    looked = closer_look(name, prompt, adventure.table_names(), told_as)
    by_hand = handdice.by_hand(dice)
    typed = handdice.typed_in(adventure, actor, investigation.character, dice)
    hand = f" {handdice.hand_words(name, [result.roll], bool(typed))}" if by_hand else ""
    record(
        adventure,
        "investigated",
        # "Ada takes a closer look at the torn ledger: rolls 5, and learns a solid lead."
        f"{looked}: rolls {result.roll}, and learns {result.label}.{hand}",
        actor=actor,
        character=investigation.character,
        # GAMBLES: the Latest Gamble on every screen tells it, the table's newest roll.
        topics=(Topic.DIRECTOR, Topic.CALLS, Topic.GAMBLES),
        dice=[result.roll],
        level=result.level,
        prompt=prompt,
        learns=result.label,
        investigation=investigation.pk,  # the TV's asked-for moment and its roll: one story
        by_hand=by_hand,
        **typed,
        **handdice.throw([result.roll], dice),
    )
