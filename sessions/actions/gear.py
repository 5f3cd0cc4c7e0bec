"""A hero parted from their gear: the consequence prompt "Part them from their gear" made
real in one tap. The item leaves the hero's Equipment (and so their next Gamble's choices);
the log says so; the Director can undo it like any move."""

from characters.models import Equipment
from sessions.actions.base import NotNow, cast_member, record, table_action, unpaused_adventure
from sessions.models import Adventure, TableEvent
from sessions.telling import possessive
from sessions.topics import Topic


@table_action(undoable=True)
def part_from_gear(adventure: Adventure, character_id: int, item_id: int, actor) -> TableEvent:
    """Take ``item_id`` from the Equipment of ``character_id``, a hero of the Cast."""
    adventure = unpaused_adventure(adventure)
    character = cast_member(adventure, character_id)
    item = Equipment.objects.select_for_update().filter(pk=item_id, character=character).first()
    if item is None:
        raise NotNow(f"{character.name} no longer has that: pick from their Equipment now.")
    item.delete()
    return record(
        adventure,
        "gear_lost",
        f"{character.name} is parted from {possessive(character.pronouns)} gear: "
        f"{item.text} is gone.",
        actor=actor,
        character=character,
        # The hero's own panel offers their Equipment for a Gamble; the prompts redraw.
        topics=(Topic.HERO, Topic.TROUBLE),
        item=item.text,
    )
