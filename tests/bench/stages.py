"""The measurements over HTTP. Each returns a dict of figures, including every non-2xx answer
it got; a stage that cannot finish raises, and the run records the error and goes on."""

import asyncio
import itertools
import random
import time
from math import inf

from tests.bench.client import Http, Stream, Tally, percentile, summary
from tests.bench.people import Director, Player, Ports, RealisticTable
from tests.bench.world import Servers

LISTENER_COUNTS = (100, 500, 1000)
CAPACITY_STEPS = (50, 100, 200, 300, 400, 500, 600, 800, 1000)
CAPACITY_P95_MS = 150
# A p95 from fewer samples is one of the last few: a step measures until it has this many.
CAPACITY_SAMPLES = 200
ACTION_INTERVAL_S = (5.0, 10.0)  # one player action per table every 5-10 s, 7.5 s on average


async def measure_floor(servers: Servers, requests: int = 400) -> dict:
    """The cheapest answer the server gives (GET /healthz): what every other time is against."""
    samples, tally = [], Tally()
    http = Http(servers.ports[0])
    for _ in range(requests):
        started = time.perf_counter()
        answer = await http.get("/healthz")
        samples.append((time.perf_counter() - started) * 1000)
        tally.answer(answer.status)
    await http.close()
    return summary(samples) | tally.as_dict()


async def measure_write_floor(servers: Servers, world: dict, requests: int = 400) -> dict:
    """The minimal write view (`tests.bench.floor`: one INSERT and one SELECT in a transaction)
    POSTed by a logged-in player through the whole stack: what every table action is against."""
    samples, tally = [], Tally()
    http = Http(servers.ports[0], world["solo"][0]["players"][0]["cookies"])
    for _ in range(requests):
        started = time.perf_counter()
        answer = await http.post("/bench/write/")
        samples.append((time.perf_counter() - started) * 1000)
        tally.answer(answer.status)
    await http.close()
    return summary(samples) | tally.as_dict()


async def measure_actions(servers: Servers, tables: list[dict], after: int, rounds: int) -> dict:
    """Table page GET, Gamble roll POST and Lock-in POST, one player per table in ``tables``,
    all at once; each player holds their page's stream and learns their Gamble from it."""
    ports, tally = Ports(servers.ports), Tally()
    players = []
    for table in tables:
        director = Director(ports, table)
        seats = table["players"] if len(tables) == 1 else table["players"][:1]
        players += [Player(ports, table, seat, director) for seat in seats]
    for status in await asyncio.gather(*(p.stream.open(after) for p in players)):
        tally.answer(status)
    page, roll, shown, lock = [], [], [], []

    async def play(player: Player, rounds: int) -> None:
        for _ in range(rounds):
            started = time.perf_counter()
            answer = await player.http.get(player.base)
            page.append((time.perf_counter() - started) * 1000)
            tally.answer(answer.status)
            elapsed = await player.roll_until_rolled(tally)
            if elapsed is None:
                continue
            roll.append(elapsed)
            gamble = await player.rolled_gamble()
            if gamble is None:
                tally.errors["rolled Gamble not on the player's page within 10 s"] += 1
                continue
            shown.append((player.shown_at - player.rolled_at) * 1000)
            elapsed, _ = await player.lock_in(tally, gamble)
            lock.append(elapsed)

    try:
        if len(tables) == 1:
            await asyncio.gather(*(play(p, rounds) for p in players))
        else:  # one client: the players take turns, so no hero plays every round
            for n in range(rounds):
                await play(players[n % len(players)], 1)
    finally:
        names_only = any(p.stream.names_only for p in players)
        await asyncio.gather(*(p.close() for p in players))
        await asyncio.gather(*(p.director.http.close() for p in players))
    return {
        "clients": len(players) if len(tables) == 1 else 1,
        "table_page": summary(page),
        "roll": summary(roll),
        # With pushed parts the roll's answer is empty: the dice show when the stream brings
        # the player's own panel. This is the roll as the player feels it.
        "roll_to_own_dice": summary(shown),
        "lock_in": summary(lock),
        "stream_sends_part_names_only": names_only,
        # The samples themselves, for a side-by-side run to pool (`measure_side_by_side`).
        "samples": {"table_page": page, "roll": roll, "roll_to_own_dice": shown, "lock_in": lock},
    } | tally.as_dict()


