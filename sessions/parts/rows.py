"""The log's rows, each drawn once per process.

An event never changes after it is written, except for being undone, so the row it makes is
kept (by the event, its time and whether it is undone) and every page and drawing after the
first reuses it. A table page shows thirty rows: drawing them was a third of its cost
(issue 27). The rows kept are the newest used, a few megabytes at most.
"""

import threading
from collections import OrderedDict

from django.template.loader import render_to_string
from django.utils.safestring import SafeString

from sessions.models import TableEvent

KEPT = 20_000
TEMPLATE = "sessions/table/_event.html"

_rows: OrderedDict[tuple, SafeString] = OrderedDict()
_lock = threading.Lock()


def event_row(event: TableEvent, oob: bool = False) -> SafeString:
    """The event's `<li>` in the log; ``oob`` swaps it out of band (an undo striking it out)."""
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
    with _lock:
        _rows[key] = row
        if len(_rows) > KEPT:
            _rows.popitem(last=False)
    return row
