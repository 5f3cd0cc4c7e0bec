"""Write a consistent copy of the database to one file, while the site keeps running.

SQLite: the file can't simply be copied, because in WAL mode committed table events may still
sit in the -wal file beside it, and a copy taken mid-write is torn. SQLite's online backup API
reads one consistent snapshot (WAL readers never block the writers at the table) and writes a
single self-contained file. PostgreSQL: ``pg_dump --format=custom``, which ``restore`` reads
back with ``pg_restore``.

Both read the *active* database (``connection.settings_dict``), so under the test runner they
see the test database, not the live one.

The pictures (hero portraits, handouts) are files in the storage, not rows: they go beside the
database's file, in ``<backup>.media.tar``, read through Django's storage API (so a bucket is
backed up as well as a folder). Pictures are only ever added under new names, never changed,
so a picture uploaded while the backup runs is simply not in it.
"""

import contextlib
import hashlib
import io
import json
import os
import shutil
import sqlite3
import subprocess
import tarfile
import tempfile
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.files.storage import default_storage
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import DEFAULT_DB_ALIAS, connections
from django.db.backends.base.base import BaseDatabaseWrapper


def engine_of(connection: BaseDatabaseWrapper) -> str:
    """'sqlite' or 'postgresql'; anything else is refused rather than half-supported."""
    if connection.vendor in {"sqlite", "postgresql"}:
        return connection.vendor
    raise CommandError(f"Backups support SQLite and PostgreSQL, not {connection.vendor}.")


def sqlite_file(connection: BaseDatabaseWrapper) -> Path:
    """The active SQLite database's file; an in-memory database has nothing to back up."""
    name = str(connection.settings_dict["NAME"])
    if connection.is_in_memory_db():
        raise CommandError(f"The database {name!r} lives in memory: there is no file to back up.")
    return Path(name)


def open_sqlite(path: Path, mode: str = "ro") -> sqlite3.Connection:
    """A plain sqlite3 connection, separate from Django's, that waits out a busy writer.

    ``mode`` is SQLite's URI mode: "ro" reads only, "rwc" may create the file.
    """
    uri = f"{path.resolve().as_uri()}?mode={mode}"
    try:
        return sqlite3.connect(uri, uri=True, timeout=20, autocommit=True)
    except sqlite3.Error as error:
        raise CommandError(f"Can't open the SQLite database {path}: {error}") from error


def check_sqlite(db: sqlite3.Connection, path: Path) -> None:
    """Raise CommandError unless ``db`` is an intact SQLite file that Django has migrated."""
    try:
        problems = [row[0] for row in db.execute("PRAGMA integrity_check")]
        has_migrations = db.execute(
            "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'django_migrations'"
        ).fetchone()
    except sqlite3.Error as error:
        raise CommandError(f"{path} is not a usable SQLite database: {error}") from error
    if problems != ["ok"]:
        raise CommandError(f"{path} failed SQLite's integrity check: {'; '.join(problems[:5])}")
    if not has_migrations:
        raise CommandError(f"{path} is a SQLite database but not an Enigma Table one.")


def pg_command(tool: str, connection: BaseDatabaseWrapper) -> tuple[list[str], dict[str, str]]:
    """The start of a pg_dump/pg_restore command line for the active database, and its env.

    The password travels in PGPASSWORD, never in argv, where any local user could read it in
    the process list. --no-password makes a missing password an error instead of a prompt.
    """
    executable = shutil.which(tool)
    if executable is None:
        raise CommandError(
            f"{tool} was not found on the PATH. Install the PostgreSQL client tools "
            "(e.g. apt install postgresql-client), matching or newer than the server's version."
        )
    db = connection.settings_dict
    args = [executable, "--no-password"]
    if db.get("HOST"):
        args.append(f"--host={db['HOST']}")
    if db.get("PORT"):
        args.append(f"--port={db['PORT']}")
    if db.get("USER"):
        args.append(f"--username={db['USER']}")
    env = dict(os.environ)
    if db.get("PASSWORD"):
        env["PGPASSWORD"] = str(db["PASSWORD"])
    if sslmode := db.get("OPTIONS", {}).get("sslmode"):
        env["PGSSLMODE"] = str(sslmode)
    return args, env


def run_tool(args: list[str], env: dict[str, str], what: str) -> str:
    """Run a PostgreSQL client tool; its stderr becomes the CommandError when it fails."""
    try:
        result = subprocess.run(args, env=env, capture_output=True, text=True, check=False)
    except OSError as error:
        raise CommandError(f"Couldn't run {args[0]}: {error}") from error
    if result.returncode != 0:
        detail = result.stderr.strip() or f"exit status {result.returncode}"
        raise CommandError(f"{what} failed: {detail}")
    return result.stdout


# The storage's folders that hold pictures: a backup takes these, a restore puts them back.
PICTURE_FOLDERS = ("portraits", "handouts")


