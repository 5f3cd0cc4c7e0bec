"""The shared screen: a secret link for the TV, made and switched off by the Director."""

from sessions.actions.base import locked_adventure, table_action
from sessions.models import Adventure
from sessions.models.prep import new_token


@table_action
def set_screen(adventure: Adventure, enabled: bool) -> Adventure:
    # A finished Adventure can still be shown on the TV, or switched off.
    adventure = locked_adventure(adventure, finished_ok=True)
    adventure.screen_token = new_token() if enabled else None
    adventure.save(update_fields=["screen_token", "updated"])
    return adventure
