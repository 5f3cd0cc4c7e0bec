"""Replace the database with a file made by ``backup``, then migrate it up to date.

This throws away everything written since the backup, so it asks first: ``--yes``, or typing
"yes" at a terminal. Piped input never counts as an answer: a script must say ``--yes``.

Everything that can be checked is checked before the database is touched, so a missing, corrupt
or foreign file leaves it exactly as it was:

- SQLite: the backup must pass ``PRAGMA integrity_check`` and hold Django's migrations table.
  It is then copied over the live file with SQLite's online backup API, through a connection to
  the live database: one write transaction, so other processes see either the old database or
  the restored one, never a mixture, and nothing is left stale in the -wal file.
- PostgreSQL: ``pg_restore --list`` must read the archive, and the database must not hold tables
  the backup lacks (they would block dropping the old ones). Then ``pg_restore --clean
  --if-exists --no-owner --single-transaction``: all or nothing.

Afterwards ``migrate`` brings a backup made by an older version of the site up to date.

The pictures come back from ``<backup>.media.tar`` beside the backup, if it is there (checked
before anything changes, like the database): the storage then holds exactly the pictures of
the backup. Without one (a backup from before pictures), the stored pictures are left alone.
"""

import hashlib
import json
import re
import sqlite3
import sys
import tarfile
from pathlib import Path, PurePosixPath
from typing import Any

from django.core.files.base import ContentFile
from django.core.files.storage import default_storage
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import DEFAULT_DB_ALIAS, connections
from django.db.backends.base.base import BaseDatabaseWrapper

from enigma_site import one_server
from enigma_site.management.commands.backup import (
    MANIFEST,
    PICTURE_FOLDERS,
    check_sqlite,
    engine_of,
    media_path,
    open_sqlite,
    pg_command,
    run_tool,
    sqlite_file,
    stored_pictures,
)
from sessions.models import TableEvent

# A table in `pg_restore --list`: "215; 1259 16390 TABLE public django_migrations owner".
LISTED_TABLE = re.compile(r"^\d+; \d+ \d+ TABLE (?P<schema>\S+) (?P<name>\S+) ", re.MULTILINE)