def media_path(backup: Path) -> Path:
    """Where a backup's pictures go: beside it."""
    return backup.with_name(backup.name + ".media.tar")


def stored_pictures() -> list[str]:
    """Every picture file in the storage, by its storage name."""
    names = []
    for folder in PICTURE_FOLDERS:
        try:
            _dirs, files = default_storage.listdir(folder)
        except FileNotFoundError:
            continue
        names += [f"{folder}/{name}" for name in files]
    return sorted(names)


# The last member of a pictures file: every picture's name and SHA-256. A file cut short
# lacks it (or a picture it lists), so a restore can tell.
MANIFEST = "pictures.json"


def _add(archive: tarfile.TarFile, name: str, data: bytes) -> None:
    info = tarfile.TarInfo(name)
    info.size, info.mode = len(data), 0o600
    archive.addfile(info, io.BytesIO(data))


def write_media(target: Path) -> int:
    """Write every stored picture into a tar file at ``target``; how many there were."""
    digests = {}
    with tarfile.open(target, "w") as archive:
        for name in stored_pictures():
            try:
                with default_storage.open(name, "rb") as file:
                    data = file.read()
            except FileNotFoundError:
                continue  # deleted meanwhile: its row is gone too
            _add(archive, name, data)
            digests[name] = hashlib.sha256(data).hexdigest()
        _add(archive, MANIFEST, json.dumps({"pictures": digests}, indent=1).encode())
    return len(digests)


def human_size(size: int) -> str:
    if size < 1024:
        return f"{size} bytes"
    value = size / 1024
    for unit in ("KB", "MB"):
        if value < 1024:
            return f"{value:.1f} {unit}"
        value /= 1024
    return f"{value:.1f} GB"


class Command(BaseCommand):
    help = (
        "Back up the database to PATH (default: DATA_DIR/backups/enigma-<UTC time>.sqlite3 or "
        ".dump). Safe while the site is running."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("path", nargs="?", type=Path, help="Where to write the backup.")
        parser.add_argument(
            "--database",
            default=DEFAULT_DB_ALIAS,
            help="Which database to back up (default: %(default)s).",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        connection = connections[options["database"]]
        engine = engine_of(connection)
        path: Path = options["path"] or self.default_path(engine)
        if path.is_dir():
            raise CommandError(f"{path} is a folder; give the backup a file name.")
        path.parent.mkdir(parents=True, exist_ok=True)
        # Write beside the target and rename at the end, so a failed or interrupted backup
        # never leaves a truncated file where a good one is expected. The database first:
        # every picture it names was stored before it was named.
        with self.partial(path) as partial:
            if engine == "sqlite":
                self.backup_sqlite(connection, partial)
            else:
                self.backup_postgresql(connection, partial)
        pictures = media_path(path)
        with self.partial(pictures) as partial:
            count = write_media(partial)
        size = human_size(path.stat().st_size)
        self.stdout.write(
            self.style.SUCCESS(
                f"Backed up to {path} ({size}), and {count} picture file{'s' if count != 1 else ''}"
                f" to {pictures} ({human_size(pictures.stat().st_size)})."
            )
        )

    @staticmethod
    @contextlib.contextmanager
    def partial(path: Path):
        """A temporary file beside ``path`` that becomes ``path`` if the block succeeds."""
        fd, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".part", dir=path.parent)
        os.close(fd)
        partial = Path(temporary)
        try:
            yield partial
            partial.chmod(0o600)
            partial.replace(path)
        finally:
            partial.unlink(missing_ok=True)

    def default_path(self, engine: str) -> Path:
        stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ")
        suffix = ".sqlite3" if engine == "sqlite" else ".dump"
        return Path(settings.DATA_DIR) / "backups" / f"enigma-{stamp}{suffix}"

    def backup_sqlite(self, connection: BaseDatabaseWrapper, target: Path) -> None:
        source_path = sqlite_file(connection)
        if not source_path.is_file():
            raise CommandError(f"There is no SQLite database at {source_path} to back up.")
        source = open_sqlite(source_path)
        try:
            dest = sqlite3.connect(target, autocommit=True)
            try:
                # All pages in one step: one read snapshot, so the copy is consistent and a
                # busy table can't keep restarting it. Writers carry on meanwhile (WAL).
                source.backup(dest)
                # The copy inherits WAL mode from the header; make it one self-contained file.
                dest.execute("PRAGMA journal_mode=DELETE")
                check_sqlite(dest, target)
            finally:
                dest.close()
        except sqlite3.Error as error:
            raise CommandError(f"SQLite backup of {source_path} failed: {error}") from error
        finally:
            source.close()

    def backup_postgresql(self, connection: BaseDatabaseWrapper, target: Path) -> None:
        args, env = pg_command("pg_dump", connection)
        name = connection.settings_dict["NAME"]
        args += ["--format=custom", f"--file={target}", f"--dbname={name}"]
        run_tool(args, env, f"pg_dump of database {name!r}")
