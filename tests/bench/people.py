"""The people at a table as the bench plays them: each does what their page does.

A page holds one event stream and swaps in the HTML each message carries; it fetches nothing
because of an event. So a player learns the id of the Gamble they just rolled from their own
stream (the `gamble-<character id>` part carries the Lock-in form), and a screen has an event
once its stream has sent that event's `seen` block.
"""

import asyncio
import itertools
import re
import time
import zlib
from collections.abc import Callable

from tests.bench.client import Answer, Http, Stream, Tally, request_id, wait_until
from tests.gambles import gamble_form

GAMBLE_ID = re.compile(rb"/table/gambles/(\d+)/lock/")
KNOCKED_OUT = "Knocked out"


class Ports:
    """Which server process a connection goes to: round-robin, per connection, as a load
    balancer would; or, ``by_table``, as a proxy that hashes the table in the address does
    (docs/scaling-out.md): a table's pages and its TV (whose link starts with
    the table's id) on one process, chosen by the Adventure's id."""

    def __init__(self, ports: tuple[int, ...], by_table: bool = False) -> None:
        self.ports, self.by_table = ports, by_table
        self._next = itertools.cycle(ports)

    def __call__(self) -> int:
        return next(self._next)

    def of(self, key: str) -> Callable[[], int]:
        """The chooser for the connections of one table (or one TV link)."""
        if not self.by_table:
            return self
        port = self.ports[zlib.crc32(key.encode()) % len(self.ports)]
        return lambda: port


class Director:
    """Moves the table on to its next Scene, which puts knocked-out heroes back on their feet."""

    def __init__(self, ports: Callable[[], int], table: dict) -> None:
        self.http = Http(ports(), table["director"])
        self.stream = Stream(ports(), f"/adventures/{table['adventure']}/table/events/",
                             table["director"])  # fmt: skip
        self.url = f"/adventures/{table['adventure']}/table/scene/start/"
        self.scenes = list(table["scenes"])
        self.lock = asyncio.Lock()
        self.moved_at = 0.0

    async def next_scene(self, tally: Tally, knocked_out_at: float) -> Answer | None:
        """Start the next Scene unless someone already did since ``knocked_out_at``."""
        async with self.lock:
            if self.moved_at > knocked_out_at or not self.scenes:
                return None
            answer = await self.http.post(self.url, {"scene": self.scenes.pop(0)})
            tally.answer(answer.status)
            self.moved_at = time.perf_counter()
            return answer


class Player:
    def __init__(
        self, ports: Callable[[], int], table: dict, seat: dict, director: Director
    ) -> None:
        self.base = f"/adventures/{table['adventure']}/table/"
        self.character = seat["character"]
        self.http = Http(ports(), seat["cookies"])
        self.stream = Stream(ports(), self.base + "events/", seat["cookies"], self._on_block)
        self.director = director
        self.gamble: int | None = None  # the open Gamble, as this player's own panel shows it
        self.locked = 0  # the last Gamble locked in: a late redraw showing it open is stale
        self.rolled_at = self.shown_at = 0.0
        self._panel = f"gamble-{self.character}"
        self._gamble_shown = asyncio.Event()

    def _on_block(self, _stream: Stream, event: str, block: bytes, now: float) -> None:
        if event == self._panel:
            found = GAMBLE_ID.search(block)
            gamble = int(found.group(1)) if found else None
            if gamble is None or gamble > self.locked:
                self.gamble, self.shown_at = gamble, now
                self._gamble_shown.set()

    async def roll(self, tally: Tally) -> tuple[float, Answer]:
        """Roll once; (ms the POST took, the answer). A knocked-out hero's 409 is expected."""
        self.gamble = None
        self._gamble_shown.clear()
        started = self.rolled_at = time.perf_counter()
        answer = await self.http.post(
            self.base + f"roll/{self.character}/", gamble_form(request_id())
        )
        elapsed = (time.perf_counter() - started) * 1000
        knocked_out = answer.status == 409 and KNOCKED_OUT in answer.text
        tally.answer(answer.status, expected_refusal=knocked_out)
        if answer.status == 200 and (found := GAMBLE_ID.search(answer.body)):
            self.gamble = int(found.group(1))  # before pushed parts, the answer drew the panel
            self.shown_at = time.perf_counter()
            self._gamble_shown.set()
        return elapsed, answer

    async def roll_until_rolled(self, tally: Tally, attempts: int = 3) -> float | None:
        """Roll; a knocked-out hero waits for the Director's next Scene, then rolls again."""
        for _ in range(attempts):
            elapsed, answer = await self.roll(tally)
            if answer.status == 200:
                return elapsed
            if answer.status != 409 or KNOCKED_OUT not in answer.text:
                return None
            await self.director.next_scene(tally, time.perf_counter() - elapsed / 1000)
        return None

    async def rolled_gamble(self, timeout: float = 10) -> int | None:
        """The id of the Gamble just rolled, once the player's own panel shows it."""
        await wait_until(self._gamble_shown, lambda: self.gamble is not None, timeout)
        return self.gamble

    async def lock_in(self, tally: Tally, gamble: int) -> tuple[float, Answer]:
        started = time.perf_counter()
        # A freshly rolled Gamble is at step 0.
        answer = await self.http.post(self.base + f"gambles/{gamble}/lock/", {"step": 0})
        elapsed = (time.perf_counter() - started) * 1000
        tally.answer(answer.status)
        if answer.status == 200:
            self.gamble, self.locked = None, max(self.locked, gamble)
        return elapsed, answer

    async def close(self) -> None:
        await self.http.close()
        await self.stream.close()


