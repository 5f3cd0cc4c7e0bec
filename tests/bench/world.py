"""The world the benchmark plays in: a fresh database full of tables, and the servers.

Preparing runs in a child process (`python -m tests.bench.world`) with the environment of the
database being measured, so one bench run can set up SQLite and then PostgreSQL without two
Django configurations meeting in one process.
"""

import argparse
import contextlib
import json
import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
RESULTS = ROOT / "bench-results"
SECRET_KEY = "bench-only-" + "k" * 50
PLAYERS_PER_TABLE = 4
CROWD = 20
SOLO_TABLES = 6
SCENES_PER_TABLE = 40


def environment(data_dir: Path, database_url: str | None) -> dict[str, str]:
    """A production-like server (DEBUG off) on loopback, without HTTPS, on its own database."""
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in {"DJANGO_ALLOW_ASYNC_UNSAFE", "DATABASE_URL", "SQLITE_PATH"}
    }
    env.update(
        DEBUG="false",
        SECRET_KEY=SECRET_KEY,
        SECURE_SSL_REDIRECT="false",
        SECURE_COOKIES="false",
        SECURE_HSTS_SECONDS="0",
        LOG_LEVEL="WARNING",
        DATA_DIR=str(data_dir),
        LOGIN_FAILURE_LIMIT="1000",
        # The site's settings plus the minimal write view every figure is a ratio to.
        DJANGO_SETTINGS_MODULE="tests.bench.settings",
    )
    if database_url:
        env["DATABASE_URL"] = database_url
    else:
        env["SQLITE_PATH"] = str(data_dir / "bench.sqlite3")
    return env


def scratch(name: str) -> bool:
    """Whether a database's name says it is the bench's to wipe ("bench" or "soak" in it)."""
    return "bench" in name or "soak" in name


def ensure_database(url: str) -> None:
    """Make the scratch PostgreSQL database of ``url`` if it is missing (a fresh machine has
    none), through the server's own `postgres` database; a name without "bench" or "soak" is
    never made (the bench wipes what it runs on)."""
    import psycopg

    name = url.rsplit("/", 1)[1].split("?")[0]
    if not scratch(name):
        return
    server = url.rsplit("/", 1)[0] + "/postgres"
    with psycopg.connect(server, autocommit=True) as connection:
        known = connection.execute("SELECT 1 FROM pg_database WHERE datname = %s", [name])
        if not known.fetchone():
            connection.execute(f'CREATE DATABASE "{name}"')


def collect_static(env: dict[str, str]) -> None:
    """With DEBUG off pages name their assets through the staticfiles manifest: without it
    every page answers 500. STATIC_ROOT is the project's own (git-ignored) staticfiles/."""
    subprocess.run(
        [sys.executable, "manage.py", "collectstatic", "--noinput", "-v0"],
        cwd=ROOT,
        env=env,
        check=True,
        capture_output=True,
        text=True,
    )