async def measure_fanout(servers: Servers, world: dict, listeners: int, events: int = 5) -> dict:
    """``listeners`` screens open on one table; from each Lock-in POST to each screen having
    the event (its ``seen`` block), the server memory each open stream holds, and the CPU a
    Lock-in costs the server (its POST, drawing and fan-out) and the bench (reading it)."""
    ports, tally = Ports(servers.ports), Tally()
    table = world["fanout"]
    director = Director(ports, table)
    player = Player(ports, table, table["players"][0], director)
    tally.answer(await player.stream.open(world["after"]))
    await asyncio.sleep(0.3)
    rss_before = servers.rss_kb()
    screens = [
        Stream(ports(), f"/screen/{table['screen']}/events/", ids_only=True)
        for _ in range(listeners)
    ]
    opened = await asyncio.gather(
        *(s.open(player.stream.high) for s in screens), return_exceptions=True
    )
    for status in opened:
        tally.failure(status) if isinstance(status, BaseException) else tally.answer(status)
    await asyncio.sleep(1.5)  # let the server settle before reading its memory
    rss_after = servers.rss_kb()
    receipts, complete, missed, spent = [], [], 0, []
    try:
        for _ in range(events):
            marks = [s.high for s in screens]
            if await player.roll_until_rolled(tally) is None:
                continue
            gamble = await player.rolled_gamble()
            # Let the roll reach every screen first, so only the Lock-in is timed.
            await _arrivals(screens, marks, 10)
            await asyncio.sleep(0.2)
            if gamble is None:
                tally.errors["rolled Gamble not on the player's page within 10 s"] += 1
                continue
            marks = [s.high for s in screens]
            cpu, client = servers.cpu_seconds(), time.process_time()
            posted = time.perf_counter()
            _, answer = await player.lock_in(tally, gamble)
            if answer.status != 200:
                continue
            arrivals = await _arrivals(screens, marks, 10)
            # The Lock-in POST, its drawing and its fan-out; and what reading it cost the bench.
            spent.append((servers.cpu_seconds() - cpu, time.process_time() - client))
            late = [(at - posted) * 1000 if at is not None else inf for at in arrivals]
            missed += sum(at is None for at in arrivals)
            receipts += late
            complete.append(max(late))
            await asyncio.sleep(0.3)
    finally:
        await asyncio.gather(*(s.close() for s in screens))
        await player.close()
        await director.http.close()
    growth = rss_after - rss_before
    return {
        "listeners": listeners,
        "receipt": summary(receipts),
        "all_received_p50_ms": summary(complete)["p50_ms"],
        "missed": missed,
        "server_rss_growth_kb": growth,
        # Memory given back by the previous step can hide the growth: say so, never print < 0.
        "server_kb_per_listener": round(growth / listeners, 1) if growth > 0 else None,
        "server_cpu_ms_per_lock_in": _mean_ms([server for server, _ in spent]),
        "client_cpu_ms_per_lock_in": _mean_ms([client for _, client in spent]),
    } | tally.as_dict()


def _mean_ms(seconds: list[float]) -> float | None:
    return round(1000 * sum(seconds) / len(seconds), 1) if seconds else None


async def _arrivals(screens: list[Stream], marks: list[int], timeout: float) -> list:
    """When each screen had its first event past its mark (None: not within ``timeout``).
    Each stream's reader stamps the time as the bytes come in, so how often this looks
    doesn't change the figures: one task looks every 10 ms, rather than a waiter per stream
    woken by each of its events (a thousand of them cost the client, which shares the two
    CPUs with the server, more than the server's own writes)."""
    deadline = time.perf_counter() + timeout
    pairs = list(zip(screens, marks, strict=True))
    while time.perf_counter() < deadline and any(
        s.high <= mark and s.task is not None and not s.task.done() for s, mark in pairs
    ):
        await asyncio.sleep(0.01)
    return [s.arrival_after(mark) for s, mark in pairs]


