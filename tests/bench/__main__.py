"""`make bench`: Enigma Table measured against the real ASGI server on loopback.

Every figure comes from one run on one machine, so the ratios between them hold even when the
machine is noisy. Each stage is bounded in time and the whole run takes about five minutes.
The site runs on SQLite in one process; with BENCH_DATABASE_URL (a scratch PostgreSQL
database whose name contains "bench") the realistic-table capacity is measured again on
PostgreSQL with two processes, which hear each other's events through NOTIFY. Set
DATABASE_URL instead to run every stage on PostgreSQL.

Results print as a table and are written as JSON to bench-results/latest.json (or --json)
after every stage, so a stage that fails, or a run that is cut short, keeps what it measured.
"""

import argparse
import asyncio
import contextlib
import json
import os
import platform
import shutil
import sys
import tempfile
import time
import traceback
from pathlib import Path

from tests.bench import stages
from tests.bench.browser import measure_browser
from tests.bench.weight import measure_weight
from tests.bench.world import (
    APP,
    RESULTS,
    STOCK_APP,
    collect_static,
    ensure_database,
    environment,
    prepare,
    servers,
)

STAGES = ("floor", "write", "actions", "fanout", "weight", "browser", "before", "workers")
STAGES += ("mechanisms", "capacity")


class Run:
    """The figures so far, written out after each stage whatever became of it."""

    def __init__(self, output: Path, only: set[str]) -> None:
        self.output, self.only = output, only
        self.results: dict = {
            "machine": {
                "cpus": os.cpu_count(),
                "python": platform.python_version(),
                "platform": platform.platform(),
            }
        }
        self.started = time.monotonic()

    def stage(self, key: str, label: str, measure, group: str | None = None) -> dict | None:
        if self.only and group != "always" and (group or key.split("_")[0]) not in self.only:
            return None
        print(f"{label}…", flush=True)
        try:
            figures = measure()
        except Exception as error:  # a failed stage must not lose the others
            traceback.print_exc()
            figures = {"error": f"{type(error).__name__}: {error}".strip()[:500]}
        self.results[key] = figures
        self.save()
        return figures

    def save(self) -> None:
        self.results["run_seconds"] = round(time.monotonic() - self.started, 1)
        self.output.parent.mkdir(parents=True, exist_ok=True)
        self.output.write_text(json.dumps(self.results, indent=2))


def run_site(run: Run, database_url: str | None, tmp: Path) -> None:
    """Every stage against one database, the site in one process (capacity: two on PG)."""
    env = environment(tmp / "main", database_url)
    (tmp / "main").mkdir()
    database = "PostgreSQL" if database_url else "SQLite"
    run.results["machine"]["database"] = database
    made: dict = {}
    setup = run.stage(
        "setup",
        "Collecting static files, preparing a fresh database",
        lambda: _setup(env, 600, made),
        group="always",
    )
    if "error" in setup:
        return
    world = made["world"]
    processes = 2 if database_url else 1
    with servers(env, 1, database.lower()) as site:
        floor = run.stage(
            "floor", "Floor (GET /healthz)", lambda: asyncio.run(stages.measure_floor(site))
        )
        floor_ms = (floor or {}).get("p50_ms")
        write = run.stage(
            "write",
            "Minimal write view (POST: one INSERT, one SELECT)",
            lambda: asyncio.run(stages.measure_write_floor(site, world)),
        )
        write_ms = (write or {}).get("p50_ms")
        for key, label, tables, rounds in (
            ("actions_1", "Table actions, 1 client", world["solo"], 60),
            ("actions_20", "Table actions, 20 clients on one table", [world["crowd"]], 10),
        ):
            figures = run.stage(
                key,
                label,
                lambda t=tables, r=rounds: asyncio.run(
                    stages.measure_actions(site, t, world["after"], r)
                ),
            )
            _against_floor(figures, floor_ms, write_ms)
        for listeners in stages.LISTENER_COUNTS:
            run.stage(
                f"fanout_{listeners}",
                f"Fan-out to {listeners} listeners",
                lambda n=listeners: asyncio.run(stages.measure_fanout(site, world, n)),
            )
        run.stage("weight", "Page weight", lambda: asyncio.run(measure_weight(site, world)))
        run.stage(
            "browser",
            "Browser (Chromium): Lock-in → other screens, part GETs",
            lambda: measure_browser(site.base, world),
        )
    run.stage(
        "before",
        "The same under Django's own ASGI handler (the app before issue #27), side by side",
        lambda: _before(env, database, world, tmp),
    )
    run.stage(
        "mechanisms",
        "Each speed-up on Django's internals, on and off, side by side (issue #37)",
        lambda: _mechanisms(env, database, world, tmp),
    )
    if processes == 1:
        with servers(env, 1, database.lower()) as site:
            run.stage(
                f"capacity_{database.lower()}",
                f"Realistic tables, {database}, 1 process",
                lambda: asyncio.run(stages.measure_capacity(site, world)),
            )
    else:
        _capacity(run, env, database, world, processes)


