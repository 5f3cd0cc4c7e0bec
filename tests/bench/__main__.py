"""`make bench`: Enigma Table measured against the real ASGI server on loopback.

Every figure comes from one run on one machine, so the ratios between them hold even when the
machine is noisy. Each part is bounded in time; the whole run takes a few minutes. SQLite by
default; set DATABASE_URL to measure PostgreSQL. Results print as a table and are written as
JSON to bench-results/latest.json (or the path given with --json).
"""

import argparse
import asyncio
import contextlib
import gzip
import json
import os
import platform
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[2]
SECRET_KEY = "bench-only-" + "k" * 50
LISTENER_COUNTS = (100, 500, 1000)
SUSTAINED_SECONDS = 60
TABLES, PLAYERS = 50, 5


def percentile(values: list[float], share: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(share * (len(ordered) - 1))))
    return ordered[index]


def summary(samples: list[float]) -> dict:
    return {
        "n": len(samples),
        "p50_ms": round(percentile(samples, 0.50), 2),
        "p95_ms": round(percentile(samples, 0.95), 2),
        "p99_ms": round(percentile(samples, 0.99), 2),
    }


# The world the benchmark plays in -------------------------------------------------------------


def environment(data_dir: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "DJANGO_ALLOW_ASYNC_UNSAFE"}
    env.update(
        DEBUG="false",
        SECRET_KEY=SECRET_KEY,
        SECURE_SSL_REDIRECT="false",
        SECURE_COOKIES="false",
        SECURE_HSTS_SECONDS="0",
        LOG_LEVEL="WARNING",
        DATA_DIR=str(data_dir),
        LOGIN_FAILURE_LIMIT="1000",
    )
    if "DATABASE_URL" not in env:
        env["SQLITE_PATH"] = str(data_dir / "bench.sqlite3")
    return env


def prepare(env: dict[str, str]) -> dict:
    """Migrate a fresh database and fill it: tables of players, one session each."""
    os.environ.update(env)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "enigma_site.settings")
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
    from django.utils.crypto import get_random_string

    from characters.models import Character
    from sessions.models import Adventure, CastMember, KeyLocation, Leg, Scene
    from sessions.models.prep import new_token

    if "DATABASE_URL" in env:
        name = settings.DATABASES["default"]["NAME"]
        if "bench" not in name:
            raise SystemExit(
                f"The benchmark wipes its database; point DATABASE_URL at a scratch database "
                f"whose name says so (e.g. …/enigma_bench), not {name!r}."
            )
        call_command("flush", interactive=False, verbosity=0)
    call_command("migrate", interactive=False, verbosity=0)

    users = get_user_model().objects
    backend = "django.contrib.auth.backends.ModelBackend"

    def session_for(user) -> dict[str, str]:
        store = SessionStore()
        store[SESSION_KEY] = str(user.pk)
        store[BACKEND_SESSION_KEY] = backend
        store[HASH_SESSION_KEY] = user.get_session_auth_hash()
        store.create()
        csrf = get_random_string(32)
        return {settings.SESSION_COOKIE_NAME: store.session_key, "csrftoken": csrf}

    tables = []
    for t in range(TABLES):
        director = users.create(username=f"director{t}")
        director.set_unusable_password()
        director.save()
        adventure = Adventure.objects.create(
            director=director,
            title=f"Bench table {t}",
            status=Adventure.Status.PLAYING,
            screen_token=new_token(),
        )
        leg = Leg.objects.create(
            adventure=adventure, title="The Long Night", position=1, status=Leg.Status.PLAYING
        )
        place = KeyLocation.objects.create(leg=leg, name="The Docks", wide_shot_opening="Fog.")
        Scene.objects.create(
            leg=leg, beat="Fog on the docks", key_location=place, status=Scene.Status.PLAYING
        )
        # Scenes to move on to when someone is knocked out, as a Director would.
        later = Scene.objects.bulk_create(
            Scene(leg=leg, beat=f"Scene {n}", position=n, key_location=place) for n in range(2, 202)
        )
        players = []
        for p in range(PLAYERS):
            user = users.create(username=f"player{t}-{p}")
            user.set_unusable_password()
            user.save()
            hero = Character.objects.create(
                owner=user, name=f"Hero {t}-{p}", archetype="explorer", lucky_saves=3
            )
            CastMember.objects.create(adventure=adventure, character=hero)
            players.append({"character": hero.pk, "cookies": session_for(user)})
        tables.append(
            {
                "adventure": adventure.pk,
                "screen": adventure.screen_token,
                "director": session_for(director),
                "players": players,
                "scenes": [scene.pk for scene in later],
            }
        )
    return {"tables": tables}