async def measure_side_by_side(
    sites: dict[str, Servers], world: dict, requests: int = 300, blocks: int = 3
) -> dict:
    """The same measures against two servers at once (the app as it is and as it was, each on
    its own copy of the database), taking turns request by request (floor, minimal write) and
    block by block (one client's actions, 10 rounds a block): whatever else the machine does
    falls on both alike, so their ratio holds when the absolute figures don't."""
    names = list(sites)
    floors = {name: [] for name in names}
    writes = {name: [] for name in names}
    tallies = {name: Tally() for name in names}
    cookies = world["solo"][0]["players"][0]["cookies"]
    clients = {
        name: (Http(site.ports[0]), Http(site.ports[0], cookies)) for name, site in sites.items()
    }
    try:
        for _ in range(requests):
            for name in names:
                plain, player = clients[name]
                for samples, http, method, path in (
                    (floors[name], plain, "GET", "/healthz"),
                    (writes[name], player, "POST", "/bench/write/"),
                ):
                    started = time.perf_counter()
                    answer = await (http.post(path) if method == "POST" else http.get(path))
                    samples.append((time.perf_counter() - started) * 1000)
                    tallies[name].answer(answer.status)
    finally:
        for plain, player in clients.values():
            await plain.close()
            await player.close()
    kinds = ("table_page", "roll", "roll_to_own_dice", "lock_in")
    pooled = {name: {kind: [] for kind in kinds} for name in names}
    for _ in range(blocks):
        for name in names:
            block = await measure_actions(sites[name], world["solo"], world["after"], 10)
            for kind in kinds:
                pooled[name][kind] += block["samples"][kind]
            tallies[name].ok += block["ok"]
            tallies[name].errors.update(block["error_kinds"])
    figures = {}
    for name in names:
        floor, write = summary(floors[name]), summary(writes[name])
        actions = {kind: summary(pooled[name][kind]) for kind in kinds}
        for kind in kinds:
            p50 = actions[kind]["p50_ms"]
            if p50 is not None:
                actions[kind]["p50_vs_floor"] = round(p50 / floor["p50_ms"], 1)
                actions[kind]["p50_vs_write"] = round(p50 / write["p50_ms"], 2)
        figures[name] = {"floor": floor, "write": write, "actions_1": actions}
        figures[name]["actions_1"] |= tallies[name].as_dict()
    return figures


class Recorder:
    """Collects the actions started inside a step's measuring window."""

    def __init__(self) -> None:
        self.tally = Tally()
        self.window: tuple[float, float] | None = None
        self.samples: list[tuple[str, float]] = []
        self.posts: list[float] = []

    def __call__(self, kind: str, started: float, post_ms: float, latency_ms: float | None):
        if self.window and self.window[0] <= started < self.window[1]:
            self.samples.append((kind, inf if latency_ms is None else latency_ms))
            self.posts.append(post_ms)


