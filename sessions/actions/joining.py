"""The join code on the TV: shown on demand, replaced, or switched off by the Director; and
the table's seats, which keep it up while one is free."""

from sessions import rules as R
from sessions.actions.base import NotNow, locked_adventure, record, table_action
from sessions.joincode import new_join_code
from sessions.models import Adventure
from sessions.models.prep import MAX_SEATS
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


@table_action
def set_seats(adventure: Adventure, seats: str, actor=None) -> None:
    """How many heroes the table has room for (``seats`` as typed; blank: no limit)."""
    seats = seats.strip()
    if seats and not (seats.isascii() and seats.isdigit() and 1 <= int(seats) <= MAX_SEATS):
        raise R.RuleError(f"Seats are a number from 1 to {MAX_SEATS}, or blank for no limit.")
    adventure = locked_adventure(adventure)
    count = int(seats) if seats else None
    if count == adventure.seats:
        return  # as it was: no line in everyone's log says it again
    heroes = adventure.cast.count()
    if count is not None and count < heroes:
        raise NotNow(
            f"The Cast has {heroes} heroes already: give the table at least {heroes} seats."
        )
    adventure.seats = count
    adventure.save(update_fields=["seats", "updated"])
    said = f"The table now seats {count}." if count else "The table has no seat limit now."
    record(adventure, "seats", said, actor=actor, topics=(Topic.JOIN, Topic.DIRECTOR))
