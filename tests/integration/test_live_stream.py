"""What the streams carry, drawn for whom, and what a page gets when it (re)connects; table
actions applied once per request id; the streams' security headers and HTTPS redirect."""

import re

import pytest
from django.test import override_settings

from characters.models import Character
from sessions import live, streams
from sessions.actions import peril
from sessions.models import CastJournalEntry, Gamble, TableEvent
from sessions.rules import LoadedDice, use_dice
from tests.conftest import HTMX, player_client
from tests.gambles import gamble_form

pytestmark = pytest.mark.django_db


def _names(text: str) -> list[str]:
    return [line[7:] for line in text.splitlines() if line.startswith("event: ")]


def _seats(playing):
    adventure = playing["adventure"]
    return {
        "sam": live.Listener(adventure.pk, playing["sam"].owner_id),
        "ada": live.Listener(adventure.pk, playing["ada"].owner_id),
        "director": live.Listener(adventure.pk, adventure.director_id, directs=True),
        "screen": live.Listener(adventure.pk),
    }


def test_an_event_is_drawn_once_for_all_and_once_for_each_audience_that_sees_it(playing):
    sam, ada = playing["sam"], playing["ada"]
    peril.adjust_peril(playing["adventure"], sam.pk, 2, "a falling crate", None)
    event = TableEvent.objects.first()
    table = live.draw_event(event.pk).table
    public = live.public_drawing(event, table)
    assert _names(public) == ["log", "tumult", "cast"]
    assert "a falling crate" in public
    seats = _seats(playing)
    own = {name: live.own_drawing(event, seat, table) for name, seat in seats.items()}
    # Sam's own panel goes to Sam alone; the Director's panel to the Director alone.
    assert f"gamble-{sam.pk}" in _names(own["sam"])
    assert f"gamble-{ada.pk}" not in _names(own["sam"]) + _names(own["ada"])
    assert "director" in _names(own["director"])
    assert "director" not in _names(own["sam"]) + _names(own["screen"])
    assert not any(name.startswith("gamble-") for name in _names(own["screen"]))
    # Drawn without a request: no CSRF token of anybody's rides along.
    assert 'name="csrfmiddlewaretoken" value=""' in own["sam"]


def test_a_reconnecting_page_gets_what_it_missed_or_a_snapshot(playing):
    seats = _seats(playing)
    latest = TableEvent.objects.first().pk
    # Nothing missed: nothing to send.
    assert live.catch_up(seats["sam"], latest) == ("", (), latest, False)
    peril.adjust_peril(playing["adventure"], playing["sam"].pk, 1, "a slammed door", None)
    text, ids, through, whole = live.catch_up(seats["sam"], latest)
    assert (ids, through, whole) == ((latest + 1,), latest + 1, False)
    assert "a slammed door" in text
    assert "cast" in _names(text)
    assert text.endswith(live.seen(latest + 1))
    # 0 is the start of every table (a page that loaded an empty log): every event since.
    zero = live.catch_up(seats["sam"], 0)
    every = TableEvent.objects.filter(adventure=playing["adventure"]).order_by("pk")
    assert (zero.ids, zero.whole) == (tuple(every.values_list("pk", flat=True)), False)
    # An unknown or too large gap, or an id that isn't this table's: every part the viewer
    # sees, the whole log included.
    for after in (None, latest - live.CATCH_UP_LIMIT - 5, latest + 1000):
        TableEvent.objects.bulk_create(
            TableEvent(adventure=playing["adventure"], kind="note", summary=f"Note {n}")
            for n in range(live.CATCH_UP_LIMIT + 1)
        )
        text, _ids, through, whole = live.catch_up(seats["screen"], after)
        assert whole
        assert through == TableEvent.objects.order_by("-pk").first().pk
        names = _names(text)
        assert {"scene", "cast", "log-all", "pause", "latest"} <= set(names)
        assert "director" not in names
        assert "gamble-" not in text


def test_the_last_event_a_page_saw_is_read_from_either_place():
    assert live.parse_after("12", "40") == 40
    assert live.parse_after(None, "7") == 7
    assert live.parse_after(None, None) is None
    assert live.parse_after("-1", "²", "9" * 40) is None