async def measure_capacity(
    servers: Servers, world: dict, budget_s: float = 200, window_s: float = 15
) -> dict:
    """The most realistic tables one site serves with p95 (action POST → all six of the
    table's streams have its event) within 150 ms.

    A step measures for ``window_s`` and on until it has CAPACITY_SAMPLES actions (50 tables
    take about 30 s), so its p95 is never one of its few worst samples.

    Tables are added step by step (50, 100, 200, 300…), the ones before playing on. After the
    first failing step, while time allows, one more step between the last pass and the fail
    (or below the first step, if it failed) narrows the figure down.
    """
    # Several processes: each table on one of them, as the proxy of docs/scaling-out.md routes
    # it, so an event is drawn by one process (and its TV's, if that is another), not by every
    # one.
    ports, pool, rng = (
        Ports(servers.ports, by_table=True),
        iter(world["capacity"]),
        random.Random(12),
    )
    live: list[tuple[RealisticTable, asyncio.Task]] = []
    recorder = Recorder()
    steps, deadline = [], time.monotonic() + budget_s
    ramp = iter(CAPACITY_STEPS)
    passed, failed = 0, None
    try:
        # A step takes its window plus ~8 s to connect, settle and finish.
        while time.monotonic() + window_s + 8 < deadline and servers.alive():
            target = next(ramp, None) if failed is None else _between(passed, failed)
            if target is None or any(s["tables"] == target for s in steps):
                break
            recorder.tally = connecting = Tally()
            while len(live) > target:  # narrowing down from a failed step
                table, task = live.pop()
                task.cancel()
                await asyncio.gather(task, return_exceptions=True)
                await table.close()
            fresh = itertools.islice(pool, target - len(live))
            new = [RealisticTable(ports, t, rng, ACTION_INTERVAL_S) for t in fresh]
            if len(live) + len(new) < target:
                break  # the database has no more tables ready
            started = time.perf_counter()
            connected = await asyncio.wait_for(
                asyncio.gather(*(t.connect(world["after"], connecting) for t in new)), 60
            )
            connect_s = time.perf_counter() - started
            live += [(t, asyncio.create_task(t.play(recorder, until=inf))) for t in new]
            await asyncio.sleep(2)
            recorder.tally, recorder.samples, recorder.posts = Tally(), [], []
            backends = servers.database_cpu()  # PostgreSQL's processes: {} on SQLite
            waited = servers.waited(list(backends))
            cpu, wall, client = servers.cpu_seconds(), time.perf_counter(), time.process_time()
            recorder.window = (wall, inf)
            await asyncio.sleep(window_s)
            longest = time.perf_counter() + max(0, deadline - time.monotonic() - 8)
            while len(recorder.samples) < CAPACITY_SAMPLES and time.perf_counter() < longest:
                await asyncio.sleep(0.25)
            recorder.window = (wall, time.perf_counter())
            cpu, client = servers.cpu_seconds() - cpu, time.process_time() - client
            wall = time.perf_counter() - wall
            waited = servers.waited(list(backends)) - waited
            backends = sum(s - backends.get(pid, 0) for pid, s in servers.database_cpu().items())
            await asyncio.sleep(5.5)  # actions started in the window finish or time out
            step = _step(target, recorder, connecting, connected, cpu, client, wall)
            step["waited_for_cpu_ms_per_action"] = round(waited * 1000 / max(1, step["actions"]), 1)
            if servers.database_url:
                actions = max(1, step["actions"])
                step["database_cpu_ms_per_action"] = round(backends * 1000 / actions, 1)
                step["database_cpu_share"] = round(backends / wall, 2)
            step["connect_s"] = round(connect_s, 1)
            step["streams_send_part_names_only"] = any(
                s.names_only for t, _ in live for s in t.streams
            )
            steps.append(step)
            print(
                f"  {target} tables: p95 {step['latency']['p95_ms']} ms, "
                f"{step['actions']} actions, {step['errors']} errors, "
                f"{step['server_cpu_ms_per_action']} CPU-ms/action → "
                f"{'pass' if step['passed'] else 'FAIL'}",
                flush=True,
            )
            if step["passed"]:
                passed = max(passed, target)
            else:
                failed = target if failed is None else min(failed, target)
    finally:
        for _, task in live:
            task.cancel()
        await asyncio.gather(*(task for _, task in live), return_exceptions=True)
        for n in range(0, len(live), 100):
            await asyncio.gather(*(t.close() for t, _ in live[n : n + 100]))
    return {
        "processes": len(servers.ports),
        "actions_per_table_per_minute": round(60 / (sum(ACTION_INTERVAL_S) / 2), 1),
        "action_mix": "players take turns: roll, then Lock-in; a knocked-out hero's refused "
        "roll makes the Director start the next Scene",
        "p95_limit_ms": CAPACITY_P95_MS,
        "window_s": window_s,
        "samples_per_step_at_least": CAPACITY_SAMPLES,
        "tables_passing": passed,
        "first_failing": failed,
        "steps": steps,
    }


def _between(passed: int, failed: int) -> int | None:
    """The step that halves the gap between the last pass and the first fail, in tens."""
    if failed - passed <= 10:
        return None
    middle = (passed + failed) // 2
    return max(10, round(middle / 10) * 10) if middle >= 10 else None


