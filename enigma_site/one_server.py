"""Who may serve the database, and when `restore` may replace it.

On SQLite the live channel lives in the memory of the server process (`sessions.channel`): an
event written through a second process on the same file never reaches the streams the first
one holds, and the pages there silently miss it. So a server claims the database when it
starts, with a lock on a file beside it that the system lets go of when the process ends
however it ends; a second server on the same file finds the lock taken and refuses to start.

PostgreSQL carries events between processes (LISTEN/NOTIFY): any number may serve it. Each
server process holds a shared advisory lock on the database, on a connection of its own kept
for as long as it lives; PostgreSQL lets go of it when the process (or its connection) ends.
`restore` takes the same lock alone, so it sees every live server whatever its connections
are called, and no server can start while a restore is under way.
"""

import fcntl
import os
from pathlib import Path

from django.conf import settings
from django.db import DEFAULT_DB_ALIAS, connections

# The advisory lock's two keys: "Enig" and what holds it (a server, or restore alone).
LOCK_KEYS = (0x456E6967, 1)

_claimed: dict[Path, int] = {}  # the lock files this process holds, kept open while it lives
_held: list = []  # the PostgreSQL connection holding the advisory lock, while it lives


def _on_sqlite() -> bool:
    return settings.DATABASES[DEFAULT_DB_ALIAS]["ENGINE"] == "django.db.backends.sqlite3"


def claim_database() -> str | None:
    """Claim the database for this server process: None when it may serve it, else why not."""
    name = settings.DATABASES[DEFAULT_DB_ALIAS]["NAME"]
    if not _on_sqlite():
        if _claim_postgresql(shared=True) is None:
            return None
        return (
            f"A restore is replacing the PostgreSQL database {name} right now. Start the server "
            "again when it is done."
        )
    holder = claim()
    if holder is None:
        return None
    return (
        f"Another server process ({holder}) is already serving the SQLite database "
        f"{name}. One process serves a SQLite database: a second one's table events would "
        "never reach the pages the first one holds. Stop the other server (or run one with "
        "--workers 1), or move to PostgreSQL (DATABASE_URL) to run several."
    )


def claim() -> str | None:
    """Take the database alone for this process (`restore`, which must not change the
    database under a running server, nor have one start halfway; and a SQLite server): None
    when it is ours, else who holds it."""
    if not _on_sqlite():
        return _claim_postgresql(shared=False)
    path = Path(f"{settings.DATABASES[DEFAULT_DB_ALIAS]['NAME']}-server.lock")
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


def _claim_postgresql(shared: bool) -> str | None:
    """Take the advisory lock, shared (a server) or alone (`restore`), on a connection of its
    own: Django's connections come and go from a pool, and a session's lock goes with it."""
    if _held:
        return None
    database = connections[DEFAULT_DB_ALIAS]
    held = database.Database.connect(**database.get_connection_params())
    held.autocommit = True
    take = "pg_try_advisory_lock_shared" if shared else "pg_try_advisory_lock"
    (taken,) = held.execute(f"SELECT {take}(%s, %s)", LOCK_KEYS).fetchone()
    if taken:
        _held.append(held)
        return None
    (holders,) = held.execute(
        "SELECT count(DISTINCT pid) FROM pg_locks WHERE locktype = 'advisory' AND granted "
        "AND database = (SELECT oid FROM pg_database WHERE datname = current_database()) "
        "AND classid = %s AND objid = %s AND objsubid = 2",
        LOCK_KEYS,
    ).fetchone()
    held.close()
    return f"{holders} process{'es' if holders != 1 else ''}"


def release() -> None:
    """Let go of the database's lock (`restore`, done: a server may start)."""
    for path in list(_claimed):
        os.close(_claimed.pop(path))
    while _held:
        _held.pop().close()
