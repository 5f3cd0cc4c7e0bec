"""Drawings kept: each part of a table drawn once per audience and moment, then reused.

A *moment* of a table is its last event and when its Adventure last changed otherwise
(`Adventure.updated`). Whoever draws a part at a moment first (the broadcast of an event, a
stream's catch-up, a page) keeps the drawing here; the broadcast, every page and every
catch-up at the same moment then reuse it. Nothing is ever invalidated by hand in memory: a
new event or a change that isn't one (`changed`, which moves `Adventure.updated` in the
database) makes a new moment, which every process reads with the table, so a process that
didn't see the change draws afresh.

An event drawn for the streams carries the drawings of the moment just before it forward
(`carry`): all but those of the parts it changed, which the broadcast draws.

Bounded: per table, only the drawings of its newest moment (one per part and audience); per
process, at most `TABLES` tables, the least recently drawn forgotten first, and a table is
forgotten when its last stream closes (`forget`).

The changes a page shows that aren't events, each a new moment (each with its test in
tests/integration/test_drawings_kept.py):
- prep: the Adventure edited (its own save moves `updated`); a Leg, Scene, Key Location or
  Danger added, edited, deleted or moved (`views.prep_items`); a handout added, edited or
  deleted (`views.handouts`);
- the Director's own moves at the table (`views.director.base.aside`): crib lines ticked, the
  consequence prompts drawn again, put away, hidden or shown, their notes; their own prompts
  and the prompts' hiding are theirs at every table, so every table of theirs moves;
- a seat's own: a player's notes on their hero (`views.notes.hero_notes_save`);
- a hero edited on its sheet, its portrait, notes or relationships, or deleted
  (`characters.signals.hero_edited`): every table it sits at.
What holds the request or the time is never kept (`Part.per_request`): the TV's QR code and
"Previously on…" with the Director's line about it.

A drawing holds nothing of one browser's: where a form's CSRF token goes it holds `MARK`,
which a page replaces with its own token (`for_page`) and a stream with nothing (`for_stream`:
htmx sends the page's token in a header).
"""

import secrets
import threading
from collections import OrderedDict
from collections.abc import Callable
from datetime import datetime

from django.db.models import QuerySet
from django.utils import timezone

from sessions.models import Adventure, TableEvent

# Unguessable, so no text anybody types can stand for it.
MARK = f"csrf{secrets.token_hex(16)}"

# How many tables a process keeps drawings for.
TABLES = 200

type Moment = tuple[int, datetime]  # (last event id, 0 for none; `Adventure.updated`)
type Key = tuple[str, int | None, str]  # (the part's name, its hero, the audience)


def moment(adventure: Adventure, last_event: int) -> Moment:
    return (last_event, adventure.updated)


def last_event(adventure_id: int | None = None, *, screen_token: str = "") -> int:
    """The id of the table's newest event (0: none yet), by the table's id or its shared
    screen link.

    A page reads it BEFORE it reads the table (its seat, the Cast, the Adventure's row): a
    drawing is kept as of this moment, so it must never show the table as it was before it.
    Read after, a hero who joined in between is in the moment and not in the drawing: the
    broadcast of their joining then found the page's drawing kept at its own moment, and the
    Director's Start Leg form went on without their Lucky Saves die (fresh-eyes defect)."""
    if screen_token:
        events = TableEvent.objects.filter(adventure__screen_token=screen_token)
    else:
        events = TableEvent.objects.filter(adventure_id=adventure_id)
    return events.order_by("-pk").values_list("pk", flat=True).first() or 0


class _Drawings:
    """The drawings of one table at one moment."""

    __slots__ = ("at", "by_key")

    def __init__(self, at: Moment) -> None:
        self.at = at
        self.by_key: dict[Key, str] = {}


_lock = threading.Lock()
_tables: OrderedDict[int, _Drawings] = OrderedDict()


def kept(adventure_id: int, at: Moment, key: Key) -> str | None:
    """The drawing kept for ``key`` at this moment of the table, if any."""
    with _lock:
        drawings = _tables.get(adventure_id)
        if drawings is None or drawings.at != at:
            return None
        return drawings.by_key.get(key)


def keep(adventure_id: int, at: Moment, key: Key, html: str) -> None:
    """Keep a drawing made at ``at``: beside those of the same moment, instead of those of an
    older one; a drawing of a moment older than the kept one is let go."""
    with _lock:
        drawings = _tables.get(adventure_id)
        if drawings is None or drawings.at != at:
            if drawings is not None and not _newer(at, drawings.at):
                return
            drawings = _tables[adventure_id] = _Drawings(at)
        drawings.by_key[key] = html
        _tables.move_to_end(adventure_id)
        while len(_tables) > TABLES:
            _tables.popitem(last=False)


def older(adventure_id: int, at: Moment) -> Moment | None:
    """The moment of the drawings kept of the table when it is before ``at`` with nothing but
    events in between (the same `Adventure.updated`): what an event at ``at`` may carry
    forward (`carry`)."""
    with _lock:
        drawings = _tables.get(adventure_id)
        if drawings is None or drawings.at[1] != at[1] or drawings.at[0] >= at[0]:
            return None
        return drawings.at


def carry(adventure_id: int, since: Moment, at: Moment, changed: Callable[[Key], bool]) -> None:
    """The event at ``at`` came right after the moment ``since`` (its caller checked): the
    drawings of ``since`` that it didn't change (``changed(key)`` false) hold at ``at`` too."""
    with _lock:
        drawings = _tables.get(adventure_id)
        if drawings is None or drawings.at != since:
            return
        carried = _tables[adventure_id] = _Drawings(at)
        carried.by_key = {key: html for key, html in drawings.by_key.items() if not changed(key)}


def _newer(at: Moment, than: Moment) -> bool:
    return at[0] >= than[0] and at[1] >= than[1]


def forget(adventure_id: int) -> None:
    """Let a table's drawings go (its last stream in this process closed)."""
    with _lock:
        _tables.pop(adventure_id, None)


def forget_all() -> None:
    """Let every table's drawings go (a test's database goes)."""
    with _lock:
        _tables.clear()


def size() -> tuple[int, int]:
    """How many tables, and drawings in all, this process keeps (for tests and the bench)."""
    with _lock:
        return len(_tables), sum(len(d.by_key) for d in _tables.values())


def changed(adventures: Adventure | int | QuerySet) -> None:
    """A change a table shows that isn't an event (prep edits, a seat's own settings): a new
    moment for the table, in every process. Called after the change is written (or in its
    transaction), never before: a drawing made in between is of the moment before."""
    if isinstance(adventures, QuerySet):
        adventures.update(updated=timezone.now())
        return
    adventure_id = adventures if isinstance(adventures, int) else adventures.pk
    Adventure.objects.filter(pk=adventure_id).update(updated=timezone.now())


def hero_edited(sender, character, **kwargs) -> None:
    """A hero changed outside play (`characters.signals.hero_edited`): every table it sits at."""
    changed(Adventure.objects.filter(cast__character=character))


def for_page(html: str, csrf_token) -> str:
    """A drawing as a page shows it: with the page's own CSRF token in its forms."""
    return html.replace(MARK, str(csrf_token or ""))


def for_stream(html: str) -> str:
    """A drawing as a stream sends it: no token (htmx posts the page's in a header)."""
    return html.replace(MARK, "")
