"""Two players' moves commit one after the other, but the second one's wake-up can reach the
table's broadcast first (each action's thread says its own event once it has committed). The
page must end with the table as it is: the older event, drawn late, never draws the table as
it was before the newer one (a fresh-eyes run: Sam's Wide Shot detail vanished from Ada's
phone, there in the log, gone from the board)."""

import asyncio

import pytest
from asgiref.sync import sync_to_async

from sessions import live
from sessions.actions import wideshots
from sessions.channel import channel
from sessions.models import TableEvent
from tests.integration.test_one_broadcast_per_table import (
    Page,
    _let_go,
    _read_until,
    _two_latest,
)

pytestmark = pytest.mark.django_db(transaction=True)


def _newest() -> int:
    return TableEvent.objects.order_by("-pk").values_list("pk", flat=True).first()


def _last_message(text: str, name: str) -> str:
    return text.rsplit(f"event: {name}\n", 1)[1].split("\n\n", 1)[0]


def test_an_event_heard_after_a_newer_one_draws_the_table_as_it_is_now(playing, monkeypatch):
    adventure, ada, sam = playing["adventure"], playing["ada"], playing["sam"]
    before, latest = _two_latest(adventure)
    heard = []

    def both_details() -> tuple[int, int]:
        wideshots.add_detail(adventure, ada, "A brass key under the doormat", ada.owner)
        first = _newest()
        wideshots.add_detail(adventure, sam, "Baron Vex's coat on the hook", sam.owner)
        return first, _newest()

    async def table() -> tuple[Page, Page, int, int]:
        carol = Page(live.Listener(adventure.pk, ada.owner_id), before)
        screen = Page(live.Listener(adventure.pk), before)
        for page in (carol, screen):
            await page.open()
            page.read()
        await _read_until([carol, screen], live.seen(latest))
        # Both wake-ups held, whichever way they come: on SQLite from the actions' thread as
        # each commits, on PostgreSQL later, from this process's LISTEN connection (`heard`
        # wakes through `channel.deliver` too). Let go only once both are held: restored
        # before the second NOTIFY was read, the channel said it in order, and the test then
        # proved nothing (a flake under `-n 2` on PostgreSQL). Both are heard: the pages' first
        # read waited for the LISTEN to be in place (`channel.listening`).
        loop = asyncio.get_running_loop()
        both_held = asyncio.Event()

        def hold(*wake) -> None:
            heard.append(wake)
            if len(heard) == 2:
                loop.call_soon_threadsafe(both_held.set)

        deliver = channel.deliver
        monkeypatch.setattr(channel, "deliver", hold)
        first, second = await sync_to_async(both_details)()
        await asyncio.wait_for(both_held.wait(), 60)
        monkeypatch.setattr(channel, "deliver", deliver)
        # The newer event's wake-up first, then the older one's.
        for wake in sorted(heard, key=lambda wake: -wake[1]):
            channel.deliver(*wake)
        await _read_until([carol, screen], live.seen(first))
        for page in (carol, screen):
            await page.close()
        await _let_go()
        return carol, screen, first, second

    carol, screen, first, second = asyncio.run(table())
    assert [wake[1] for wake in heard] == [first, second]
    for page in (carol, screen):
        assert live.seen(second) in page.text
        board = _last_message(page.text, "wideshot-board")
        assert "Baron Vex" in board
        assert "brass key" in board
    assert "Baron Vex" in _last_message(carol.text, "wideshot")
