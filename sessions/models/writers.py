"""Writers taking turns on SQLite.

SQLite lets one writer in at a time, and its busy-wait is a lottery, not a queue: under load
an unlucky writer can lose for longer than the busy timeout. One process serves a SQLite
database, so its writers (table actions, an import's inserts) queue on this lock first and
then find the database free.
"""

import contextlib
import threading

from django.db import connection

_sqlite_writers = threading.RLock()


def writers_turn() -> contextlib.AbstractContextManager:
    """Wait for this process's SQLite writers' turn; nothing to wait for on PostgreSQL."""
    return _sqlite_writers if connection.vendor == "sqlite" else contextlib.nullcontext()