def prepare(env: dict[str, str], capacity_tables: int, timeout: float = 240) -> dict:
    """Migrate and fill the database in a child process; the layout of the world it made."""
    done = subprocess.run(
        [sys.executable, "-m", "tests.bench.world", "--capacity-tables", str(capacity_tables)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
    )
    if done.returncode:
        last = [line for line in done.stderr.splitlines() if line.strip()][-2:]
        raise RuntimeError("preparing the database failed: " + " / ".join(last))
    return json.loads(done.stdout)


def _build(capacity_tables: int) -> dict:
    import django

    django.setup()
    from django.conf import settings
    from django.contrib.auth import (
        BACKEND_SESSION_KEY,
        HASH_SESSION_KEY,
        SESSION_KEY,
        get_user_model,
    )
    from django.contrib.sessions.backends.db import SessionStore
    from django.core.management import call_command
    from django.db import connection, transaction
    from django.db.models import Max
    from django.utils.crypto import get_random_string

    from characters.models import Character
    from sessions.models import Adventure, CastMember, KeyLocation, Leg, Scene, TableEvent
    from sessions.models.prep import new_screen_token

    if connection.vendor == "postgresql" and not scratch(connection.settings_dict["NAME"]):
        raise SystemExit(
            "The benchmark wipes its database; point the URL at a scratch database whose name "
            f"says so (e.g. …/enigma_bench or …/enigma_soak_a), not "
            f"{connection.settings_dict['NAME']!r}."
        )
    if connection.vendor == "postgresql":
        # A scratch database: start from an empty schema, whatever an older run left in it.
        with connection.cursor() as cursor:
            cursor.execute("DROP SCHEMA public CASCADE; CREATE SCHEMA public;")
    call_command("migrate", interactive=False, verbosity=0)
    # Then the bench's own table (no migrations), which points at the users' table.
    call_command("migrate", interactive=False, verbosity=0, run_syncdb=True)
    users = get_user_model().objects
    backend = "django.contrib.auth.backends.ModelBackend"

    def person(username: str):
        user = users.create(username=username)
        user.set_unusable_password()
        user.save(update_fields=["password"])
        store = SessionStore()
        store[SESSION_KEY] = str(user.pk)
        store[BACKEND_SESSION_KEY] = backend
        store[HASH_SESSION_KEY] = user.get_session_auth_hash()
        store.create()
        csrf = get_random_string(32)
        return user, {settings.SESSION_COOKIE_NAME: store.session_key, "csrftoken": csrf}

    def table(name: str, players: int) -> dict:
        director, director_cookies = person(f"director-{name}")
        adventure = Adventure.objects.create(
            director=director,
            title=f"Bench table {name}",
            status=Adventure.Status.PLAYING,
        )
        adventure.screen_token = new_screen_token(adventure.pk)  # as the Director's switch makes it
        adventure.save(update_fields=["screen_token"])
        leg = Leg.objects.create(
            adventure=adventure, title="The Long Night", position=1, status=Leg.Status.PLAYING
        )
        place = KeyLocation.objects.create(leg=leg, name="The Docks", wide_shot_opening="Fog.")
        Scene.objects.create(
            leg=leg, beat="Fog on the docks", key_location=place, status=Scene.Status.PLAYING
        )
        # Scenes to move on to when someone is knocked out, as a Director would.
        later = Scene.objects.bulk_create(
            Scene(leg=leg, beat=f"Scene {n}", position=n, key_location=place)
            for n in range(2, 2 + SCENES_PER_TABLE)
        )
        seats = []
        for p in range(players):
            user, cookies = person(f"player-{name}-{p}")
            hero = Character.objects.create(
                owner=user, name=f"Hero {name}-{p}", archetype="explorer", lucky_saves=3
            )
            CastMember.objects.create(adventure=adventure, character=hero)
            seats.append({"character": hero.pk, "cookies": cookies})
        return {
            "adventure": adventure.pk,
            "screen": adventure.screen_token,
            "director": director_cookies,
            "players": seats,
            "scenes": [scene.pk for scene in later],
        }

    with transaction.atomic():
        world = {
            "solo": [table(f"solo{n}", PLAYERS_PER_TABLE) for n in range(SOLO_TABLES)],
            "crowd": table("crowd", CROWD),
            "fanout": table("fanout", 1),
            "browser": table("browser", 3),
            "capacity": [table(f"c{n}", PLAYERS_PER_TABLE) for n in range(capacity_tables)],
        }
    # Streams are opened after the last event there was, as a freshly loaded page would.
    world["after"] = TableEvent.objects.aggregate(latest=Max("id"))["latest"] or 0
    return world


# Servers ----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Servers:
    """Uvicorn processes of one site; clients spread their connections over the ports."""

    ports: tuple[int, ...]
    pids: tuple[int, ...]
    database_url: str | None = None

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.ports[0]}"

    def cpu_seconds(self) -> float:
        return sum(cpu_seconds(pid) for pid in self.pids)

    def waited(self, backends: list[int] = ()) -> float:
        """Seconds the servers' threads (and ``backends``, PostgreSQL's processes) have spent
        ready to run but waiting for a CPU: on a machine with more work than CPUs, the part of
        a latency that is neither the server's work nor the database's."""
        return sum(run_queue_seconds(pid) for pid in (*self.pids, *backends))

    def database_cpu(self) -> dict[int, float]:
        """CPU seconds so far of each PostgreSQL backend serving the site's database, by pid
        (on this machine: the servers' own CPU leaves out the queries' work); {} on SQLite."""
        if not self.database_url:
            return {}
        import psycopg

        with psycopg.connect(self.database_url, autocommit=True) as connection:
            pids = connection.execute(
                "SELECT pid FROM pg_stat_activity"
                " WHERE datname = current_database() AND pid <> pg_backend_pid()"
            ).fetchall()
        return {pid: cpu_seconds(pid) for (pid,) in pids}

    def rss_kb(self) -> int:
        return sum(rss_kb(pid) for pid in self.pids)

    def alive(self) -> bool:
        return all(Path(f"/proc/{pid}").exists() for pid in self.pids)


