"""`make soak`: the site played for a long while on PostgreSQL with two workers, with faults.

Realistic tables (a Director, four players and the TV, each holding its page's stream; one
action per table every 5–10 s, as `tests.bench.people` plays them) for SOAK_MINUTES or
SOAK_SECONDS (20 minutes by default), while every SOAK_KILL_EVERY seconds one worker hangs
(SIGSTOP) for 3 s and is then killed with SIGKILL (uvicorn starts another; the youngest is
killed, so the eldest lives throughout), and one Campaign import and one
backup run in the middle. Like a page, a client that loses its answer sends the same action
again with the same request id, and a stream that drops reconnects with the last id it saw.

It reports, and fails (exit 1) unless they hold:

- actions acknowledged (a 200) and actions kept (their events in the log, each exactly once):
  equal;
- events delivered to every stream that stayed connected the whole time: all of its table's;
  and to a stream that dropped (its worker killed) and reconnected: all of them too, the
  ones it missed in its catch-up's log rows;
- answers 5xx: none (a killed worker's requests in flight are lost connections, which the
  client sends again and which then land once);
- resident memory of each worker over time (reported, every SOAK_MEMORY_EVERY seconds, 600 by
  default, as it goes and in a table at the end: it must level off).

Not part of `make test` or CI: it takes its full time and a scratch PostgreSQL database
(SOAK_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/enigma_soak_bench, made with
createdb if missing, wiped). Results: bench-results/soak.json. A short check:
`make soak SOAK_SECONDS=120 SOAK_TABLES=10 SOAK_KILL_EVERY=40`. Two at once: each from its own
clone, with its own SOAK_DATABASE_URL.
"""

import asyncio
import json
import os
import random
import re
import signal
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

import psycopg

from tests.bench import people
from tests.bench.client import ConnectionLost, Http, Stream, Tally
from tests.bench.world import (
    RESULTS,
    ROOT,
    collect_static,
    ensure_database,
    environment,
    prepare,
    rss_kb,
    servers,
)

# SOAK_MINUTES (e.g. 120) or SOAK_SECONDS; 20 minutes when neither is given.
SECONDS = (
    float(os.environ["SOAK_MINUTES"]) * 60
    if os.environ.get("SOAK_MINUTES")
    else float(os.environ.get("SOAK_SECONDS", 20 * 60))
)
# Each worker's resident memory is reported (and printed as the soak goes) at this step.
MEMORY_EVERY = float(os.environ.get("SOAK_MEMORY_EVERY", 600))
TABLES = int(os.environ.get("SOAK_TABLES", 30))
KILL_EVERY = float(os.environ.get("SOAK_KILL_EVERY", 240))
DATABASE_URL = os.environ.get(
    "SOAK_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/enigma_soak_bench"
)
INTERVAL = (5.0, 10.0)
HANG = 3.0  # seconds a worker hangs before it is killed
SEEN_ID = re.compile(rb"^id: (\d+)$", re.M)
LOG_ROW = re.compile(rb'<li id="event-(\d+)"')


class Ledger:
    """Every action's request id and what became of it, every 5xx, every retry."""

    def __init__(self) -> None:
        self.acknowledged: set[str] = set()
        self.server_errors = 0
        self.lost_then_retried = 0
        self.gave_up = 0


LEDGER = Ledger()


class SoakHttp(Http):
    """A page's connection: each action carries its request id, and an answer that never
    came (the worker was killed) is asked again with the same id, as the page's Retry does."""

    async def post(self, path: str, data: dict | None = None):
        key = uuid.uuid4().hex[:24]
        for attempt in range(5):
            try:
                answer = await self.request("POST", path, data, {"X-Request-ID": key})
            except (ConnectionLost, ConnectionError, OSError):
                await self.close()
                LEDGER.lost_then_retried += 1
                await asyncio.sleep(0.5 * (attempt + 1))
                continue
            if answer.status >= 500:
                LEDGER.server_errors += 1
            if answer.status == 200:
                LEDGER.acknowledged.add(key)
            return answer
        LEDGER.gave_up += 1
        raise ConnectionLost(f"no answer to {path} after 5 tries")


