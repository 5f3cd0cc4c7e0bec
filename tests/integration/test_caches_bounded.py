"""Every per-process cache stays within its stated bound, however many tables a process
serves for however long (docs/memory.md), and what a cache keeps holds nothing more than it
needs (a handed event, not the request that wrote it)."""

import gc
from types import SimpleNamespace

import pytest
from django.http import HttpRequest

from enigma_site.templatetags import rulebook as rule_links
from sessions import channel
from sessions.consequences import draw
from sessions.consequences.cards import Weight
from sessions.models import TableEvent
from sessions.models.prepared import COMPILED_KEPT, Prepared
from sessions.parts import rows
from sessions.rules import LoadedDice, use_dice
from tests.conftest import HTMX, player_client
from tests.gambles import gamble_form


def _reaches(start, kind: type, limit: int = 200_000) -> bool:
    """Whether an object of ``kind`` can be reached from ``start`` through references."""
    seen, todo = {id(start)}, [start]
    while todo and len(seen) < limit:
        for found in gc.get_referents(todo.pop()):
            if isinstance(found, kind):
                return True
            if id(found) not in seen and not isinstance(found, type):
                seen.add(id(found))
                todo.append(found)
    return False


@pytest.mark.django_db
def test_a_handed_event_keeps_nothing_of_the_request_that_wrote_it(
    playing, django_capture_on_commit_callbacks
):
    sam = playing["sam"]
    with use_dice(LoadedDice([6, 2])), django_capture_on_commit_callbacks(execute=True):
        answer = player_client(sam).post(
            playing["url"] + f"roll/{sam.pk}/",
            gamble_form("request-0001"),
            headers=HTMX | {"X-Request-ID": "cache-test-1"},
        )
    assert answer.status_code == 200
    event_id = TableEvent.objects.order_by("-pk").values_list("pk", flat=True).first()
    event = channel._handed[event_id]
    assert event.actor_id == sam.owner_id
    assert not _reaches(event, HttpRequest)


def test_the_handed_events_stay_at_their_bound():
    channel.forget_handed()
    try:
        for n in range(channel.HANDED * 3):
            channel._hand(TableEvent(pk=10_000_000 + n, adventure_id=1, kind="note"))
        assert len(channel._handed) == channel.HANDED
        assert channel.handed(10_000_000) is None  # the oldest went first
        assert channel.handed(10_000_000 + channel.HANDED * 3 - 1) is not None
    finally:
        channel.forget_handed()


def test_the_log_rows_stay_at_their_bound(playing, monkeypatch):
    """Rows kept up to KEPT_CHARACTERS of HTML, however many events are drawn: the newest
    used stay."""
    rows.forget()
    event = TableEvent.objects.create(adventure=playing["adventure"], kind="note", summary="x")
    one = len(rows.event_row(event))
    monkeypatch.setattr(rows, "KEPT_CHARACTERS", one * 10)
    rows.forget()
    try:
        for n in range(60):
            event.summary = f"Line {n}"
            event.pk = 20_000_000 + n  # another event, never saved
            rows.event_row(event)
            count, characters = rows.kept()
            assert characters <= one * 10 + 10
            assert count <= 12
        assert rows.kept()[0] >= 8
    finally:
        rows.forget()


def test_a_directors_own_prompts_are_never_kept():
    """The deck's prompts are kept (PLACES_KEPT at most); the ones Directors type, never."""
    draw._deck_places.cache_clear()
    for n in range(500):
        prompt = draw.own_prompt(n, Weight.NUISANCE.value, f"Move {n}", f"Example {n}")
        assert draw.places(prompt) == frozenset()
    assert draw._deck_places.cache_info().currsize == 0
    assert draw._deck_places.cache_info().maxsize == draw.PLACES_KEPT


def test_the_rule_links_stay_at_their_bound():
    info = rule_links._link.cache_info()
    assert info.maxsize == rule_links.LINKS_KEPT
    assert info.currsize <= rule_links.LINKS_KEPT


def test_a_prepared_read_keeps_at_most_its_bound_of_statements():
    """Each call's kind of values (ids or text) is a statement of its own: past
    COMPILED_KEPT, a read is compiled on every call rather than kept."""
    built = []

    def build(*values):
        built.append(values)
        return SimpleNamespace()  # not a queryset: never usable, compiled every call

    read = Prepared(build)
    kinds = [(1,), ("a",), (1, 1), (1, "a"), ("a", 1), ("a", "a"), (1, 1, 1), (1, 1, "a")]
    kinds += [("a", "a", "a"), (1, "a", 1), ("a", 1, "a")]
    for values in kinds:
        read._compiled_for(values)
        assert len(read._compiled) <= COMPILED_KEPT