class Command(BaseCommand):
    help = (
        "Replace the database with a backup written by `backup`, then migrate it. Destructive: "
        "asks for confirmation unless --yes is given."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("path", type=Path, help="The backup file to restore.")
        parser.add_argument(
            "--yes",
            action="store_true",
            help="Don't ask: replace the database. Needed when stdin is not a terminal.",
        )
        parser.add_argument(
            "--database",
            default=DEFAULT_DB_ALIAS,
            help="Which database to replace (default: %(default)s).",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        alias: str = options["database"]
        connection = connections[alias]
        path: Path = options["path"]
        if not path.is_file():
            raise CommandError(f"There is no backup file at {path}.")
        if connection.in_atomic_block:
            raise CommandError("Can't restore inside a transaction.")
        # No server may serve the database while it is replaced: it would go on sending the
        # pages what it drew of the old one. Restore holds the servers' lock (a file beside a
        # SQLite database, an advisory lock on PostgreSQL) until it is done, so none can start
        # halfway either.
        holder = one_server.claim() if alias == DEFAULT_DB_ALIAS else None
        try:
            if holder is not None:
                raise CommandError(
                    f"A server ({holder}) is serving database "
                    f"{connection.settings_dict['NAME']} right now. Stop it first (Ctrl+C "
                    "where it runs, or your service manager's stop), restore, then start it "
                    "again: its pages reconnect and start over. Nothing was changed."
                )
            self.restore(connection, path, alias, options)
        finally:
            one_server.release()

    def restore(self, connection, path: Path, alias: str, options: dict) -> None:
        engine = engine_of(connection)
        name = connection.settings_dict["NAME"]
        pictures = check_media(media_path(path))
        # Event ids carry on above every id this database ever gave out, so a page's
        # Last-Event-ID from before the restore never names a new event (`event_ids`).
        issued = event_ids(connection)

        if engine == "sqlite":
            live = sqlite_file(connection)
            source = open_sqlite(path)
            try:
                check_sqlite(source, path)
                self.confirm(path, name, options["yes"])
                # Django's own connection must not sit in the middle of a read while the
                # database changes under it; it reconnects on the next query.
                connection.close()
                self.restore_sqlite(source, path, live)
            finally:
                source.close()
        else:
            self.check_postgresql_archive(connection, path)
            self.confirm(path, name, options["yes"])
            connection.close()
            args, env = pg_command("pg_restore", connection)
            args += [
                "--clean",
                "--if-exists",
                "--no-owner",
                "--single-transaction",
                f"--dbname={name}",
                str(path),
            ]
            try:
                run_tool(args, env, f"pg_restore into database {name!r}")
            except CommandError as error:
                raise CommandError(
                    f"{error}\nIt was one transaction: nothing was changed."
                ) from error

        self.stdout.write(self.style.SUCCESS(f"Restored {path} into database {name}."))
        if pictures is None:
            self.stdout.write(f"No {media_path(path).name} beside it: pictures left as they are.")
        else:
            count = restore_media(pictures)
            self.stdout.write(
                self.style.SUCCESS(f"Restored {count} picture file{'s' if count != 1 else ''}.")
            )
        call_command(
            "migrate",
            database=alias,
            interactive=False,
            verbosity=options["verbosity"],
            stdout=self.stdout,
        )
        event_ids(connection, at_least=issued)

    def confirm(self, path: Path, name: str, yes: bool) -> None:
        if yes:
            return
        if not sys.stdin.isatty():
            raise CommandError(
                "restore replaces the whole database and stdin is not a terminal to ask on. "
                "Run it again with --yes if you mean it."
            )
        prompt = (
            f"This replaces everything in database {name} with {path}; anything written since "
            "that backup is lost. Type 'yes' to continue: "
        )
        try:
            answer = input(prompt)
        except EOFError:
            answer = ""
        if answer.strip().lower() != "yes":
            raise CommandError("Restore cancelled; nothing was changed.")

    def restore_sqlite(self, source: sqlite3.Connection, path: Path, live: Path) -> None:
        dest = open_sqlite(live, mode="rwc")
        try:
            # One step, one write transaction on the live database. Python retries while a
            # writer holds the lock, so a busy table delays the restore instead of failing it.
            source.backup(dest)
        except sqlite3.Error as error:
            raise CommandError(f"Restoring {path} into {live} failed: {error}") from error
        finally:
            dest.close()

    def check_postgresql_archive(self, connection: BaseDatabaseWrapper, path: Path) -> None:
        args, env = pg_command("pg_restore", connection)
        listing = run_tool([*args, "--list", str(path)], env, f"Reading {path} as a pg_dump file")
        in_backup = {match["name"] for match in LISTED_TABLE.finditer(listing)}
        if "django_migrations" not in in_backup:
            raise CommandError(f"{path} is a pg_dump archive but not an Enigma Table database.")
        extra = sorted(set(connection.introspection.table_names()) - in_backup)
        if extra:
            raise CommandError(
                f"The database has tables this backup lacks ({', '.join(extra)}), so it was "
                "probably made by an older version of Enigma Table. Restore it into an empty "
                "database (dropdb, createdb, then restore); migrate will bring it up to date. "
                "Nothing was changed."
            )


def event_ids(connection: BaseDatabaseWrapper, at_least: int = 0) -> int:
    """The highest table-event id the database has given out; with ``at_least``, first make
    the next one come after it."""
    table = TableEvent._meta.db_table
    if table not in connection.introspection.table_names():
        return 0  # an empty database, before a restore into it
    with connection.cursor() as cursor:
        if engine_of(connection) == "sqlite":
            # AUTOINCREMENT keeps the highest id ever used in sqlite_sequence.
            if at_least:
                cursor.execute("DELETE FROM sqlite_sequence WHERE name = %s AND seq < %s",
                               [table, at_least])  # fmt: skip
                cursor.execute(
                    "INSERT INTO sqlite_sequence (name, seq) SELECT %s, %s WHERE NOT EXISTS "
                    "(SELECT 1 FROM sqlite_sequence WHERE name = %s)",
                    [table, at_least, table],
                )
            cursor.execute("SELECT seq FROM sqlite_sequence WHERE name = %s", [table])
            row = cursor.fetchone()
            cursor.execute(f'SELECT COALESCE(MAX(id), 0) FROM "{table}"')
            return max(row[0] if row else 0, cursor.fetchone()[0])
        cursor.execute("SELECT pg_get_serial_sequence(%s, 'id')", [table])
        (sequence,) = cursor.fetchone()
        if at_least:
            cursor.execute(
                f'SELECT setval(%s, GREATEST(%s, (SELECT COALESCE(MAX(id), 0) FROM "{table}")))',
                [sequence, at_least],
            )
        cursor.execute(f"SELECT last_value FROM {sequence}")
        return cursor.fetchone()[0]


def check_media(archive: Path) -> Path | None:
    """The backup's pictures file if there is one, checked before anything changes: whole
    (every picture its manifest lists, byte for byte) and nothing in it but picture files in
    the storage's picture folders (no links, no paths out of them)."""
    if not archive.exists():
        return None
    try:
        with tarfile.open(archive) as tar:
            members = {member.name: member for member in tar.getmembers()}
            manifest = json.loads(tar.extractfile(members[MANIFEST]).read())["pictures"]
            found = {
                name: hashlib.sha256(tar.extractfile(member).read()).hexdigest()
                for name, member in members.items()
                if name != MANIFEST and member.isfile()
            }
    except (tarfile.TarError, OSError, EOFError, KeyError, ValueError, TypeError) as error:
        raise CommandError(f"{archive} is damaged ({error!r}): nothing was changed.") from error
    for name, member in members.items():
        parts = PurePosixPath(name).parts
        if name != MANIFEST and not (
            member.isfile()
            and len(parts) == 2
            and parts[0] in PICTURE_FOLDERS
            and parts[1] not in (".", "..")
        ):
            raise CommandError(
                f"{archive} holds {name!r}, which is not a picture of Enigma Table's: "
                "nothing was changed."
            )
    if found != manifest:
        raise CommandError(
            f"{archive} is damaged (pictures missing or changed): nothing was changed."
        )
    return archive


def restore_media(archive: Path) -> int:
    """Put the backup's pictures back; pictures stored since then (no row names them now)
    go."""
    kept = set()
    with tarfile.open(archive) as tar:
        for member in tar.getmembers():
            if member.name == MANIFEST:
                continue
            data = tar.extractfile(member).read()
            if default_storage.exists(member.name):
                default_storage.delete(member.name)
            kept.add(default_storage.save(member.name, ContentFile(data)))
    for name in stored_pictures():
        if name not in kept:
            default_storage.delete(name)
    return len(kept)