class RealisticTable:
    """A Director, four players and the TV screen, each holding their page's stream.

    Every ``interval`` seconds (drawn afresh each time) one player acts: a player with a
    rolled Gamble locks it in, else the next player rolls. A knocked-out hero's refused roll
    makes the Director start the next Scene, which is an action too. Each action is timed
    from sending its POST to the moment all six streams have received its event.
    """

    def __init__(self, ports: Ports, table: dict, rng, interval: tuple[float, float]) -> None:
        route = ports.of(str(table["adventure"]))
        self.director = Director(route, table)
        self.players = [Player(route, table, seat, self.director) for seat in table["players"]]
        self.screen = Stream(route(), f"/screen/{table['screen']}/events/")
        self.streams = [self.director.stream, *(p.stream for p in self.players), self.screen]
        self.rng = rng
        self.interval = interval
        self.turn = 0

    async def connect(self, after: int, tally: Tally) -> bool:
        statuses = await asyncio.gather(
            *(stream.open(after) for stream in self.streams), return_exceptions=True
        )
        for status in statuses:
            if isinstance(status, BaseException):
                tally.failure(status)
            else:
                tally.answer(status)
        return all(status == 200 for status in statuses)

    async def play(self, record, until: float) -> None:
        """Act until ``until``; ``record(kind, started, post_ms, latency_ms or None)`` for each
        action: how long its POST took to answer, and until all six streams had its event."""
        await asyncio.sleep(self.rng.uniform(0, self.interval[1]))
        while time.perf_counter() < until:
            await self.act(record)
            await asyncio.sleep(self.rng.uniform(*self.interval))

    async def act(self, record) -> None:
        tally = record.tally
        holder = next((p for p in self.players if p.gamble is not None), None)
        marks = [stream.high for stream in self.streams]
        started = time.perf_counter()
        try:
            if holder is not None:
                kind = "lock_in"
                _, answer = await holder.lock_in(tally, holder.gamble)
            else:
                kind = "roll"
                player = self.players[self.turn % len(self.players)]
                self.turn += 1
                _, answer = await player.roll(tally)
                if answer.status == 409 and KNOCKED_OUT in answer.text:
                    # The page shows the hero knocked out; the Director moves the story on.
                    marks = [stream.high for stream in self.streams]
                    started = time.perf_counter()
                    kind = "scene"
                    answer = await self.director.next_scene(tally, 0)
                    if answer is None:
                        return
        except Exception as error:  # counted; the table plays on
            tally.failure(error)
            return
        post_ms = (time.perf_counter() - started) * 1000
        if answer.status != 200:
            if holder is not None:
                holder.gamble = None  # refused: the page would show why; move on
            return
        arrivals = await asyncio.gather(
            *(s.wait_beyond(m, 5.0) for s, m in zip(self.streams, marks, strict=True))
        )
        if any(at is None for at in arrivals):
            record(kind, started, post_ms, None)
        else:
            record(kind, started, post_ms, (max(arrivals) - started) * 1000)
        if kind == "roll":
            await player.rolled_gamble(timeout=1)

    async def close(self) -> None:
        await asyncio.gather(
            self.director.http.close(),
            self.director.stream.close(),
            self.screen.close(),
            *(p.close() for p in self.players),
        )
