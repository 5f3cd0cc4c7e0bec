"""The log's rows, each drawn once per process.

An event never changes after it is written, except for being undone, so the row it makes is
kept (by the event, its time and whether it is undone) and every page and drawing after the
first reuses it. A table page shows thirty rows: drawing them was a third of its cost
(issue 27). The rows kept are the newest used, up to KEPT_CHARACTERS of HTML in all (about
4 MB: the newest thirty rows of some two hundred tables); the oldest used go first.
"""

import threading
from collections import OrderedDict

from django.template.loader import render_to_string
from django.utils.safestring import SafeString

from sessions.models import TableEvent
from sessions.models.table import UNLOGGED

KEPT_CHARACTERS = 4_000_000
TEMPLATE = "sessions/table/_event.html"

_rows: OrderedDict[tuple, SafeString] = OrderedDict()
_lock = threading.Lock()
_kept = 0  # the characters of every row in _rows


def event_row(event: TableEvent, oob: bool = False) -> SafeString:
    """The event's `<li>` in the log; ``oob`` swaps it out of band (an undo striking it out).
    An event for the live screens alone, or the Director's own (`UNLOGGED`), has no row."""
    if event.kind in UNLOGGED:
        return SafeString("")
    if event.pk is None:
        return render_to_string(TEMPLATE, {"event": event, "oob": oob})
    # Its time as well as its id: a database rolled back (tests) may give an id out again.
    key = (event.pk, event.created, event.undone_by_id, oob)
    with _lock:
        row = _rows.get(key)
        if row is not None:
            _rows.move_to_end(key)
            return row
    row = render_to_string(TEMPLATE, {"event": event, "oob": oob})
    global _kept
    with _lock:
        if key not in _rows:  # drawn meanwhile by another thread: kept once
            _rows[key] = row
            _kept += len(row)
            while _kept > KEPT_CHARACTERS and len(_rows) > 1:
                _kept -= len(_rows.popitem(last=False)[1])
    return row


def kept() -> tuple[int, int]:
    """How many rows are kept, and their characters in all."""
    with _lock:
        return len(_rows), _kept


def forget() -> None:
    global _kept
    with _lock:
        _rows.clear()
        _kept = 0
