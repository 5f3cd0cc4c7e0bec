"""\"Previously on…\" (the story so far, `so_far`) as the screens draw it: the TV's title
sequence (paged by screen.js on the timer the pages carry), the phones' panel to read and
dismiss, and the Director's line with Play and Skip. Only published recaps' text, and no query
unless it plays (or, for the Director between Scenes, to offer it).

The table's next move (a Leg or Scene started, a Gamble rolled, session zero opened) takes
the TV at once: the sequence ends there (previously.js, as the spotlight takes a new moment;
here, for a TV drawn afresh), while the phones keep the story to read."""

import time

from sessions.models import Adventure, Recap, TableEvent
from sessions.parts.screen import MOMENTS
from sessions.recaps import sequence, so_far
from sessions.recaps.drafts import last_recap
from sessions.viewer import Viewer

# The moves that take the TV from "Previously on…": every moment of the spotlight, and
# session zero opening over the board.
TAKES_THE_TV = frozenset(MOMENTS) | {"session_zero"}


def taken_over(adventure: Adventure, key: int) -> bool:
    """Whether the table has moved on since the sequence ``key`` started: the TV shows that."""
    moves = TableEvent.objects.filter(adventure=adventure, kind__in=TAKES_THE_TV, pk__gt=key)
    return moves.exists()


def on_tv(adventure: Adventure) -> bool:
    """Whether "Previously on…" is on the TV now: playing, and no move has taken the TV."""
    state = adventure.previously_on
    if not state or state.get("until", 0) <= time.time():
        return False
    return not taken_over(adventure, state["key"])


def previously_context(viewer: Viewer) -> dict:
    adventure = viewer.adventure
    context: dict = {"previously": None, "recap_to_play": None}
    if adventure.is_finished:
        return context
    now = time.time()
    state = adventure.previously_on
    if state and state.get("until", 0) > now:
        recaps = _playing(state)
        recap = recaps[-1] if recaps else None
        taken = recap is not None and taken_over(adventure, state["key"])
        if recap is not None and not (viewer.screen and taken):
            cards = so_far.cards(recaps)
            context["previously"] = {
                "key": state["key"],
                "recap": recap,
                # The Adventure it tells, whose title it bears: this one's, or, before this
                # one's first recap, the Campaign's Adventure before it (`so_far.recaps`).
                "told": recap.adventure,
                # One card a recap, its own title over its own text: the phones read them all.
                "cards": cards,
                "pages": sequence.pages(cards),
                "title_seconds": sequence.TITLE_SECONDS,
                "elapsed": max(0, int(now - state["started"])),
                # The phones' panel and the Director's line go when the TV's sequence ends.
                "remaining": round(state["until"] - now, 1),
                "on_tv": not taken,
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


def _playing(state: dict) -> list[Recap]:
    """The recaps the sequence plays, oldest first, while each is still published; none once
    the newest (whose title names it) is unpublished."""
    pks = state.get("recaps") or [state.get("recap")]
    recaps = Recap.objects.filter(pk__in=pks, published__isnull=False).select_related(
        "leg", "adventure__campaign"
    )
    told = list(recaps.order_by("last_event", "pk"))
    return told if told and told[-1].pk == state.get("recap") else []
