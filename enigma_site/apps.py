import os
from pathlib import Path

from django.apps import AppConfig
from django.db.backends.signals import connection_created


def _owner_only(sender, connection, **kwargs) -> None:
    """Keep a SQLite database and its -wal and -shm readable by their owner only.

    The file holds password hashes. settings.py creates the live file 0600 before SQLite first
    opens it; this also covers a file SQLite created itself (the test database, a restore).
    """
    if connection.vendor != "sqlite":
        return
    name = str(connection.settings_dict["NAME"])
    if name == ":memory:" or name.startswith("file:"):
        return
    for path in (Path(name), Path(f"{name}-wal"), Path(f"{name}-shm")):
        try:
            if path.stat().st_mode & 0o077:
                os.chmod(path, 0o600)
        except FileNotFoundError:
            pass


class SiteConfig(AppConfig):
    name = "enigma_site"
    label = "enigma_site"

    def ready(self) -> None:
        connection_created.connect(_owner_only, dispatch_uid="enigma_site.owner_only")
        from enigma_site import checks  # noqa: F401  (registers the first-run check)
