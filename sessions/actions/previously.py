"""\"Previously on…\": the Director puts the story so far (`so_far`: every published recap,
a card each) on the TV (and the phones) as a title sequence, once; a Skip, from the
TV or the Director, ends it everywhere."""

import time

from sessions.actions.base import NotNow, locked_adventure, record, table_action
from sessions.actions.screen import campaign_went_on
from sessions.models import Adventure
from sessions.recaps import sequence, so_far
from sessions.topics import Topic

NO_RECAP = "No published recap yet: publish one from the Adventure's page, then play it here."


def playing(adventure: Adventure, now: float | None = None) -> bool:
    state = adventure.previously_on
    return bool(state) and state.get("until", 0) > (time.time() if now is None else now)


@table_action
def play(adventure: Adventure, actor) -> None:
    adventure = locked_adventure(adventure)
    recaps = so_far.recaps(adventure)
    if not recaps:
        raise NotNow(NO_RECAP)
    recap = recaps[-1]
    if playing(adventure):
        raise NotNow("“Previously on…” is on the TV already.")
    event = record(
        adventure,
        "previously_on",
        f"Previously on… {recap.title}",
        actor=actor,
        topics=(Topic.PREVIOUSLY,),
        recap=recap.pk,
    )
    now = time.time()
    adventure.previously_on = {
        "recap": recap.pk,  # the newest, whose title names it
        "recaps": [told.pk for told in recaps],
        "key": event.pk,
        "started": now,
        "until": now + sequence.length(sequence.pages(so_far.cards(recaps))),
    }
    adventure.save(update_fields=["previously_on", "updated"])
    if adventure.status == Adventure.Status.PREP:
        campaign_went_on(adventure)  # a TV left on the Campaign's last Adventure comes along


@table_action
def skip(adventure: Adventure, actor=None) -> None:
    """End it on every screen (from the TV, ``actor`` is None)."""
    adventure = locked_adventure(adventure)
    if not playing(adventure):
        raise NotNow("“Previously on…” isn't playing.")
    adventure.previously_on = {}
    adventure.save(update_fields=["previously_on", "updated"])
    record(
        adventure,
        "previously_skipped",
        "“Previously on…” is skipped: on with the show.",
        actor=actor,
        topics=(Topic.PREVIOUSLY,),
    )
