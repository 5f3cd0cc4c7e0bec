"""Where the story goes on after The End: the phones left on a finished Adventure's table
hear of its recap published and of the Campaign's next Adventure made, as the TV hears its
Campaign go on (`screen.campaign_went_on`): a housekeeping event on the finished table, for
its `after-the-end` part."""

from sessions.actions.base import locked_adventure, record, table_action
from sessions.models import Adventure, Recap
from sessions.parts.after_the_end import next_adventure
from sessions.topics import Topic


def tell_finished(adventure: Adventure, kind: str, summary: str) -> None:
    """A housekeeping event (`HOUSEKEEPING`: in nobody's log) on a finished table, for the
    parts that hear the Campaign (the TV's `follow`, the phones' `after-the-end`)."""
    record(locked_adventure(adventure, finished_ok=True), kind, summary, topics=(Topic.CAMPAIGN,))


@table_action
def recap_shared(recap: Recap) -> None:
    """The Director published a recap (or took it back to a draft): a finished table's
    phones show it, or stop showing it, at once."""
    adventure = recap.adventure
    if not adventure.is_finished:
        return  # a table in play shows no recaps of its own ("Previously on…" plays them)
    tell_finished(adventure, "recap_shared", f"A recap of {adventure.title}: {recap.title}.")


@table_action
def campaign_grew(made: Adventure) -> None:
    """The Director made ``made``, the next Adventure of its Campaign: the finished one it
    follows tells its phones, which offer to join it."""
    if made.campaign_id is None:
        return
    finished = Adventure.objects.filter(
        campaign_id=made.campaign_id, status=Adventure.Status.FINISHED
    ).exclude(pk=made.pk)
    for adventure in finished:
        following = next_adventure(adventure)
        if following is None or following.pk != made.pk:
            continue
        tell_finished(adventure, "campaign_grew", f"The Campaign goes on: {made.title}.")