def run_capacity_pg(run: Run, database_url: str, tmp: Path) -> None:
    (tmp / "pg").mkdir()
    env = environment(tmp / "pg", database_url)
    made: dict = {}
    setup = run.stage(
        "setup_postgresql", "Preparing PostgreSQL", lambda: _setup(env, 800, made), group="capacity"
    )
    if setup is None or "error" in setup:
        return
    run.stage(
        "workers",
        "uvicorn --workers 2 (PostgreSQL): floor before and after TCP_NODELAY",
        lambda: _workers(env),
    )
    # One process first: the two-process figure is judged against it (issue 27: ≥ 2×).
    _capacity(run, env, "PostgreSQL", made["world"], 1, key="capacity_postgresql_1")
    _capacity(run, env, "PostgreSQL", made["world"], 2)


def _before(env: dict, database: str, world: dict, tmp: Path) -> dict:
    """This run's app beside the app as it was before issue #27 (Django's own ASGI handler),
    both serving at once, each on its own copy of the database (one process serves a SQLite
    file), measured in turns."""
    before = dict(env)
    if "SQLITE_PATH" in env:
        (tmp / "before").mkdir()
        before["SQLITE_PATH"] = str(tmp / "before" / "bench.sqlite3")
        for suffix in ("", "-wal", "-shm"):
            if Path(env["SQLITE_PATH"] + suffix).exists():
                shutil.copyfile(env["SQLITE_PATH"] + suffix, before["SQLITE_PATH"] + suffix)
    with (
        servers(env, 1, f"{database.lower()}-now") as now,
        servers(before, 1, f"{database.lower()}-before", app=STOCK_APP) as then,
    ):
        return asyncio.run(stages.measure_side_by_side({"now": now, "before": then}, world))


def _copy(env: dict, tmp: Path, name: str) -> dict:
    """``env`` with a SQLite database of its own, copied from ``env``'s (one process serves a
    SQLite file); on PostgreSQL, the same database."""
    copy = dict(env)
    if "SQLITE_PATH" in env:
        (tmp / name).mkdir()
        copy["SQLITE_PATH"] = str(tmp / name / "bench.sqlite3")
        for suffix in ("", "-wal", "-shm"):
            if Path(env["SQLITE_PATH"] + suffix).exists():
                shutil.copyfile(env["SQLITE_PATH"] + suffix, copy["SQLITE_PATH"] + suffix)
    return copy


def _mechanisms(env: dict, database: str, world: dict, tmp: Path) -> dict:
    """The site as it is beside a server for each of the four mechanisms without it (Django's
    plain way instead), all serving at once, measured in turns."""
    with contextlib.ExitStack() as stack:
        sites = {}
        for name in ("all", *stages.MECHANISMS):
            copy = _copy(env, tmp, f"mechanism-{name}")
            app = APP
            if name == "pooled":
                app = STOCK_APP
            elif name != "all":
                copy["BENCH_WITHOUT"] = name
            label = f"{database.lower()}-mechanism-{name}"
            sites[name] = stack.enter_context(servers(copy, 1, label, app=app))
        return asyncio.run(stages.measure_mechanisms(sites, world))


def _workers(env: dict) -> dict:
    """GET /healthz from one uvicorn with --workers 2, the app before and after it turned
    Nagle off: the ~40 ms stall, or its absence."""
    figures = {}
    for key, app in (("before", STOCK_APP), ("after", "enigma_site.asgi:application")):
        with servers(env, 1, f"workers-{key}", app=app, workers=2) as site:
            figures[key] = asyncio.run(stages.measure_floor(site, 200))
    return figures