def test_a_retried_action_applies_once(director, playing):
    """The page sends each move with an id of its own; the same id again (a Retry after a lost
    answer) is answered as done and changes nothing."""
    url = playing["url"] + "peril/"
    move = {"character": playing["sam"].pk, "delta": 1, "reason": "weird", "detail": "fog"}
    for _ in range(3):
        response = director.post(url, move, headers=HTMX | {"X-Request-ID": "peril-move-0001"})
        assert response.status_code == 200
    assert Character.objects.get(pk=playing["sam"].pk).peril == 1
    director.post(url, move, headers=HTMX | {"X-Request-ID": "peril-move-0002"})
    assert Character.objects.get(pk=playing["sam"].pk).peril == 2
    assert TableEvent.objects.filter(kind="peril").count() == 2


def test_request_ids_are_the_senders_own(director, playing):
    """Another user's move with the same id is a move of its own. (Not the X-card's: its key
    holds nothing of who pressed it, only the page's random id and the table.)"""
    sam = player_client(playing["sam"])
    headers = HTMX | {"X-Request-ID": "same-id-0001"}
    url = playing["url"] + "journal/"
    assert director.post(url, {"text": "The Director's line"}, headers=headers).status_code == 200
    assert sam.post(url, {"text": "Sam's line"}, headers=headers).status_code == 200
    assert CastJournalEntry.objects.count() == 2


def test_a_roll_retried_with_its_ids_rolls_once(playing):
    sam = player_client(playing["sam"])
    headers = HTMX | {"X-Request-ID": "roll-move-0001"}
    with use_dice(LoadedDice([5, 5])):
        for _ in range(2):
            answer = sam.post(
                playing["url"] + f"roll/{playing['sam'].pk}/",
                gamble_form("request-0001"),
                headers=headers,
            )
            assert answer.status_code == 200
    assert TableEvent.objects.filter(kind="gamble_rolled").count() == 1


def _scope(scheme="http", path="/screen/abc/events/"):
    return {
        "type": "http",
        "method": "GET",
        "scheme": scheme,
        "path": path,
        "query_string": b"",
        "headers": [(b"host", b"table.example")],
        "server": ("table.example", 80),
    }


@override_settings(SECURE_HSTS_SECONDS=3600, ALLOWED_HOSTS=["table.example"])
def test_streams_carry_the_security_headers_of_every_page(client):
    early, headers = streams.guarded(_scope("https"))
    assert early is None
    headers = {name.decode(): value.decode() for name, value in headers}
    page = client.get("/", headers={"host": "table.example"}, secure=True)
    for name in (
        "content-security-policy",
        "x-frame-options",
        "x-content-type-options",
        "referrer-policy",
        "cross-origin-opener-policy",
        "strict-transport-security",
    ):
        # The same policy, less the page's script nonce: a stream runs no scripts.
        expected = re.sub(r" 'nonce-[^']+'", "", page.headers[name])
        assert headers[name] == expected, name


@override_settings(SECURE_SSL_REDIRECT=True, ALLOWED_HOSTS=["table.example"])
def test_streams_redirect_to_https_like_every_page():
    early, _ = streams.guarded(_scope("http"))
    assert early.status_code == 301
    assert early["Location"] == "https://table.example/screen/abc/events/"


def test_one_heros_panel_is_drawn_for_that_hero_alone(playing, django_assert_num_queries):
    """An event about Sam alone (his Investigation asked for) redraws Sam's panel on Sam's
    page, and costs the other players' streams not even a query; the screen's draws its
    spotlight (the Investigation asked for is a moment), with no query either."""
    from sessions.actions import investigations

    investigations.ask_to_investigate(playing["adventure"], playing["sam"].pk, "the ledger", None)
    event = TableEvent.objects.select_related("character").first()
    seats, table = _seats(playing), live.draw_event(event.pk).table
    with django_assert_num_queries(0):
        assert live.own_drawing(event, seats["ada"], table) == ""
        screen = live.own_drawing(event, seats["screen"], table)
    assert "event: spotlight" in screen
    assert "takes a closer look at the ledger" in screen
    assert f"gamble-{playing['sam'].pk}" in _names(live.own_drawing(event, seats["sam"], table))


