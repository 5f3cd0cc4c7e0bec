"""The join code on the TV: shown on demand, replaced, or switched off by the Director."""

from sessions.actions.base import locked_adventure, record, table_action
from sessions.joincode import new_join_code
from sessions.models import Adventure
from sessions.topics import Topic

SAID = {
    "show": "The Director put the join code on the screen.",
    "hide": "The Director took the join code off the screen.",
    "new": "The Director made a new join code: the old one no longer works.",
    "off": "The Director switched the join code off.",
}


@table_action
def set_join(adventure: Adventure, what: str, actor=None) -> None:
    adventure = locked_adventure(adventure)
    if what in ("show", "hide"):
        adventure.join_on_screen = what == "show"
        if what == "show" and adventure.join_code is None:
            adventure.join_code = new_join_code()
    else:
        adventure.join_code = new_join_code() if what == "new" else None
        if what == "off":
            adventure.join_on_screen = False
    adventure.save(update_fields=["join_code", "join_on_screen", "updated"])
    record(adventure, "join_code", SAID[what], actor=actor, topics=(Topic.JOIN, Topic.DIRECTOR))
