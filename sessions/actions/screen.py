"""The shared screen: a secret link for the TV, made and switched off by the Director."""

from sessions.actions.base import locked_adventure, record, table_action
from sessions.channel import recheck
from sessions.models import Adventure
from sessions.models.prep import new_screen_token
from sessions.topics import Topic


@table_action
def set_screen(adventure: Adventure, enabled: bool, actor=None) -> Adventure:
    # A finished Adventure can still be shown on the TV, or switched off.
    adventure = locked_adventure(adventure, finished_ok=True)
    adventure.screen_token = new_screen_token(adventure.pk) if enabled else None
    adventure.save(update_fields=["screen_token", "updated"])
    # A link switched off (or replaced) stops the screens still showing it.
    recheck(adventure_id=adventure.pk)
    state = "on a new" if enabled else "off the"
    record(
        adventure,
        "screen",
        f"The Director switched {state} shared screen link.",
        actor=actor,
        topics=(Topic.DIRECTOR,),
    )
    return adventure
