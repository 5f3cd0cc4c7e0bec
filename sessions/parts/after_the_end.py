"""A finished table on a player's phone: where the story goes on. The way to the Adventure's
recaps (each published one a tap away), and the Campaign's next Adventure with a one-tap
join for each of the player's heroes who may join it. Redrawn live as the Director publishes a
recap or makes the next Adventure (`actions.after_the_end`), the same way the TV hears its
Campaign go on (`Topic.CAMPAIGN`)."""

from sessions.campaigns import can_join
from sessions.models import Adventure, Recap
from sessions.viewer import Viewer


def after_the_end_context(viewer: Viewer) -> dict:
    adventure = viewer.adventure
    if not adventure.is_finished or viewer.directs or viewer.screen:
        return {}  # a table in play has no "after": no query on every page
    # Every published recap, in the order of the story (Leg 1's before Leg 2's), each a tap away.
    recaps = Recap.objects.filter(adventure=adventure, published__isnull=False)
    following = next_adventure(adventure)
    joining = []
    if following is not None:
        joining = [c for c in viewer.characters if can_join(following.campaign, following, c)]
    return {
        "end_recaps": list(recaps.order_by("last_event", "pk")),
        # Always a way to the story: the Adventure's recaps, even before one is published (a
        # fresh-eyes phone at The End had none).
        "recaps_url": adventure.get_absolute_url() + "#recaps",
        "next_adventure": following,
        "next_joiners": joining,
    }


def next_adventure(adventure: Adventure) -> Adventure | None:
    """The Campaign's Adventure made after this one (the first, if several), once made."""
    if adventure.campaign_id is None:
        return None
    later = Adventure.objects.filter(
        campaign_id=adventure.campaign_id, created__gt=adventure.created
    )
    return later.select_related("campaign").order_by("created", "pk").first()