def _capacity(
    run: Run, env: dict, database: str, world: dict, processes: int, key: str | None = None
) -> None:
    def measure() -> dict:
        with servers(env, processes, database.lower()) as site:
            return asyncio.run(stages.measure_capacity(site, world))

    run.stage(
        key or f"capacity_{database.lower()}",
        f"Realistic tables, {database}, {processes} process(es)",
        measure,
        group="capacity",
    )


def _setup(env: dict, capacity_tables: int, made: dict) -> dict:
    """Static files and a fresh database; the world's layout (with cookies) goes in ``made``,
    not in the results."""
    started = time.monotonic()
    collect_static(env)
    made["world"] = prepare(env, capacity_tables)
    return {"seconds": round(time.monotonic() - started, 1), "capacity_tables": capacity_tables}


def _against_floor(figures: dict | None, floor_ms: float | None, write_ms: float | None) -> None:
    if not figures or "error" in figures:
        return
    figures.pop("samples", None)  # kept only for side-by-side runs to pool
    for key in ("table_page", "roll", "roll_to_own_dice", "lock_in"):
        p50 = figures[key]["p50_ms"]
        if p50 is not None and floor_ms:
            figures[key]["p50_vs_floor"] = round(p50 / floor_ms, 1)
        if p50 is not None and write_ms:
            figures[key]["p50_vs_write"] = round(p50 / write_ms, 2)


# The report -------------------------------------------------------------------------------------


def report(results: dict) -> str:
    """The figures as a table; a stage that failed or did not run says so in its place."""
    machine = results.get("machine", {})
    lines = [
        f"Enigma Table benchmark · {machine.get('database', '?')} · "
        f"{machine.get('cpus')} CPUs · Python {machine.get('python')}",
        "",
        f"{'measure':50} {'p50 ms':>8} {'p95 ms':>8} {'p99 ms':>8} {'×floor':>7} {'×write':>7}"
        "  errors",
    ]

    def row(label: str, s: dict, extra: str = "") -> None:
        cells = [_cell(s.get(k)) for k in ("p50_ms", "p95_ms", "p99_ms")]
        ratios = [str(s.get(k, "")) for k in ("p50_vs_floor", "p50_vs_write")]
        lines.append(
            f"{label:50} {cells[0]:>8} {cells[1]:>8} {cells[2]:>8} {ratios[0]:>7} {ratios[1]:>7}"
            f"  {extra}"
        )

    def failed(label: str, figures: dict | None) -> bool:
        if figures is None:
            lines.append(f"{label:50} (not run)")
            return True
        if "error" in figures:
            lines.append(f"{label:50} FAILED: {figures['error']}")
            return True
        return False

    def actions(figures: dict, where: str) -> None:
        for key, label in (
            ("table_page", "table page GET"),
            ("roll", "Gamble roll POST"),
            ("roll_to_own_dice", "roll POST → own dice shown"),
            ("lock_in", "Lock-in POST"),
        ):
            row(f"{label}, {where}", figures[key])
        lines.append(f"{'  answers':50} {_errors(figures)}")

    floor = results.get("floor")
    if not failed("floor (GET /healthz)", floor):
        row("floor (GET /healthz)", floor, _errors(floor))
    write = results.get("write")
    if not failed("minimal write view POST", write):
        row("minimal write view POST (INSERT + SELECT)", write, _errors(write))
    for clients in (1, 20):
        figures = results.get(f"actions_{clients}")
        where = "1 client" if clients == 1 else "20 clients, one table"
        if not failed(f"table actions, {where}", figures):
            actions(figures, where)
    before = results.get("before")
    if before is not None:
        lines += ["", "side by side, both serving at once, measured in turns:"]
        if not failed("  now and before issue #27", before):
            for name, label in (("now", "now"), ("before", "before (Django's ASGI handler)")):
                figures = before[name]
                row(f"{label}: floor (GET /healthz)", figures["floor"])
                row(f"{label}: minimal write view POST", figures["write"])
                actions(figures["actions_1"], label)
    lines += _mechanism_lines(results.get("mechanisms"))
    workers = results.get("workers")
    if workers is not None and not failed("uvicorn --workers 2", workers):
        lines.append("")
        row("--workers 2, GET /healthz, before (no TCP_NODELAY)", workers["before"])
        row("--workers 2, GET /healthz, after", workers["after"])
    lines.append("")
    for listeners in stages.LISTENER_COUNTS:
        figures = results.get(f"fanout_{listeners}")
        label = f"fan-out to {listeners} listeners (POST → seen)"
        if failed(label, figures):
            continue
        kb = figures["server_kb_per_listener"]
        memory = f"{kb} KB/listener" if kb is not None else "KB/listener not measurable"
        missed = f", {figures['missed']} missed" if figures["missed"] else ""
        cpu = figures.get("server_cpu_ms_per_lock_in")
        cpu = f"; server {cpu} CPU-ms/Lock-in (bench {figures['client_cpu_ms_per_lock_in']})"
        row(label, figures["receipt"], f"{_errors(figures)}{missed}; {memory}{cpu}")
    browser = results.get("browser")
    lines.append("")
    if not failed("browser (Chromium)", browser):
        if "skipped" in browser:
            lines.append(f"browser: skipped, {browser['skipped']}")
        else:
            row(
                "Lock-in → log row, 2 other players' Chromium",
                browser["lock_in_to_log_row_other_players"],
                _errors(browser),
            )
            for kind, pages in browser["part_gets_per_event_per_page"].items():
                per_page = ", ".join(
                    f"{name} {pages[name]}"
                    + (
                        f" (+{pages[name + '_other_gets']} other)"
                        if pages[name + "_other_gets"]
                        else ""
                    )
                    for name in browser["pages"]
                )
                lines.append(
                    f"  part GETs per page after one {kind} ({pages['events']} events): "
                    f"{per_page}; most on one page {pages['max_part_gets_one_page']}"
                )
    weight = results.get("weight")
    if not failed("page weight", weight):
        lines.append(
            f"page weight, first load of the table page: {weight['first_load_kb_on_the_wire']} "
            f"KB on the wire (HTML {weight['html_bytes']} B, {weight['html_bytes_on_the_wire']} "
            f"B on the wire as {weight['html_encoding'] or 'plain'}; assets "
            f"{weight['assets_bytes_on_the_wire']} B) {_errors(weight)}"
        )
    for key, database in (
        ("capacity_sqlite", "sqlite"),
        ("capacity_postgresql_1", "postgresql"),
        ("capacity_postgresql", "postgresql"),
    ):
        if key in results:
            lines += ["", *_capacity_lines(database, results[key])]
    one, two = results.get("capacity_postgresql_1", {}), results.get("capacity_postgresql", {})
    if one.get("tables_passing") and "tables_passing" in two:
        ratio = two["tables_passing"] / one["tables_passing"]
        lines.append(f"PostgreSQL, two processes ÷ one: {ratio:.2f}× the tables (target ≥ 2×)")
    for key in ("setup", "setup_postgresql"):
        if "error" in results.get(key, {}):
            lines.append(f"{key}: FAILED: {results[key]['error']}")
    lines.append(f"\nwhole run: {results.get('run_seconds')} s")
    return "\n".join(lines)