def test_a_roll_is_drawn_from_the_event_the_action_wrote(
    playing, django_capture_on_commit_callbacks
):
    """Sam rolls: every screen gets the log row as the roll wrote it, drawn without reading the
    event back (the action in this process hands it over once it commits), and only once."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    sam = player_client(playing["sam"])
    with use_dice(LoadedDice([6, 3])), django_capture_on_commit_callbacks(execute=True):
        response = sam.post(
            playing["url"] + f"roll/{playing['sam'].pk}/", gamble_form("request-0001")
        )
    assert response.status_code == 302
    event = TableEvent.objects.get(kind="gamble_rolled")
    with CaptureQueriesContext(connection) as queries:
        drawing = live.draw_event(event.pk)
    assert f'id="event-{event.pk}"' in drawing.public.decode()
    assert "Sam Okafor gambles" in drawing.public.decode()
    assert not [q for q in queries.captured_queries if '"table_tableevent"' in q["sql"]]
    # Handed over once: a second drawing (another process would) reads the row.
    with CaptureQueriesContext(connection) as again:
        assert live.draw_event(event.pk).public == drawing.public
    assert [q for q in again.captured_queries if '"table_tableevent"' in q["sql"]]


def test_a_lock_in_is_drawn_for_the_whole_table_from_what_it_wrote(
    playing, django_capture_on_commit_callbacks, django_assert_max_num_queries
):
    """Sam locks in: the table (everyone, both players, the Director, the screen) gets it in
    nine queries (fifteen before the lock-in handed over what it wrote: the table, its Tumult
    and Group Gamble, the Gamble, the spotlight's moment, the undo offer; one of the nine the
    Director's prompt deck, as a lock-in redraws their consequence prompts), the event itself not
    read back for the log, and Sam's panel offers his next Gamble under a new request id (his
    Gambles counted with the Cast)."""
    sam, hero = player_client(playing["sam"]), playing["sam"]
    with use_dice(LoadedDice([6, 2])), django_capture_on_commit_callbacks(execute=True):
        sam.post(playing["url"] + f"roll/{hero.pk}/", gamble_form("request-0001"))
    gamble = Gamble.objects.get()
    with django_capture_on_commit_callbacks(execute=True):
        sam.post(playing["url"] + f"gambles/{gamble.pk}/lock/", {"step": gamble.step})
    event = TableEvent.objects.get(kind="gamble_locked")
    seats = _seats(playing)
    with django_assert_max_num_queries(9):
        drawing = live.draw_event(event.pk)
        own = live.draw_own(drawing, {s.audience: s for s in seats.values()})
    assert "Sam Okafor locks in" in drawing.public.decode()
    assert f'value="c{hero.pk}-gamble-2"' in own[seats["sam"].audience].decode()


def test_an_event_is_drawn_for_every_audience_present_in_one_go(
    playing, django_assert_max_num_queries
):
    """The drawings of one event share what they read of the table: a lock-in drawn for the
    whole table (everyone, three seats and the screen) costs a handful of queries, not a set
    per screen (the Director's undo offer is one more, the TV's spotlight two: the moment and
    its Gamble)."""
    sam = player_client(playing["sam"])
    with use_dice(LoadedDice([6])):
        sam.post(playing["url"] + f"roll/{playing['sam'].pk}/", gamble_form("request-0001"))
    event = TableEvent.objects.first()
    seats = _seats(playing)
    with django_assert_max_num_queries(11):
        drawing = live.draw_event(event.pk)
        own = live.draw_own(drawing, {seat.audience: seat for seat in seats.values()})
    assert not drawing.concerns(seats["ada"])
    assert own[seats["ada"].audience] == live.seen(event.pk).encode()
    assert f"event: gamble-{playing['sam'].pk}".encode() in own[seats["sam"].audience]
    assert b"event: latest" in drawing.public
    assert drawing.done == drawing.public + live.seen(event.pk).encode()


def test_a_double_tapped_lock_in_is_answered_as_done(playing):
    """Both taps carry the page's request id: the second finds the Gamble locked in, and since
    it was this move that locked it, the answer is "done", not a refusal."""
    sam = player_client(playing["sam"])
    with use_dice(LoadedDice([5])):
        sam.post(playing["url"] + f"roll/{playing['sam'].pk}/", gamble_form("request-0001"))
    gamble = Gamble.objects.get()
    headers = HTMX | {"X-Request-ID": "lock-tap-0001"}
    url = playing["url"] + f"gambles/{gamble.pk}/lock/"
    answers = [sam.post(url, {"step": gamble.step}, headers=headers) for _ in range(2)]
    assert [answer.status_code for answer in answers] == [200, 200]
    assert TableEvent.objects.filter(kind="gamble_locked").count() == 1
    # Another move that the rules refuse still says why.
    again = sam.post(url, {"step": gamble.step}, headers=HTMX | {"X-Request-ID": "lock-tap-0002"})
    assert again.status_code == 409