@contextlib.contextmanager
def server(env: dict[str, str]):
    port = _free_port()
    (ROOT / "bench-results").mkdir(exist_ok=True)
    log = open(ROOT / "bench-results" / "server.log", "w")  # noqa: SIM115 - closed below
    process = subprocess.Popen(
        [
            sys.executable, "-m", "uvicorn", "enigma_site.asgi:application",
            "--host", "127.0.0.1", "--port", str(port), "--no-access-log",
            "--log-level", "warning", "--timeout-keep-alive", "30",
        ],
        cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT,
    )  # fmt: skip
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                if httpx.get(base + "/healthz", timeout=1).status_code == 200:
                    break
            except httpx.TransportError:
                time.sleep(0.1)
        else:
            raise RuntimeError("the server did not start")
        yield base, process.pid
    finally:
        process.terminate()
        process.wait(timeout=15)
        log.close()


def _free_port() -> int:
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def rss_kb(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


# Clients ----------------------------------------------------------------------------------------


def client(base: str, cookies: dict[str, str] | None = None) -> httpx.AsyncClient:
    headers = {"HX-Request": "true"}
    if cookies:
        headers["X-CSRFToken"] = cookies["csrftoken"]
    return httpx.AsyncClient(
        base_url=base,
        cookies=cookies or {},
        headers=headers,
        timeout=30,
        limits=httpx.Limits(max_connections=None, max_keepalive_connections=None),
    )


GAMBLE_ID = re.compile(r"/table/gambles/(\d+)/lock/")


class Director:
    """Moves a table on to its next Scene, which puts knocked-out heroes back on their feet."""

    def __init__(self, base: str, table: dict) -> None:
        self.http = client(base, table["director"])
        self.url = f"/adventures/{table['adventure']}/table/scene/start/"
        self.scenes = table["scenes"]  # shared by every Director of this table, in any phase
        self.lock = asyncio.Lock()

    async def next_scene(self, knocked_out_at: float) -> None:
        async with self.lock:
            if getattr(self, "moved_at", 0) > knocked_out_at or not self.scenes:
                return  # someone else already called the next Scene
            await self.http.post(self.url, data={"scene": self.scenes.pop(0)})
            self.moved_at = time.monotonic()


DIRECTORS: dict[tuple[int, int], Director] = {}


class Player:
    def __init__(self, base: str, table: dict, seat: dict) -> None:
        self.http = client(base, seat["cookies"])
        self.table = f"/adventures/{table['adventure']}/table/"
        self.character = seat["character"]
        self.turn = 0
        key = (table["adventure"], id(asyncio.get_event_loop()))
        if key not in DIRECTORS:
            DIRECTORS[key] = Director(base, table)
        self.director = DIRECTORS[key]

    async def roll(self) -> tuple[float, int | None, int]:
        """Roll; a hero knocked out waits for the Director's next Scene, then rolls."""
        for _ in range(3):
            self.turn += 1
            started = time.perf_counter()
            response = await self.http.post(
                self.table + f"roll/{self.character}/",
                data={"request_id": f"bench-{self.character}-{self.turn}-{time.time_ns()}"},
            )
            elapsed = (time.perf_counter() - started) * 1000
            if response.status_code == 409 and "Knocked out" in response.text:
                await self.director.next_scene(time.monotonic() - elapsed / 1000)
                continue
            match = GAMBLE_ID.search(response.text)
            return elapsed, int(match.group(1)) if match else None, response.status_code
        return elapsed, None, response.status_code

    async def lock(self, gamble: int) -> tuple[float, int]:
        started = time.perf_counter()
        # A freshly rolled Gamble is at step 0.
        response = await self.http.post(self.table + f"gambles/{gamble}/lock/", data={"step": 0})
        return (time.perf_counter() - started) * 1000, response.status_code

    async def page(self) -> tuple[float, int]:
        started = time.perf_counter()
        response = await self.http.get(self.table)
        return (time.perf_counter() - started) * 1000, response.status_code


# The measurements -------------------------------------------------------------------------------


async def measure_floor(base: str, requests: int = 400) -> dict:
    samples = []
    async with client(base) as http:
        for _ in range(requests):
            started = time.perf_counter()
            response = await http.get("/healthz")
            samples.append((time.perf_counter() - started) * 1000)
            assert response.status_code == 200
    return summary(samples)


async def measure_actions(base: str, world: dict, concurrency: int, rounds: int) -> dict:
    """Table page GET, Gamble roll POST and Lock-in POST with ``concurrency`` players at once."""
    seats = [(table, seat) for table in world["tables"] for seat in table["players"][:1]][
        :concurrency
    ]
    players = [Player(base, table, seat) for table, seat in seats]
    page, roll, lock, errors = [], [], [], 0

    async def play(player: Player) -> None:
        nonlocal errors
        for _ in range(rounds):
            elapsed, status = await player.page()
            page.append(elapsed)
            elapsed, gamble, status = await player.roll()
            roll.append(elapsed)
            if status != 200 or gamble is None:
                errors += 1
                continue
            elapsed, status = await player.lock(gamble)
            lock.append(elapsed)
            errors += status != 200

    await asyncio.gather(*(play(p) for p in players))
    for player in players:
        await player.http.aclose()
    return {
        "clients": concurrency,
        "table_page": summary(page),
        "roll": summary(roll),
        "lock_in": summary(lock),
        "errors": errors,
    }


async def measure_fanout(base: str, world: dict, pid: int, listeners: int, events: int = 5):
    """``listeners`` open streams on one table; time from a Lock-in POST to each receipt."""
    table = world["tables"][0]
    seat = table["players"][0]
    player = Player(base, table, seat)
    streams = client(base)
    received: dict[int, list[float]] = {}
    opened = 0
    ready = asyncio.Event()

    from django.db.models import Max

    from sessions.models import TableEvent

    latest = await asyncio.to_thread(
        lambda: TableEvent.objects.aggregate(latest=Max("id"))["latest"] or 0
    )

    async def listen() -> None:
        nonlocal opened
        url = f"/screen/{table['screen']}/events/?after={latest}"
        async with streams.stream("GET", url) as response:
            opened += 1
            if opened == listeners:
                ready.set()
            async for line in response.aiter_lines():
                if line.startswith("id: "):
                    received.setdefault(int(line[4:]), []).append(time.perf_counter())

    rss_before = rss_kb(pid)
    tasks = [asyncio.create_task(listen()) for _ in range(listeners)]
    await asyncio.wait_for(ready.wait(), timeout=60)
    await asyncio.sleep(1)
    rss_after = rss_kb(pid)
    latencies, complete = [], []
    for _ in range(events):
        _, gamble, _ = await player.roll()
        await asyncio.sleep(0.2)
        posted = time.perf_counter()
        _, status = await player.lock(gamble)
        deadline = time.monotonic() + 10
        event_id = None
        while time.monotonic() < deadline:
            after = {eid: ts for eid, ts in received.items() if ts and ts[0] >= posted}
            event_id = max(after, default=None)
            if event_id and len(received[event_id]) >= listeners:
                break
            await asyncio.sleep(0.01)
        arrivals = received.get(event_id, [])
        latencies += [(ts - posted) * 1000 for ts in arrivals]
        if arrivals:
            complete.append((max(arrivals) - posted) * 1000)
        missing = listeners - len(arrivals)
        if missing:
            print(
                f"  {missing} of {listeners} listeners missed event {event_id} "
                f"(lock-in answered {status}; ids seen: {sorted(received)[-3:]})",
                file=sys.stderr,
            )
        await asyncio.sleep(0.3)
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    await streams.aclose()
    await player.http.aclose()
    return {
        "listeners": listeners,
        "receipt": summary(latencies),
        "all_received_p50_ms": round(percentile(complete, 0.5), 2),
        "server_kb_per_listener": round((rss_after - rss_before) / listeners, 1),
    }


async def measure_sustained(base: str, world: dict, seconds: int) -> dict:
    players = [Player(base, t, seat) for t in world["tables"] for seat in t["players"]]
    gambles, errors, failures = 0, 0, {}
    stop = time.monotonic() + seconds

    async def play(player: Player) -> None:
        nonlocal gambles, errors
        while time.monotonic() < stop:
            try:
                _, gamble, status = await player.roll()
                if status == 200 and gamble:
                    _, status = await player.lock(gamble)
            except httpx.HTTPError as error:
                status = type(error).__name__
            if status == 200:
                gambles += 1
            else:
                errors += 1
                failures[str(status)] = failures.get(str(status), 0) + 1

    started = time.monotonic()
    await asyncio.gather(*(play(p) for p in players))
    elapsed = time.monotonic() - started
    for player in players:
        await player.http.aclose()
    return {
        "tables": TABLES,
        "players": len(players),
        "seconds": round(elapsed, 1),
        "gambles": gambles,
        "gambles_per_second": round(gambles / elapsed, 1),
        "errors": errors,
        "error_kinds": failures,
    }


async def measure_weight(base: str, world: dict) -> dict:
    """Bytes on the wire for a first visit to the table page and every asset it loads."""
    seat = world["tables"][1]["players"][0]
    async with client(base, seat["cookies"]) as http:
        http.headers.pop("HX-Request")
        http.headers["Accept-Encoding"] = "gzip, br"
        page = await http.get(f"/adventures/{world['tables'][1]['adventure']}/table/")
        html = page.content
        assets = re.findall(r'(?:src|href)="(/static/[^"]+)"', page.text)
        sizes = {}
        for asset in assets:
            response = await http.get(asset)
            sizes[asset] = (
                len(response.read())
                if not response.headers.get("content-encoding")
                else int(response.headers.get("content-length", len(response.content)))
            )
    html_gzip = len(gzip.compress(html, 6))
    return {
        "html_bytes_as_served": len(html),
        "html_bytes_gzipped": html_gzip,
        "assets": sizes,
        "assets_bytes_compressed": sum(sizes.values()),
        "first_load_kb_compressed": round((html_gzip + sum(sizes.values())) / 1024, 1),
    }


def measure_browser_latency(base: str, world: dict, gambles: int = 50) -> dict:
    """Lock-in POST to the log row showing in two other players' browsers (Chromium)."""
    chromium = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
    if not Path(chromium).exists():
        return {"skipped": f"no Chromium at {chromium}"}
    from playwright.sync_api import sync_playwright

    table = world["tables"][2]
    url = f"{base}/adventures/{table['adventure']}/table/"
    watchers = table["players"][1:3]
    samples = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=chromium,
            args=["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
        )
        pages = []
        for seat in watchers:
            context = browser.new_context()
            context.add_cookies(
                [{"name": k, "value": v, "url": base} for k, v in seat["cookies"].items()]
            )
            page = context.new_page()
            page.goto(url)
            page.wait_for_function(
                "document.querySelector('[data-live-status]').textContent === 'Live'"
            )
            page.evaluate(
                """() => { window.arrivals = {};
                new MutationObserver(() => document.querySelectorAll('#log-list > li[id^=event-]')
                  .forEach(li => { if (!(li.id in window.arrivals))
                    window.arrivals[li.id] = performance.timeOrigin + performance.now(); }))
                .observe(document.getElementById('log-list'), {childList: true}); }"""
            )
            pages.append(page)
        seat = table["players"][0]
        with httpx.Client(
            base_url=base, cookies=seat["cookies"],
            headers={"HX-Request": "true", "X-CSRFToken": seat["cookies"]["csrftoken"]},
        ) as http:  # fmt: skip
            scenes = table["scenes"]
            boss = httpx.Client(
                base_url=base, cookies=table["director"],
                headers={"HX-Request": "true", "X-CSRFToken": table["director"]["csrftoken"]},
            )  # fmt: skip
            for n in range(gambles):
                response = http.post(
                    f"/adventures/{table['adventure']}/table/roll/{seat['character']}/",
                    data={"request_id": f"browser-{n}-{time.time_ns()}"},
                )
                if not GAMBLE_ID.search(response.text):  # knocked out: next Scene, then go
                    boss.post(
                        f"/adventures/{table['adventure']}/table/scene/start/",
                        data={"scene": scenes.pop(0)},
                    )
                    response = http.post(
                        f"/adventures/{table['adventure']}/table/roll/{seat['character']}/",
                        data={"request_id": f"browser-{n}-again-{time.time_ns()}"},
                    )
                gamble = GAMBLE_ID.search(response.text).group(1)
                time.sleep(0.05)
                posted = time.time() * 1000
                http.post(
                    f"/adventures/{table['adventure']}/table/gambles/{gamble}/lock/",
                    data={"step": 0},
                )
                event = None
                for page in pages:
                    page.wait_for_function(
                        "t => Object.values(window.arrivals).some(v => v >= t)", arg=posted
                    )
                    arrivals = page.evaluate("window.arrivals")
                    event = max(
                        (eid for eid, at in arrivals.items() if at >= posted),
                        key=lambda eid: int(eid.split("-")[1]),
                    )
                    samples.append(arrivals[event] - posted)
            boss.close()
        browser.close()
    return {"gambles": gambles, "browsers": len(watchers), "lock_in_to_log_row": summary(samples)}


# The run --------------------------------------------------------------------------------------


def run(output: Path) -> dict:
    with tempfile.TemporaryDirectory(prefix="enigma-bench-") as tmp:
        data_dir = Path(tmp)
        env = environment(data_dir)
        print("Preparing a fresh database…", flush=True)
        started = time.monotonic()
        world = prepare(env)
        database = "PostgreSQL" if "DATABASE_URL" in env else "SQLite"
        results: dict = {
            "machine": {
                "cpus": os.cpu_count(),
                "python": platform.python_version(),
                "platform": platform.platform(),
                "database": database,
            }
        }
        with server(env) as (base, pid):
            print("Floor…", flush=True)
            floor = asyncio.run(measure_floor(base))
            results["floor"] = floor
            for concurrency, rounds in ((1, 60), (20, 10)):
                print(f"Table actions, {concurrency} client(s)…", flush=True)
                actions = asyncio.run(measure_actions(base, world, concurrency, rounds))
                for key in ("table_page", "roll", "lock_in"):
                    actions[key]["p50_vs_floor"] = round(
                        actions[key]["p50_ms"] / floor["p50_ms"], 1
                    )
                results[f"actions_{concurrency}"] = actions
            results["fanout"] = []
            for listeners in LISTENER_COUNTS:
                print(f"Fan-out to {listeners} listeners…", flush=True)
                results["fanout"].append(asyncio.run(measure_fanout(base, world, pid, listeners)))
            print(
                f"Sustained play, {TABLES} tables × {PLAYERS} players, {SUSTAINED_SECONDS}s…",
                flush=True,
            )
            results["sustained"] = asyncio.run(measure_sustained(base, world, SUSTAINED_SECONDS))
            print("Page weight…", flush=True)
            results["page_weight"] = asyncio.run(measure_weight(base, world))
            print("Browser latency (Chromium)…", flush=True)
            results["browser"] = measure_browser_latency(base, world)
        results["run_seconds"] = round(time.monotonic() - started, 1)
    output.parent.mkdir(parents=True, exist_ok=True)
    output.write_text(json.dumps(results, indent=2))
    return results


def report(results: dict) -> str:
    floor = results["floor"]
    lines = [
        f"Enigma Table benchmark · {results['machine']['database']} · "
        f"{results['machine']['cpus']} CPUs · Python {results['machine']['python']}",
        "",
        f"{'measure':44} {'p50 ms':>8} {'p95 ms':>8} {'p99 ms':>8} {'×floor':>7}",
        f"{'floor (GET /healthz)':44} "
        f"{floor['p50_ms']:>8} {floor['p95_ms']:>8} {floor['p99_ms']:>8}",
    ]
    for concurrency in (1, 20):
        actions = results[f"actions_{concurrency}"]
        for key, label in (("table_page", "table page GET"), ("roll", "Gamble roll POST"),
                           ("lock_in", "Lock-in POST")):  # fmt: skip
            s = actions[key]
            lines.append(
                f"{label + f' @ {concurrency} client(s)':44} {s['p50_ms']:>8} {s['p95_ms']:>8} "
                f"{s['p99_ms']:>8} {s['p50_vs_floor']:>7}"
            )
        lines.append(f"{'  errors':44} {actions['errors']:>8}")
    lines.append("")
    for fan in results["fanout"]:
        r = fan["receipt"]
        lines.append(
            f"{'fan-out to ' + str(fan['listeners']) + ' listeners (POST → receipt)':44} "
            f"{r['p50_ms']:>8} {r['p95_ms']:>8} {r['p99_ms']:>8}   "
            f"{fan['server_kb_per_listener']} KB/listener"
        )
    s, weight = results["sustained"], results["page_weight"]
    lines += [
        "",
        f"sustained: {s['tables']} tables × {PLAYERS} players for {s['seconds']} s: "
        f"{s['gambles_per_second']} Gambles/s ({s['gambles']} Gambles), {s['errors']} errors "
        f"{s['error_kinds'] or ''}",
        f"page weight, first load of the table page: {weight['first_load_kb_compressed']} KB "
        f"compressed (HTML {weight['html_bytes_as_served']} B as served, "
        f"{weight['html_bytes_gzipped']} B gzipped; assets {weight['assets_bytes_compressed']} B)",
    ]
    browser = results.get("browser", {})
    if "lock_in_to_log_row" in browser:
        b = browser["lock_in_to_log_row"]
        lines.append(
            f"browser: Lock-in POST → log row in {browser['browsers']} other browsers over "
            f"{browser['gambles']} Gambles: p50 {b['p50_ms']} ms, p95 {b['p95_ms']} ms"
        )
    elif browser:
        lines.append(f"browser: {browser.get('skipped')}")
    lines.append(f"whole run: {results['run_seconds']} s")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--json", type=Path, default=ROOT / "bench-results" / "latest.json")
    args = parser.parse_args()
    results = run(args.json)
    print()
    print(report(results))
    print(f"\nFigures written to {args.json}")


if __name__ == "__main__":
    main()