def _mechanism_lines(figures: dict | None) -> list[str]:
    if figures is None:
        return []
    lines = ["", "each mechanism on Django's internals, on and off, side by side (issue #37):"]
    if "error" in figures:
        return [*lines, f"  FAILED: {figures['error']}"]
    lines.append(
        f"  {figures['blocks']} blocks of {figures['rounds_per_block']} rounds per server, "
        "in turns; p50 ms of all samples; server CPU-ms per round (GET + roll + Lock-in, "
        "their drawings for the streams included): all blocks' CPU ÷ rounds, and the median "
        "of the blocks'"
    )
    lines.append(
        f"  {'server':22} {'page GET':>9} {'roll':>9} {'Lock-in':>9} {'CPU/round':>10} "
        f"{'median':>7}  errors"
    )
    for name, site in figures["sites"].items():
        label = "as it is" if name == "all" else f"without {name}"
        keys = ("table_page", "roll", "lock_in", "cpu_ms_per_round", "cpu_ms_per_round_median")
        cells = [_cell(site[k]) for k in keys]
        lines.append(
            f"  {label:22} {cells[0]:>9} {cells[1]:>9} {cells[2]:>9} {cells[3]:>10} "
            f"{cells[4]:>7}  {_errors(site)}"
        )
    for name, saves in figures["saves"].items():
        text = ", ".join(
            f"{key} {'—' if value is None else f'{value:.0%}'}" for key, value in saves.items()
        )
        lines.append(f"  {name} saves: {text}")
    return lines