class SoakStream(Stream):
    """A page's stream: it reconnects with the last id it saw when it drops."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.ids: set[int] = set()
        self.drops = 0
        self.first_after = None
        self.keep_open = True

    def _block(self, block: bytes, now: float) -> None:
        super()._block(block, now)
        # What the page now has: each event's id, and the log rows a catch-up or a snapshot
        # drew (a catch-up ends with the newest id only).
        self.ids.update(int(found) for found in SEEN_ID.findall(block))
        self.ids.update(int(found) for found in LOG_ROW.findall(block))

    async def open(self, after: int) -> int:
        if self.first_after is None:
            self.first_after = after
        status = await super().open(after)
        if status == 200:
            asyncio.get_running_loop().create_task(self._reconnect_when_dropped())
        return status

    async def _reconnect_when_dropped(self) -> None:
        task = self.task
        await asyncio.gather(task, return_exceptions=True)
        while self.keep_open:
            self.drops += 1
            await asyncio.sleep(1)  # the page waits about a second, then asks again
            try:
                if await super().open(self.high) == 200:
                    asyncio.get_running_loop().create_task(self._reconnect_when_dropped())
                    return
            except (ConnectionLost, ConnectionError, OSError):
                continue

    async def close(self) -> None:
        self.keep_open = False
        await super().close()


def _workers(master: int) -> list[int]:
    found = []
    for proc in Path("/proc").iterdir():
        if proc.name.isdigit():
            try:
                stat = (proc / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            # uvicorn's workers (spawned), not multiprocessing's resource tracker.
            if int(stat[1]) == master and b"spawn_main" in (proc / "cmdline").read_bytes():
                found.append(int(proc.name))
    return sorted(found)


def _kept(keys: set[str]) -> tuple[int, int]:
    """How many acknowledged actions have their event in the log, and how many twice."""
    with psycopg.connect(DATABASE_URL) as conn:
        rows = conn.execute(
            "SELECT split_part(request_key, ':', 2) FROM table_tableevent "
            "WHERE request_key IS NOT NULL"
        ).fetchall()
    logged = [row[0] for row in rows]
    kept = sum(1 for key in set(logged) if key in keys)
    return kept, len(logged) - len(set(logged))


def _table_events(adventures: list[int]) -> dict[int, list[int]]:
    with psycopg.connect(DATABASE_URL) as conn:
        rows = conn.execute(
            "SELECT adventure_id, id FROM table_tableevent WHERE adventure_id = ANY(%s)",
            [adventures],
        ).fetchall()
    events: dict[int, list[int]] = {a: [] for a in adventures}
    for adventure, event in rows:
        events[adventure].append(event)
    return events


def _campaign_file(env: dict) -> bytes:
    """The biggest Campaign file the limits allow (`tests.prep_files`), made where Django is
    set up: this process stays a plain client."""
    script = (
        "import django, json, sys; django.setup(); from tests.prep_files import "
        "biggest_campaign; sys.stdout.write(json.dumps(biggest_campaign()))"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, env=env, capture_output=True, check=True
    )
    return done.stdout


async def _import(port: int, cookies: dict, content: bytes) -> int:
    """One Campaign import as a multipart upload; its status."""
    boundary = uuid.uuid4().hex
    body = (
        (
            f'--{boundary}\r\nContent-Disposition: form-data; name="file"; '
            'filename="campaign.json"\r\nContent-Type: application/json\r\n\r\n'
        ).encode()
        + content
        + f"\r\n--{boundary}--\r\n".encode()
    )
    return await _raw_post(port, cookies, "/campaigns/import/", body, boundary)


async def _raw_post(port: int, cookies: dict, path: str, body: bytes, boundary: str) -> int:
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    cookie = "; ".join(f"{k}={v}" for k, v in cookies.items())
    head = (
        f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nCookie: {cookie}\r\n"
        f"X-CSRFToken: {cookies.get('csrftoken', '')}\r\n"
        f"Origin: http://127.0.0.1:{port}\r\nConnection: close\r\n"
        f"Content-Type: multipart/form-data; boundary={boundary}\r\n"
        f"Content-Length: {len(body)}\r\n\r\n"
    )
    writer.write(head.encode("latin-1") + body)
    line = await reader.readline()
    writer.close()
    return int(line.split(b" ", 2)[1]) if line else 0


async def soak(site, world: dict, env: dict) -> dict:
    people.Http, people.Stream = SoakHttp, SoakStream  # every page retries and reconnects
    ports, rng = people.Ports(site.ports), random.Random(26)
    tables = [people.RealisticTable(ports, t, rng, INTERVAL) for t in world["capacity"][:TABLES]]
    tally = Tally()
    opened = await asyncio.gather(*(t.connect(world["after"], tally) for t in tables))
    recorder = _Recorder(tally)
    until = time.perf_counter() + SECONDS
    plays = [asyncio.create_task(t.play(recorder, until)) for t in tables]
    master, started = site.pids[0], time.monotonic()
    memory, kills, extras = [], [], {}
    born: dict[int, float] = {}  # each worker's first sighting
    next_kill = started + KILL_EVERY
    next_report = 0.0
    while time.perf_counter() < until:
        await asyncio.sleep(5)
        now = time.monotonic() - started
        workers = _workers(master)
        for pid in workers:
            born.setdefault(pid, now)
        memory.append({"t": round(now), **{str(p): rss_kb(p) // 1024 for p in workers}})
        if now >= next_report:
            _progress(memory[-1])
            next_report += MEMORY_EVERY
        if time.monotonic() >= next_kill and workers:
            # The youngest worker (uvicorn's replacement for the last one killed) is the one
            # killed: the eldest lives the whole soak, so its memory shows over the full time.
            victim = max(workers, key=lambda pid: (born[pid], pid))
            # The worker hangs, then dies: the actions the pages sent it meanwhile are in
            # flight at the kill, so every kill has the pages send some again (same id).
            os.kill(victim, signal.SIGSTOP)
            await asyncio.sleep(HANG)
            os.kill(victim, signal.SIGKILL)
            kills.append({"t": round(now), "pid": victim})
            next_kill += KILL_EVERY
        if "import" not in extras and now >= SECONDS / 2:
            content = _campaign_file(env)
            extras["import"] = await _import(site.ports[0], world["solo"][0]["director"], content)
            done = subprocess.run(
                [sys.executable, "manage.py", "backup", str(Path(tempfile.mkdtemp()) / "b.dump")],
                cwd=ROOT, env=env, capture_output=True, text=True,
            )  # fmt: skip
            extras["backup"] = done.returncode
    await asyncio.gather(*plays, return_exceptions=True)
    await asyncio.sleep(3)  # the last events reach every stream
    adventures = [t["adventure"] for t in world["capacity"][:TABLES]]
    events = _table_events(adventures)
    throughout = whole = dropped = dropped_whole = missing = 0
    for table, adventure in zip(tables, adventures, strict=True):
        owed = {e for e in events[adventure] if e > world["after"]}
        for stream in table.streams:
            lost = owed - stream.ids
            missing += len(lost)
            if stream.drops == 0:
                throughout += 1
                whole += not lost
            else:
                dropped += 1
                dropped_whole += not lost
    for table in tables:
        await table.close()
    kept, twice = _kept(LEDGER.acknowledged)
    return {
        "seconds": SECONDS,
        "tables": len(tables),
        "tables_connected": sum(opened),
        "actions_acknowledged": len(LEDGER.acknowledged),
        "actions_kept": kept,
        "actions_logged_twice": twice,
        "answers_5xx": LEDGER.server_errors,
        # Sent again at once on a new connection (`Http.request`), then after a pause here.
        "requests_sent_again": SoakHttp.sent_again + LEDGER.lost_then_retried,
        "actions_given_up": LEDGER.gave_up,
        "streams_connected_throughout": throughout,
        "of_them_with_every_event": whole,
        "streams_that_dropped_and_reconnected": dropped,
        "of_them_with_every_event_after_catching_up": dropped_whole,
        "events_missed": missing,
        "kills": kills,
        "import_status": extras.get("import"),
        "backup_exit": extras.get("backup"),
        "tally": tally.as_dict(),
        "memory_mb": memory,
    }


def _progress(sample: dict) -> None:
    """One line as the soak goes: each worker's resident memory now."""
    workers = ", ".join(f"worker {pid} {mb} MB" for pid, mb in sample.items() if pid != "t")
    print(f"minute {sample['t'] / 60:.0f}: {workers}", flush=True)


