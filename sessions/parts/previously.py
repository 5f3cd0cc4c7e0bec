"""\"Previously on…\" as the screens draw it: the TV's title sequence (paged by screen.js on the
timer the pages carry), the phones' panel to read and dismiss, and the Director's line with
Play and Skip. Only a published recap's text, and no query unless it plays (or, for the
Director between Scenes, to offer it)."""

import time

from sessions.models import Recap, TableEvent
from sessions.recaps import sequence
from sessions.recaps.drafts import last_recap
from sessions.viewer import Viewer


def previously_context(viewer: Viewer) -> dict:
    adventure = viewer.adventure
    context: dict = {"previously": None, "recap_to_play": None}
    if adventure.is_finished:
        return context
    now = time.time()
    state = adventure.previously_on
    if state and state.get("until", 0) > now:
        recap = Recap.objects.filter(pk=state.get("recap"), published__isnull=False).first()
        if recap is not None:
            context["previously"] = {
                "key": state["key"],
                "recap": recap,
                "pages": sequence.pages(recap.body),
                "title_seconds": sequence.TITLE_SECONDS,
                "elapsed": max(0, int(now - state["started"])),
                # The phones' panel and the Director's line go when the TV's sequence ends.
                "remaining": round(state["until"] - now, 1),
                # A phone's panel folds to a line once a Scene starts after it began playing.
                "folded": not (viewer.directs or viewer.screen)
                and viewer.scene is not None
                and TableEvent.objects.filter(
                    adventure=adventure, kind="scene_started", pk__gt=state["key"]
                ).exists(),
            }
            return context
    if viewer.directs and not viewer.screen and viewer.scene is None:
        # Between Scenes (a Leg starting, the evening starting): the story so far, to play.
        context["recap_to_play"] = last_recap(adventure)
    return context
