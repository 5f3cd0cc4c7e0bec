"""How fast one player may post free text at a table (Lines & Veils, the Cast journal): a few
in a row, then a friendly wait. The Director, who runs the table, is never held back.

Counted in the server's cache (per process), not in the database: an anonymous Line must
leave no row that says who posted when. What bounds a flood for certain is each table's cap
(`sessions.models.limits`), checked in the database under the table's lock.
"""

from django.core.cache import cache
from django.http import HttpRequest

from sessions.models import Adventure

# What: (how many posts, in how many seconds), and how the message names them.
PACE = {
    "lines_veils": (10, 10 * 60, "Lines and Veils"),
    "journal": (20, 10 * 60, "journal lines"),
}


def _key(request: HttpRequest, adventure: Adventure, what: str) -> str:
    return f"pace:{what}:{adventure.pk}:{request.user.pk}"


def too_fast(request: HttpRequest, adventure: Adventure, what: str) -> str | None:
    """The message when the player has posted as much ``what`` at this table as a short while
    allows; None while they may post."""
    allowed, seconds, named = PACE[what]
    if cache.get(_key(request, adventure, what), 0) < allowed:
        return None
    minutes = seconds // 60
    return (
        f"Easy there: that's {allowed} {named} from you in {minutes} minutes. "
        "Give the table a moment, then add more."
    )


def posted(request: HttpRequest, adventure: Adventure, what: str) -> None:
    """Count one post of ``what`` by this player."""
    _allowed, seconds, _named = PACE[what]
    key = _key(request, adventure, what)
    if cache.add(key, 1, seconds):
        return
    try:
        cache.incr(key)
    except ValueError:  # expired between the two calls
        cache.add(key, 1, seconds)
