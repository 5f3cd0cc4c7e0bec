"""\"Previously on…\": the story so far, told from the published recaps (never a draft).

Every published recap of this Adventure (before its first, every one of the Campaign's
Adventure before it) is a card of its own, in the order played: the recap's own title, as the
Director left it, over its own text, whole. The TV pages the cards in about a minute
(`sequence`); the phones hold every card to read.
"""

from sessions.models import Adventure, Recap
from sessions.recaps.drafts import last_recap
from sessions.recaps.sequence import Card


def recaps(adventure: Adventure) -> list[Recap]:
    """The published recaps the story so far is told from, oldest first."""
    newest = last_recap(adventure)
    if newest is None:
        return []
    published = Recap.objects.filter(published__isnull=False, adventure_id=newest.adventure_id)
    return list(published.select_related("leg").order_by("last_event", "pk"))


def cards(recaps: list[Recap]) -> list[Card]:
    """The story so far: a card for each recap, its title and its text."""
    return [Card(recap.title.strip(), recap.body.strip()) for recap in recaps]
