"""What a stream promises with its ids, against the real server: a page that opens its stream
in the middle of a burst gets every event, and an id the server can't take up from gets a
snapshot, never silence."""

import re
import threading

import pytest

from sessions.models import TableEvent
from tests.browser.http import Listener, Visitor

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

STREAMS = 200
BURST = 60
LOG_PAGE = 30  # rows of the log a snapshot draws (sessions.viewer.LOG_PAGE)


def _line(number: int) -> str:
    return f"Burst line {number:03d}."


def _open(visitor: Visitor, url: str) -> Listener:
    listener = Listener(visitor, url + "events/")
    listener.start()
    return listener


@pytest.mark.parametrize("ahead", ["999999999999999999", "latest+100"])
def test_a_page_whose_last_event_id_is_ahead_of_the_table_gets_a_snapshot_and_then_every_event(
    asgi_server, playing, password, ahead
):
    director = Visitor(asgi_server, playing["adventure"].director, password)
    sam = Visitor(asgi_server, playing["sam"].owner, password)
    for visitor in (director, sam):
        assert visitor.get(playing["url"])[0] == 200
    latest = TableEvent.objects.order_by("-pk").first().pk
    # Sam's page reconnecting, as a browser does after a drop: with Last-Event-ID.
    sam.opener.addheaders = [
        ("Last-Event-ID", str(latest + 100) if ahead == "latest+100" else ahead)
    ]
    listener = _open(sam, playing["url"])
    try:
        assert listener.opened.wait(10)
        # The snapshot: the whole page, ending with the table's own newest id.
        assert listener.wait_for(f"id: {latest}\n"), listener.received
        assert "event: scene" in listener.received
        status, _ = director.post(playing["url"] + "narrate/", {"note": "The bell tolls."})
        assert status == 200
        assert listener.wait_for("The Director: The bell tolls."), listener.received
    finally:
        listener.stop()


def test_two_hundred_pages_opening_during_a_burst_each_get_every_event(
    asgi_server, playing, password
):
    director = Visitor(asgi_server, playing["adventure"].director, password)
    sam = Visitor(asgi_server, playing["sam"].owner, password)
    for visitor in (director, sam):
        assert visitor.get(playing["url"])[0] == 200

    def burst() -> None:
        for number in range(BURST):
            status, body = director.post(playing["url"] + "narrate/", {"note": _line(number)})
            assert status == 200, body

    listeners = []
    poster = threading.Thread(target=burst)
    try:
        for number in range(STREAMS):
            listeners.append(_open(sam, playing["url"]))
            if number == STREAMS // 4:
                poster.start()  # the rest open while the events pour in
        poster.join(120)
        last = _line(BURST - 1)
        assert all(listener.wait_for(last, 60) for listener in listeners)
        ids = {
            event.data["line"]: event.pk
            for event in TableEvent.objects.filter(kind="narration").order_by("pk")
        }
        assert len(ids) == BURST
        missing = {}
        for index, listener in enumerate(listeners):
            # The snapshot's id: what the page has. Its log shows the last rows up to that id,
            # every later event comes on its own.
            claimed = int(re.search(r"^id: (\d+)$", listener.received, re.M).group(1))
            drawn = sorted(pk for pk in ids.values() if pk <= claimed)[-LOG_PAGE:]
            owed = [line for line, pk in ids.items() if pk > claimed or pk in drawn]
            lost = [line for line in owed if line not in listener.received]
            if lost:
                missing[index] = lost
        assert missing == {}
    finally:
        for listener in listeners:
            listener.stop()
