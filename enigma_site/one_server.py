"""One server process to a SQLite database.

On SQLite the live channel lives in the memory of the server process (`sessions.channel`): an
event written through a second process on the same file never reaches the streams the first
one holds, and the pages there silently miss it. So a server claims the database when it
starts, with a lock on a file beside it that the system lets go of when the process ends
however it ends; a second server on the same file finds the lock taken and refuses to start.
PostgreSQL carries events between processes (LISTEN/NOTIFY): any number may serve it.
"""

import fcntl
import os
from pathlib import Path

from django.conf import settings

_claimed: dict[Path, int] = {}  # the lock files this process holds, kept open while it lives


def claim_database() -> str | None:
    """Claim the SQLite database for this server process: None when it is ours (or the
    database is PostgreSQL), else why this process must not serve it."""
    holder = claim()
    if holder is None:
        return None
    return (
        f"Another server process ({holder}) is already serving the SQLite database "
        f"{settings.DATABASES['default']['NAME']}. One process serves a SQLite database: a "
        "second one's table events would never reach the pages the first one holds. Stop the "
        "other server (or run one with --workers 1), or move to PostgreSQL (DATABASE_URL) to "
        "run several."
    )


def claim() -> str | None:
    """Take the SQLite database's lock for this process (a server, or `restore`, which must
    not change the database under a running server, nor have one start halfway): None when it
    is ours (or the database is PostgreSQL), else who holds it."""
    database = settings.DATABASES["default"]
    if database["ENGINE"] != "django.db.backends.sqlite3":
        return None
    path = Path(f"{database['NAME']}-server.lock")
    if path in _claimed:
        return None
    handle = os.open(path, os.O_CREAT | os.O_RDWR, 0o600)
    try:
        fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        holder = os.read(handle, 32).decode("ascii", "replace").strip() or "another process"
        os.close(handle)
        return holder
    os.ftruncate(handle, 0)
    os.write(handle, f"process {os.getpid()}".encode("ascii"))
    _claimed[path] = handle
    return None


def release() -> None:
    """Let go of the database's lock (`restore`, done: a server may start)."""
    for path in list(_claimed):
        os.close(_claimed.pop(path))
