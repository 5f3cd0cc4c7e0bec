"""Who holds a stream, and the drawing threads every database trip of the streams takes."""

import asyncio
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from importlib import import_module
from types import SimpleNamespace

from django.conf import settings
from django.contrib.auth import get_user
from django.db import Error as DatabaseError
from django.db import connection

from sessions.access import Seat, screen_adventure, table_seat
from sessions.models import Adventure
from sessions.parts import kept
from sessions.viewer import Viewer


@dataclass(frozen=True)
class Listener:
    """The viewer at the other end of a stream, and how to ask again whether they still may
    be there."""

    adventure_id: int
    user_id: int | None = None  # None: the shared screen
    directs: bool = False
    still_seated: Callable[[], bool] = field(default=lambda: True, compare=False)

    @property
    def screen(self) -> bool:
        return self.user_id is None

    @property
    def audience(self) -> str:
        if self.screen:
            return "screen"
        return "director" if self.directs else f"player-{self.user_id}"

    def viewer(self, adventure: Adventure, last_event: int | None = None) -> Viewer:
        """The viewer, reading the table as it is (at its ``last_event``: what it draws is
        kept for that moment of the table, `parts.kept`)."""
        viewer = Viewer(adventure, self.user_id, self.directs, self.screen)
        if last_event is not None:
            viewer.moment = kept.moment(adventure, last_event)
        return viewer


def table_listener(session_key: str | None, adventure_id: int) -> Listener | None:
    """The logged-in user of a session, if they have a seat at this table (runs in a drawer)."""

    def seat() -> tuple[int | None, Seat | None]:
        if not session_key:
            return None, None
        engine = import_module(settings.SESSION_ENGINE)
        user = get_user(SimpleNamespace(session=engine.SessionStore(session_key)))
        adventure = Adventure.objects.filter(pk=adventure_id).first()
        return user.pk, adventure and table_seat(user.pk, adventure)

    user_id, first = seat()
    if first is None:
        return None
    return Listener(
        adventure_id, user_id, first == Seat.DIRECTOR, lambda: seat() == (user_id, first)
    )


def screen_listener(token: str) -> Listener | None:
    """The shared screen of a link, while the link is on (runs in a drawer)."""
    adventure = screen_adventure(token)
    if adventure is None:
        return None
    adventure_id = adventure.pk
    return Listener(
        adventure_id, still_seated=lambda: getattr(screen_adventure(token), "pk", 0) == adventure_id
    )


def parse_after(*candidates: str | None) -> int | None:
    """The last event a page has seen, from Last-Event-ID or ?after=, whichever is later;
    None when the page did not say."""
    best = None
    for value in candidates:
        if value and value.isascii() and value.isdigit() and len(value) < 19:
            best = max(best or 0, int(value))
    return best


# The drawing threads -------------------------------------------------------------------------

DRAWING_THREADS = 4
_drawers = ThreadPoolExecutor(max_workers=DRAWING_THREADS, thread_name_prefix="enigma-draw")


def _job(work: Callable, args: tuple):
    try:
        return work(*args)
    except DatabaseError:
        # A connection the database dropped (a restart): try once more on a fresh one.
        connection.close()
        return work(*args)


async def in_drawer(work: Callable, *args):
    """Run database work on one of the drawing threads, which keep their connections."""
    return await asyncio.get_running_loop().run_in_executor(_drawers, _job, work, args)
