"""The shared screen: a secret link for the TV, made and switched off by the Director."""

from sessions.actions.after_the_end import tell_finished
from sessions.actions.base import locked_adventure, record, table_action
from sessions.campaigns import next_in_campaign
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
    # Housekeeping (`HOUSEKEEPING`): in nobody's log, as the TV following a Campaign is not.
    record(
        adventure,
        "screen_link",
        f"The Director switched {state} shared screen link.",
        actor=actor,
        topics=(Topic.DIRECTOR,),
    )
    return adventure


def campaign_went_on(opened: Adventure) -> None:
    """The Director opens ``opened`` at the table for the first time (inside that action):
    each finished Adventure of the Campaign whose TV would follow here is told so, and its TV
    asks where to at once, instead of on its next look a few seconds on."""
    if opened.campaign_id is None:
        return
    finished = Adventure.objects.filter(
        campaign_id=opened.campaign_id,
        director_id=opened.director_id,
        status=Adventure.Status.FINISHED,
        screen_token__isnull=False,
    )
    for adventure in finished:
        following = next_in_campaign(adventure)
        if following is None or following.pk != opened.pk:
            continue
        tell_finished(adventure, "campaign_went_on", f"The Campaign goes on: {opened.title}.")


@table_action
def follow_campaign(finished: Adventure) -> Adventure | None:
    """The TV of a finished Adventure follows its Campaign: the next Adventure it moves to
    (its shared screen link made now if the Director hasn't made one), or None while there is
    none to move to. A link the Director made already is kept: other screens may show it."""
    following = next_in_campaign(finished)
    if following is None:
        return None
    following = locked_adventure(following)
    if following.screen_token is None:
        following.screen_token = new_screen_token(following.pk)
        following.save(update_fields=["screen_token", "updated"])
        record(
            following,
            "screen",
            f"The shared screen of {finished.title} followed the Campaign here.",
            topics=(Topic.DIRECTOR,),
        )
    return following
