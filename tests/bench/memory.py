"""Bench-only: where a server worker's memory goes. With BENCH_MEMORY set (a directory), SIGUSR1
makes each worker write what its per-process caches hold and its live objects by type
(`<pid>-<n>.json`); with BENCH_TRACEMALLOC set too, it traces its allocations and writes a
snapshot beside it (`<pid>-<n>.snap`)."""

import collections
import gc
import itertools
import json
import os
import signal
import sys
import tracemalloc
from pathlib import Path


def _deep(value, seen: set) -> int:
    if id(value) in seen:
        return 0
    seen.add(id(value))
    size = sys.getsizeof(value)
    if isinstance(value, dict):
        size += sum(_deep(k, seen) + _deep(v, seen) for k, v in value.items())
    elif isinstance(value, (list, tuple, set, frozenset)):
        size += sum(_deep(item, seen) for item in value)
    return size


def caches() -> dict:
    from sessions import channel
    from sessions.live import broadcast
    from sessions.parts import rows

    found = {
        "rows._rows": rows._rows,
        "channel._handed": channel._handed,
        "broadcast._tables": broadcast._tables,
    }
    out = {}
    for name, held in found.items():
        items = list(held.items())
        out[name] = {"entries": len(items), "bytes": _deep(dict(items), set())}
    from sessions.models.prepared import Prepared

    prepared = [o for o in gc.get_objects() if isinstance(o, Prepared)]
    out["prepared._compiled"] = {
        "instances": len(prepared),
        "entries": sum(len(p._compiled) for p in prepared),
    }
    return out


def install() -> None:
    where = os.environ.get("BENCH_MEMORY")
    if not where:
        return
    if os.environ.get("BENCH_TRACEMALLOC"):
        tracemalloc.start(int(os.environ["BENCH_TRACEMALLOC"]))
    counter = itertools.count()

    def dump(_signum, _frame) -> None:
        n = next(counter)
        gc.collect()
        types = collections.Counter(type(o).__name__ for o in gc.get_objects())
        report = {
            "caches": caches(),
            "blocks": sys.getallocatedblocks(),
            "objects": types.most_common(40),
        }
        Path(where, f"{os.getpid()}-{n}.json").write_text(json.dumps(report, indent=1))
        if tracemalloc.is_tracing():
            tracemalloc.take_snapshot().dump(str(Path(where, f"{os.getpid()}-{n}.snap")))

    signal.signal(signal.SIGUSR1, dump)
