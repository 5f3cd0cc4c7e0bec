"""Two app processes on PostgreSQL serve the same table page after an event either of them saw
(and after a change that isn't an event): each keeps its own drawings (`sessions.parts.kept`),
and a process that didn't see an event or a change draws the page again itself."""

import re

import pytest
from django.db import connection

from sessions.models import Gamble
from tests.browser.conftest import running_server
from tests.browser.http import Visitor
from tests.gambles import gamble_form

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "postgresql",
        reason="one SQLite file is served by one process; CI runs this on PostgreSQL",
    ),
]

PER_REQUEST = re.compile(r'(csrfmiddlewaretoken" value="|"X-CSRFToken": "|nonce=")([^"]+)"')


def _page(visitor: Visitor, url: str) -> str:
    """The page, but for what is drawn for each request alone (its CSRF token, its nonce)."""
    status, html = visitor.get(url)
    assert status == 200
    return PER_REQUEST.sub(r'\1"', html)


def test_two_processes_serve_the_same_page_after_an_event_either_saw(
    asgi_server, playing, password, load_dice
):
    url, sam = playing["url"], playing["sam"]
    with running_server("server-b") as server_b:
        on_a = Visitor(asgi_server, sam.owner, password)
        on_b = Visitor(server_b, sam.owner, password)
        before = _page(on_a, url)
        assert _page(on_b, url) == before  # each process drew it, and keeps it

        load_dice(6, 2)
        status, _ = on_a.post(url + f"roll/{sam.pk}/", gamble_form("two-pages-1"))
        assert status == 200
        after_roll = _page(on_b, url)  # B drew it: it never saw the roll
        assert after_roll != before
        assert ">Lock in</button>" in after_roll
        assert _page(on_a, url) == after_roll

        gamble = Gamble.objects.get()
        status, _ = on_b.post(url + f"gambles/{gamble.pk}/lock/", {"step": gamble.step})
        assert status == 200
        locked = _page(on_a, url)  # A draws it: the lock-in was B's
        assert "locks in: Success!" in locked
        assert _page(on_b, url) == locked

        # Not an event: the hero's notes, saved on A, are on B's page too.
        status, _ = on_a.post(url + f"hero-notes/{sam.pk}/", {"notes": "Owes Pillai a favour"})
        assert status == 200
        noted = _page(on_b, url)
        assert "Owes Pillai a favour" in noted
        assert _page(on_a, url) == noted