def _capacity_lines(database: str, figures: dict) -> list[str]:
    name = {"sqlite": "SQLite", "postgresql": "PostgreSQL"}[database]
    if "error" in figures:
        return [f"realistic tables, {name}: FAILED: {figures['error']}"]
    lines = [
        f"realistic tables, {name}, {figures['processes']} process(es): "
        f"{figures['tables_passing']} tables at p95 ≤ {figures['p95_limit_ms']} ms "
        f"(Director + 4 players + screen per table, "
        f"{figures['actions_per_table_per_minute']} actions/table/min, "
        f"at least {figures['window_s']} s and {figures.get('samples_per_step_at_least', '?')} "
        "actions per step)",
        f"  {'tables':>6} {'streams':>7} {'actions':>7} {'act/s':>6} {'p50 ms':>8} {'p95 ms':>8} "
        f"{'p99 ms':>8} {'POST p50':>8} {'CPU-ms/act':>10} {'server CPU':>10} {'bench CPU':>9}"
        "  result",
    ]
    for s in figures["steps"]:
        lat = s["latency"]
        notes = []
        if s["errors"]:
            notes.append(f"{s['errors']} errors {s['error_kinds']}")
        if s["missed"]:
            notes.append(f"{s['missed']} not received in 5 s")
        if s["refused"]:
            notes.append(f"{s['refused']} knocked-out rolls refused")
        if "waited_for_cpu_ms_per_action" in s:
            notes.append(f"waited for a CPU {s['waited_for_cpu_ms_per_action']} ms/act")
        if "database_cpu_share" in s:
            notes.append(
                f"PostgreSQL backends {s['database_cpu_ms_per_action']} CPU-ms/act, "
                f"{s['database_cpu_share']:.0%} CPU"
            )
        if s.get("streams_send_part_names_only"):
            notes.append("streams send part names only: pages would fetch parts")
        lines.append(
            f"  {s['tables']:>6} {s['streams']:>7} {s['actions']:>7} {s['actions_per_second']:>6} "
            f"{_cell(lat['p50_ms']):>8} {_cell(lat['p95_ms']):>8} {_cell(lat['p99_ms']):>8} "
            f"{_cell(s['post_answered']['p50_ms']):>8} {_cell(s['server_cpu_ms_per_action']):>10} "
            f"{s['server_cpu_share']:>10.0%} "
            f"{s['bench_client_cpu_share']:>9.0%}  {'pass' if s['passed'] else 'FAIL'}"
            + (f" ({'; '.join(notes)})" if notes else "")
        )
    return lines


def _cell(value) -> str:
    return "—" if value is None else str(value)


def _errors(figures: dict) -> str:
    text = f"{figures.get('errors', 0)} errors"
    if figures.get("error_kinds"):
        text += f" {figures['error_kinds']}"
    if figures.get("refused"):
        text += f", {figures['refused']} knocked-out refusals"
    return text


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--json", type=Path, default=RESULTS / "latest.json")
    parser.add_argument(
        "--only", default="", help=f"comma-separated stages to run, of: {', '.join(STAGES)}"
    )
    parser.add_argument(
        "--pg",
        default=os.environ.get("BENCH_DATABASE_URL"),
        help="a scratch PostgreSQL database for the two-process capacity run "
        "(default: $BENCH_DATABASE_URL)",
    )
    args = parser.parse_args()
    only = {s for s in args.only.split(",") if s}
    if unknown := only - set(STAGES):
        parser.error(f"unknown stage(s): {', '.join(sorted(unknown))}")
    run = Run(args.json, only)
    for url in (os.environ.get("DATABASE_URL"), args.pg):
        if url:
            ensure_database(url)
    try:
        with tempfile.TemporaryDirectory(prefix="enigma-bench-") as tmp:
            run_site(run, os.environ.get("DATABASE_URL"), Path(tmp))
            if args.pg and not os.environ.get("DATABASE_URL"):
                run_capacity_pg(run, args.pg, Path(tmp))
    except KeyboardInterrupt:
        print("Interrupted: reporting what was measured.", file=sys.stderr)
    finally:
        run.save()
        print()
        print(report(run.results))
        print(f"\nFigures written to {args.json}")


if __name__ == "__main__":
    main()
