"""Many screens on one table hear each event from one broadcast: drawn once, the same bytes
handed to every stream of an audience in one pass, and a page that stops reading is cut off
(to reconnect and catch up) without holding up the others."""

import asyncio
import threading
import time

import pytest
from asgiref.sync import sync_to_async
from django.db import connections
from django.test.signals import template_rendered

from characters.models import Character
from sessions import live
from sessions.actions import narration, peril
from sessions.live import outlet
from sessions.models import Adventure, TableEvent

pytestmark = pytest.mark.django_db(transaction=True)

SCREENS = 40


class Page:
    """One page's stream, read as a browser's EventSource reads it (or, asleep, not read)."""

    def __init__(self, listener: live.Listener, after: int | None) -> None:
        self.body = live.stream(listener, after)
        self.bodies: list[bytes] = []
        self.ended = False
        self.reading: asyncio.Task | None = None

    async def open(self) -> None:
        """Take the stream's first message (it is at its table's broadcast then)."""
        self.bodies.append(await anext(self.body))

    def read(self) -> None:
        """Read on, as the messages come."""
        self.reading = asyncio.ensure_future(self._read())

    async def _read(self) -> None:
        async for body in self.body:
            self.bodies.append(body)
        self.ended = True

    async def close(self) -> None:
        if self.reading is not None:
            self.reading.cancel()
            await asyncio.gather(self.reading, return_exceptions=True)
        await self.body.aclose()

    @property
    def text(self) -> str:
        return b"".join(self.bodies).decode()


async def _read_until(pages: list[Page], text: str, seconds: float = 60) -> None:
    """Wait for every page to have `text` (or to have ended): a condition, not a time, so a
    loaded machine (CI's two workers and PostgreSQL on two CPUs) only makes it wait longer."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if all(text in page.text or page.ended for page in pages):
            return
        await asyncio.sleep(0.02)


async def _let_go() -> None:
    """The drawing threads and the actions' thread keep their database connections: each gives
    its own back, so that the test database can be dropped at the end."""
    barrier = threading.Barrier(live.listeners.DRAWING_THREADS)

    def close() -> None:
        barrier.wait(10)  # every drawing thread at once: each closes its own
        connections.close_all()

    await asyncio.gather(*(live.in_drawer(close) for _ in range(barrier.parties)))
    await sync_to_async(connections.close_all)()


def _two_latest(adventure: Adventure) -> tuple[int, int]:
    """The table's last two events: a page that saw the one before gets the last one as its
    catch-up, and so says when it has caught up."""
    latest, before = TableEvent.objects.filter(adventure=adventure).order_by("-pk")[:2]
    return before.pk, latest.pk


def _narrate(adventure: Adventure, line: str) -> int:
    narration.narrate(adventure, line, adventure.director)
    return TableEvent.objects.order_by("-pk").values_list("pk", flat=True).first()


def _crate_falls_on(adventure: Adventure, hero: Character) -> int:
    peril.adjust_peril(adventure, hero.pk, 2, "a falling crate", None)
    return TableEvent.objects.order_by("-pk").values_list("pk", flat=True).first()


def test_an_event_reaches_every_page_from_one_drawing_in_one_write_each(playing):
    adventure = playing["adventure"]
    before, latest = _two_latest(adventure)
    log_rows = []

    def drawn(sender, template, **kwargs) -> None:
        if template.name == "sessions/table/_event.html":
            log_rows.append(template.name)

    async def table() -> tuple[list[Page], int]:
        screens = [Page(live.Listener(adventure.pk), before) for _ in range(SCREENS)]
        sam = Page(live.Listener(adventure.pk, playing["sam"].owner_id), before)
        pages = [*screens, sam]
        for page in pages:
            await page.open()
            page.read()
        await _read_until(pages, live.seen(latest))
        template_rendered.connect(drawn)
        try:
            event_id = await sync_to_async(_crate_falls_on)(adventure, playing["sam"])
            await _read_until(pages, live.seen(event_id))
        finally:
            template_rendered.disconnect(drawn)
        for page in pages:
            await page.close()
        await _let_go()
        return pages, event_id

    pages, event_id = asyncio.run(table())
    screens, sam = pages[:-1], pages[-1]
    # One log row drawn for the whole table, however many screens.
    assert log_rows == ["sessions/table/_event.html"]
    # Each screen got the event in one write, and every screen the very same bytes.
    events = [page.bodies[-1] for page in screens]
    assert all(body is events[0] for body in events)
    assert b"a falling crate" in events[0]
    assert events[0].endswith(live.seen(event_id).encode())
    # Sam's page gets his own Gamble panel with it, in the same write.
    assert b"event: log\n" in sam.bodies[-1]
    assert f"event: gamble-{playing['sam'].pk}\n".encode() in sam.bodies[-1]
    assert sam.text.count(live.seen(event_id)) == 1


def test_a_page_that_stops_reading_is_cut_off_and_the_others_hear_everything(playing, monkeypatch):
    """A phone asleep with its stream open reads nothing: what waits for it is bounded, and
    past the bound its stream ends (its page reconnects and catches up from its last id),
    while every other screen hears every event."""
    monkeypatch.setattr(outlet, "BACKLOG_BYTES", 8 * 1024)
    adventure = playing["adventure"]
    before, latest = _two_latest(adventure)
    lines = [f"Line {n:02d}: the floor creaks. " + "Dust falls. " * 40 for n in range(12)]

    async def table() -> tuple[list[Page], Page, list[int]]:
        awake = [Page(live.Listener(adventure.pk), before) for _ in range(3)]
        asleep = Page(live.Listener(adventure.pk), before)
        for page in [*awake, asleep]:
            await page.open()
        for page in awake:
            page.read()
        await _read_until(awake, live.seen(latest))
        ids = []
        for line in lines:
            ids.append(await sync_to_async(_narrate)(adventure, line))
            await _read_until(awake, live.seen(ids[-1]))
        asleep.read()  # it wakes up at last: its stream was cut
        await _read_until([asleep], live.seen(ids[-1]), 1)
        for page in [*awake, asleep]:
            await page.close()
        await _let_go()
        return awake, asleep, ids

    awake, asleep, ids = asyncio.run(table())
    for page in awake:
        assert [event_id for event_id in ids if live.seen(event_id) in page.text] == ids
        assert not page.ended
    assert asleep.ended
    assert live.seen(ids[-1]) not in asleep.text
    # Reconnecting from the last id it had, it gets what it missed.
    had = max([latest] + [event_id for event_id in ids if live.seen(event_id) in asleep.text])
    missed = live.catch_up(live.Listener(adventure.pk), had)
    assert missed.ids == tuple(event_id for event_id in ids if event_id > had)