def _step(tables, recorder, connecting, connected, cpu, client, wall) -> dict:
    latencies = [ms for _, ms in recorder.samples]
    actions = len(latencies)
    tally = recorder.tally.as_dict()
    missed = sum(ms == inf for ms in latencies)
    p95 = percentile(latencies, 0.95)
    by_kind = {}
    for kind in ("roll", "lock_in", "scene"):
        samples = [ms for k, ms in recorder.samples if k == kind]
        if samples:
            by_kind[kind] = summary(samples)
    errors = tally["errors"] + connecting.as_dict()["errors"]
    return {
        "tables": tables,
        "streams": tables * 6,
        "all_connected": all(connected),
        "actions": actions,
        "actions_per_second": round(actions / wall, 1),
        "latency": summary(latencies),
        "post_answered": summary(recorder.posts),
        "by_kind": by_kind,
        "missed": missed,
        "refused": tally["refused"],
        "errors": errors,
        "error_kinds": tally["error_kinds"] | connecting.as_dict()["error_kinds"],
        "server_cpu_ms_per_action": round(cpu * 1000 / actions, 1) if actions else None,
        "server_cpu_share": round(cpu / wall, 2),
        "bench_client_cpu_share": round(client / wall, 2),
        "passed": bool(
            actions >= CAPACITY_SAMPLES
            and all(connected)
            and p95 <= CAPACITY_P95_MS
            and errors <= 0.01 * actions
        ),
    }


# The site's speed-ups that lean on Django's private internals (issue 37), each turned off in
# a server of its own (BENCH_WITHOUT, read by tests/bench/settings.py and apps.py; "pooled"
# is Django's own ASGI handler, tests/bench/stock_asgi.py). Each stays only while it saves
# at least 10 % (docs/performance.md); the fields drawn once per shape and the `{% url %}`
# replacement saved 0–5 % and went.
MECHANISMS = ("prepared", "pooled")


async def measure_mechanisms(
    sites: dict[str, Servers], world: dict, blocks: int = 24, rounds: int = 8
) -> dict:
    """One client's table page GET, roll and Lock-in against the site as it is ("all") and
    against a server for each mechanism without it, all serving at once, each on its own copy
    of the database: block by block in turns (the order rotating every block, so none is
    always first), so the machine's noise falls on all alike. Per server: the p50 of every
    sample pooled, and the median over the blocks of its CPU time per round (a page GET, a
    roll and a Lock-in, their drawings for the streams included); per mechanism, what turning
    it on saves of each (1 − with ÷ without)."""
    names = list(sites)
    kinds = ("table_page", "roll", "lock_in")
    pooled = {name: {kind: [] for kind in kinds} for name in names}
    cpu = {name: [] for name in names}
    totals = {name: [0.0, 0] for name in names}  # CPU seconds, rounds
    tallies = {name: Tally() for name in names}
    for block in range(blocks):
        shift = block % len(names)
        for name in names[shift:] + names[:shift]:
            site = sites[name]
            before = site.cpu_seconds()
            figures = await measure_actions(site, world["solo"], world["after"], rounds)
            spent = site.cpu_seconds() - before
            done = len(figures["samples"]["lock_in"])
            if done:
                cpu[name].append(spent * 1000 / done)
                totals[name][0] += spent
                totals[name][1] += done
            for kind in kinds:
                pooled[name][kind] += figures["samples"][kind]
            tallies[name].ok += figures["ok"]
            tallies[name].errors.update(figures["error_kinds"])
    per_site = {}
    for name in names:
        per_site[name] = {kind: summary(pooled[name][kind])["p50_ms"] for kind in kinds}
        # The server's CPU clock ticks in 10 ms: the median of the blocks' figures is in steps
        # of 10 ms ÷ a block's rounds, the whole run's mean (CPU ÷ rounds) is not.
        per_site[name]["cpu_ms_per_round_median"] = _median(cpu[name])
        spent, done = totals[name]
        per_site[name]["cpu_ms_per_round"] = round(spent * 1000 / done, 2) if done else None
        per_site[name]["rounds"] = done
        per_site[name]["blocks"] = len(cpu[name])
        per_site[name] |= tallies[name].as_dict()
    saves = {}
    for name in names:
        if name == "all":
            continue
        saves[name] = {
            key: round(1 - per_site["all"][key] / per_site[name][key], 3)
            if per_site["all"][key] and per_site[name][key]
            else None
            for key in (*kinds, "cpu_ms_per_round")
        }
    return {"blocks": blocks, "rounds_per_block": rounds, "sites": per_site, "saves": saves}


def _median(values: list[float]) -> float | None:
    if not values:
        return None
    ordered = sorted(values)
    middle = len(ordered) // 2
    value = ordered[middle] if len(ordered) % 2 else (ordered[middle - 1] + ordered[middle]) / 2
    return round(value, 2)