# The ASGI app the site runs, and the one before issue #27 (for side-by-side figures).
APP = "enigma_site.asgi:application"
STOCK_APP = "tests.bench.stock_asgi:application"


@contextlib.contextmanager
def servers(
    env: dict[str, str], count: int, label: str, app: str = APP, workers: int = 1
) -> Iterator[Servers]:
    """``count`` uvicorn processes, each on its own port (each with ``workers`` processes, as
    uvicorn's --workers makes: then only latency is measured, the CPU figures miss the
    workers). With several, an event written through one reaches the streams held by another
    only through NOTIFY."""
    RESULTS.mkdir(exist_ok=True)
    processes, logs, ports = [], [], []
    try:
        for n in range(count):
            port = _free_port()
            log = open(RESULTS / f"server-{label}-{n}.log", "w")  # noqa: SIM115 - closed below
            logs.append(log)
            command = [
                sys.executable, "-m", "uvicorn", app,
                "--host", "127.0.0.1", "--port", str(port), "--no-access-log",
                "--log-level", "warning", "--timeout-keep-alive", "30", "--backlog", "4096",
                "--workers", str(workers),
            ]  # fmt: skip
            processes.append(
                subprocess.Popen(command, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
            )
            ports.append(port)
        for port, process in zip(ports, processes, strict=True):
            _wait_healthy(port, process)
        yield Servers(tuple(ports), tuple(p.pid for p in processes), env.get("DATABASE_URL"))
    finally:
        for process in processes:
            process.terminate()
        for process in processes:
            try:
                process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                process.kill()
        for log in logs:
            log.close()


def _wait_healthy(port: int, process: subprocess.Popen) -> None:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"the server on port {port} exited with {process.returncode}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1) as sock:
                sock.sendall(
                    b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
                )
                if sock.recv(64).startswith(b"HTTP/1.1 200"):
                    return
        except OSError:
            pass
        time.sleep(0.1)
    raise RuntimeError(f"the server on port {port} did not start")


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process so far (utime and stime in /proc/<pid>/stat)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except FileNotFoundError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def run_queue_seconds(pid: int) -> float:
    """Time every thread of a process has spent runnable but not running (the second field of
    /proc/<pid>/task/<tid>/schedstat, in ns)."""
    total = 0
    for stat in Path(f"/proc/{pid}/task").glob("*/schedstat"):
        try:
            total += int(stat.read_text().split()[1])
        except (OSError, IndexError, ValueError):
            continue  # a thread that ended meanwhile
    return total / 1e9


def rss_kb(pid: int) -> int:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except FileNotFoundError:
        pass
    return 0


def main() -> None:
    parser = argparse.ArgumentParser(description="Fill the bench database; print its layout.")
    parser.add_argument("--capacity-tables", type=int, required=True)
    args = parser.parse_args()
    json.dump(_build(args.capacity_tables), sys.stdout)


if __name__ == "__main__":
    main()
