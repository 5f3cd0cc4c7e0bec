"""Reads compiled once: the table's hottest reads (the seat check on every table request, the
locked reads of a move) make the same statement every time but for the ids in it, and Django
compiling it cost more than the database running it (issue #27: a seat check 2.3 ms, of which
compiling 1 ms, running 0.27 ms). A `Prepared` read is compiled once per process and database,
then run with each call's values in their places: the rows come back as Django's own iteration
makes them (`select_related`, annotations and all), and the queries are counted and logged as
any other."""

import copy
import threading
from collections.abc import Callable
from typing import Any

from django.db import connections
from django.db.models import QuerySet

# Values no row has, standing in for each call's while the statement is compiled: their places
# among the compiled parameters are where each call's values go.
_STAND_IN_ID = -7_340_000_000
_STAND_IN_TEXT = "\x1fprepared-{}\x1f"
# Statements kept a read: one a database kind and kinds of values (ids or text) it is called
# with, which the code fixes (each read is called one way); past it, compiled every call.
COMPILED_KEPT = 8


def _stand_in(n: int, value: Any) -> Any:
    if isinstance(value, bool) or not isinstance(value, (int, str)):
        raise TypeError(f"A prepared read takes ids and text, not {type(value).__name__}")
    return _STAND_IN_ID - n if isinstance(value, int) else _STAND_IN_TEXT.format(n)


def _place(places: dict, param: Any) -> int:
    """Which value goes where ``param`` is (-1: none, it is the statement's own)."""
    try:
        return places.get(param, -1)
    except TypeError:  # unhashable: a statement's own (JSON, say)
        return -1


class _Compiled:
    """A statement compiled from stand-ins: its SQL, where each value goes among its
    parameters, and the compiler that knows how to turn its rows into objects."""

    def __init__(self, build: Callable[..., QuerySet], values: tuple) -> None:
        stand_ins = tuple(_stand_in(n, value) for n, value in enumerate(values))
        self.usable = False
        try:
            self.sample = build(*stand_ins)
            self.compiler = self.sample.query.get_compiler(using=self.sample.db)
            self.sql, params = self.compiler.as_sql()
        except Exception:  # no statement for stand-ins (a slice refuses negative bounds)
            self.sample = build(*values)
            return
        places = {stand_in: n for n, stand_in in enumerate(stand_ins)}
        self.slots = [(_place(places, param), param) for param in params]
        placed = {n for n, _param in self.slots}
        # Every value must have a place of its own, and none may be written into the SQL.
        self.usable = placed >= set(range(len(values))) and not any(
            str(stand_in) in self.sql for stand_in in stand_ins
        )

    def rows(self, values: tuple) -> list:
        params = tuple(values[n] if n >= 0 else param for n, param in self.slots)
        run = copy.copy(self.compiler)
        run.connection = connections[self.sample.db]  # this thread's
        run.as_sql = lambda *args, **kwargs: (self.sql, params)
        queryset = self.sample._chain()
        queryset.query.get_compiler = lambda *args, **kwargs: run
        return list(queryset)


class Prepared:
    """A read compiled once, run with new values: ``build(*values)`` makes its queryset, and
    must make the same statement for any values (ids and text; nothing chosen by them). A
    statement whose values can't be placed is compiled on every call, as usual."""

    def __init__(self, build: Callable[..., QuerySet]) -> None:
        self._build = build
        self._compiled: dict[tuple, _Compiled] = {}
        self._lock = threading.Lock()

    def __call__(self, *values) -> list:
        compiled = self._compiled_for(values)
        return compiled.rows(values) if compiled.usable else list(self._build(*values))

    def get(self, *values):
        """The one row, or the model's DoesNotExist, as `QuerySet.get` (a read by its key)."""
        compiled = self._compiled_for(values)
        rows = compiled.rows(values) if compiled.usable else list(self._build(*values))
        if not rows:
            raise compiled.sample.model.DoesNotExist("No row matches the prepared read.")
        if len(rows) > 1:
            raise compiled.sample.model.MultipleObjectsReturned(f"{len(rows)} rows, not one.")
        return rows[0]

    def first(self, *values):
        """The first row or None, as `QuerySet.first` (for a read sliced to one row)."""
        rows = self(*values)
        return rows[0] if rows else None

    def _compiled_for(self, values: tuple) -> _Compiled:
        key = (connections["default"].vendor, tuple(type(value) for value in values))
        compiled = self._compiled.get(key)
        if compiled is None:
            compiled = _Compiled(self._build, values)
            with self._lock:
                if len(self._compiled) < COMPILED_KEPT:
                    compiled = self._compiled.setdefault(key, compiled)
        return compiled