def memory_table(samples: list[dict], every: float) -> dict:
    """Each worker's resident memory (MB) at every step of ``every`` seconds (the sample
    nearest after each step), the minute it was first and last seen, and which lived longest;
    with the longest-lived worker's growth over its last step, to show it levels off."""
    if not samples:
        return {"every_minutes": every / 60, "minutes": [], "workers": {}}
    end = samples[-1]["t"]
    steps = [n * every for n in range(int(end // every) + 1)]
    if steps[-1] < end:
        steps.append(end)
    picked = []
    for step in steps:
        sample = next((m for m in samples if m["t"] >= step), samples[-1])
        if not picked or picked[-1] is not sample:
            picked.append(sample)
    workers: dict[str, dict] = {}
    for sample in samples:
        for pid, mb in sample.items():
            if pid != "t":
                seen = workers.setdefault(pid, {"first": sample["t"], "mb": {}})
                seen["last"] = sample["t"]
                seen["last_mb"] = mb
    for sample in picked:
        for pid, mb in sample.items():
            if pid != "t":
                workers[pid]["mb"][f"{sample['t'] / 60:.0f}"] = mb
    picked_times = {sample["t"] for sample in picked}
    for seen in workers.values():
        if seen["last"] not in picked_times:  # its last sighting (killed meanwhile)
            seen["mb"][f"{seen['last'] / 60:.1f}"] = seen["last_mb"]
    eldest = max(workers, key=lambda pid: workers[pid]["last"] - workers[pid]["first"])
    table = {
        "every_minutes": every / 60,
        "minutes": [round(sample["t"] / 60) for sample in picked],
        "workers": {
            pid: {
                "first_minute": round(seen["first"] / 60, 1),
                "last_minute": round(seen["last"] / 60, 1),
                "mb": seen["mb"],
            }
            for pid, seen in workers.items()
        },
        "longest_lived": eldest,
    }
    own = [m for m in samples if eldest in m]
    if len(own) >= 2:
        back = own[-1]["t"] - every
        before = next((m for m in own if m["t"] >= back), own[0])
        minutes = max((own[-1]["t"] - before["t"]) / 60, 1 / 60)
        growth = own[-1][eldest] - before[eldest]
        table["longest_lived_last_step"] = {
            "from_minute": round(before["t"] / 60, 1),
            "to_minute": round(own[-1]["t"] / 60, 1),
            "mb": [before[eldest], own[-1][eldest]],
            "mb_per_minute": round(growth / minutes, 2),
        }
    return table


def format_memory(table: dict) -> str:
    """The table as text: a row a step, a column a worker (the longest-lived marked *)."""
    pids = sorted(table["workers"], key=lambda pid: table["workers"][pid]["first_minute"])
    eldest = table.get("longest_lived")
    heads = [f"{pid}*" if pid == eldest else pid for pid in pids]
    lines = [
        f"worker memory (resident MB) every {table['every_minutes']:g} minutes "
        "(* the longest-lived worker; a killed worker's replacement has a new pid):",
        "minute " + " ".join(f"{head:>8}" for head in heads),
    ]
    for minute in table["minutes"]:
        cells = [table["workers"][pid]["mb"].get(str(minute), "") for pid in pids]
        lines.append(f"{minute:>6} " + " ".join(f"{cell!s:>8}" for cell in cells))
    for pid in pids:
        seen = table["workers"][pid]
        lines.append(
            f"worker {pid}: minutes {seen['first_minute']}-{seen['last_minute']}, "
            + ", ".join(f"{m}: {mb}" for m, mb in seen["mb"].items())
        )
    if last := table.get("longest_lived_last_step"):
        lines.append(
            f"longest-lived worker {eldest}: {last['mb'][0]} -> {last['mb'][1]} MB from minute "
            f"{last['from_minute']} to {last['to_minute']} ({last['mb_per_minute']} MB a minute)"
        )
    return "\n".join(lines)


class _Recorder:
    def __init__(self, tally: Tally) -> None:
        self.tally = tally

    def __call__(self, kind, started, post_ms, latency_ms) -> None:
        pass


def main() -> None:
    print(f"soak: {TABLES} tables for {SECONDS / 60:g} minutes on {DATABASE_URL}", flush=True)
    ensure_database(DATABASE_URL)
    with tempfile.TemporaryDirectory() as tmp:
        env = environment(Path(tmp), DATABASE_URL)
        collect_static(env)
        world = prepare(env, TABLES)
        with servers(env, 1, "soak", workers=2) as site:
            report = asyncio.run(soak(site, world, env))
    RESULTS.mkdir(exist_ok=True)
    table = memory_table(report["memory_mb"], MEMORY_EVERY)
    report["memory_table"] = table
    (RESULTS / "soak.json").write_text(json.dumps(report, indent=2))
    report.pop("memory_mb")
    print(json.dumps({k: v for k, v in report.items() if k != "memory_table"}, indent=2))
    print(format_memory(table))
    held = (
        report["actions_acknowledged"] == report["actions_kept"]
        and report["actions_logged_twice"] == 0
        and report["answers_5xx"] == 0
        and report["events_missed"] == 0
    )
    print("soak: held" if held else "soak: FAILED")
    sys.exit(0 if held else 1)


if __name__ == "__main__":
    main()
