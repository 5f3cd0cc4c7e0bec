"""The table against the real ASGI server: live streams, secrets on the wire, concurrency."""

from concurrent.futures import ThreadPoolExecutor

import pytest

from characters.models import Character
from sessions.actions import gambles
from sessions.models import Adventure, Gamble, SoundEffect, TableEvent
from sessions.rules import LoadedDice
from tests.browser.http import Listener, Visitor
from tests.gambles import gamble_form
from tests.integration.test_table_permissions import HIDDEN

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _visitors(asgi_server, playing, password):
    director = Visitor(asgi_server, playing["adventure"].director, password)
    sam = Visitor(asgi_server, playing["sam"].owner, password)
    for visitor in (director, sam):
        assert visitor.get(playing["url"])[0] == 200  # and collect a CSRF cookie
    return director, sam


def test_a_player_and_the_screen_hear_everything_but_secrets(
    asgi_server, playing, load_dice, password
):
    director, sam = _visitors(asgi_server, playing, password)
    director.post(playing["url"] + "screen/", {"enabled": "1"})
    token = Adventure.objects.get().screen_token
    after = TableEvent.objects.order_by("-pk").values_list("pk", flat=True).first()
    listeners = [
        Listener(sam, playing["url"] + f"events/?after={after}"),
        Listener(Visitor(asgi_server), f"/screen/{token}/events/?after={after}"),
    ]
    for listener in listeners:
        listener.start()
        assert listener.opened.wait(10)
        # Answered outside Django's middleware, with the same security headers.
        assert "frame-ancestors 'none'" in listener.response.headers["Content-Security-Policy"]
        assert listener.response.headers["X-Frame-Options"] == "DENY"
    load_dice(5, 1)
    status, _ = sam.post(
        playing["url"] + f"roll/{playing['sam'].pk}/",
        gamble_form("wire-0001", advantages="1", sound_effects="ZOWIE"),
    )
    assert status == 200
    gamble = Gamble.objects.get()
    status, body = sam.post(playing["url"] + f"gambles/{gamble.pk}/lock/", {"step": gamble.step})
    assert status == 200, body
    director.post(playing["url"] + "scene/end/")
    try:
        for listener in listeners:
            assert listener.wait_for("Scene over"), listener.received
            assert "Sam Okafor locks in: Success!" in listener.received
            assert "ZOWIE" in listener.received
            leaked = [marker for marker in HIDDEN if marker in listener.received]
            assert leaked == []
        # Sam's own Gamble panel reaches Sam's page, drawn with Sam's controls, and nobody else.
        sam_page, screen = listeners
        assert f"event: gamble-{playing['sam'].pk}\n" in sam_page.received
        assert "event: gamble-" not in screen.received
    finally:
        for listener in listeners:
            listener.stop()


def test_a_reconnecting_page_catches_up_from_last_event_id(asgi_server, playing, password):
    _director, sam = _visitors(asgi_server, playing, password)
    first = TableEvent.objects.order_by("pk").first()
    listener = Listener(sam, playing["url"] + "events/")
    listener.visitor = sam
    # Ask as a browser would after a drop: with Last-Event-ID.
    sam.opener.addheaders = [("Last-Event-ID", str(first.pk))]
    listener.start()
    try:
        assert listener.wait_for("New Scene"), listener.received
        assert f"id: {first.pk}\n" not in listener.received
        assert "Leg 1 begins" not in listener.received
    finally:
        listener.stop()
        sam.opener.addheaders = []


def test_twenty_racing_requests_on_one_gamble_change_it_exactly_once(
    asgi_server, playing, password
):
    _director, sam = _visitors(asgi_server, playing, password)
    Character.objects.filter(pk=playing["sam"].pk).update(lucky_saves=5)
    gamble = gambles.roll_gamble(
        playing["adventure"],
        Character.objects.get(pk=playing["sam"].pk),
        gambles.GambleRequest("", [], [], [], 2, [], 0),
        "race-0001",
        playing["sam"].owner,
        LoadedDice([1, 2, 3]),
    )
    url = playing["url"] + f"gambles/{gamble.pk}/"

    def race(path, data):
        with ThreadPoolExecutor(max_workers=20) as pool:
            return sorted(
                status for status, _ in pool.map(lambda _: sam.post(url + path, data), range(20))
            )

    statuses = race("lucky/", {"step": gamble.step, "die": "0"})
    assert statuses == [200] + [409] * 19
    gamble.refresh_from_db()
    assert gamble.dice == [2, 2, 3]
    assert Character.objects.get(pk=playing["sam"].pk).lucky_saves == 4

    statuses = race("lock/", {"step": gamble.step})
    assert statuses == [200] + [409] * 19
    sam_now = Character.objects.get(pk=playing["sam"].pk)
    assert (sam_now.peril, sam_now.blammo) == (0, 3)  # a blunder: +1 Blammo!, no 1s left
    assert TableEvent.objects.filter(kind="gamble_locked").count() == 1
    assert TableEvent.objects.filter(kind="lucky_save").count() == 1


def test_two_players_shouting_the_same_sound_effect_at_once_use_it_once(
    asgi_server, playing, password, load_dice
):
    """Sam and Ada both spend a Blammo! Die on "KRAKOOM" in the same instant: exactly one of
    them gets it; the other is told it is taken and keeps their Blammo! Die."""
    _director, sam = _visitors(asgi_server, playing, password)
    ada = Visitor(asgi_server, playing["ada"].owner, password)
    assert ada.get(playing["url"])[0] == 200
    Character.objects.filter(pk__in=[playing["sam"].pk, playing["ada"].pk]).update(blammo=1)
    load_dice(*[4] * 8)
    shouts = [
        (sam, playing["sam"], "shout-sam-0001"),
        (ada, playing["ada"], "shout-ada-0001"),
    ]

    def shout(entry):
        visitor, hero, request_id = entry
        return visitor.post(
            playing["url"] + f"roll/{hero.pk}/",
            gamble_form(request_id, sound_effects="KRAKOOM"),
        )

    with ThreadPoolExecutor(max_workers=2) as pool:
        answers = list(pool.map(shout, shouts))
    assert sorted(status for status, _ in answers) == [200, 409]
    refused = next(body for status, body in answers if status == 409)
    assert "used" in refused
    assert SoundEffect.objects.filter(key="krakoom").count() == 1
    assert Gamble.objects.count() == 1
    blammo = sorted(
        Character.objects.filter(pk__in=[s[1].pk for s in shouts]).values_list("blammo", flat=True)
    )
    assert blammo == [0, 1]


def _closed(listener: Listener) -> bool:
    """The server ended the stream, saying why (the Listener's thread stops with it)."""
    listener.join(timeout=10)
    return not listener.is_alive() and "event: revoked" in listener.received


def test_taking_a_seat_away_closes_the_streams_it_opened(asgi_server, playing, password):
    """Switching off the screen link, taking a hero out of the Cast, a new password and a
    logout each close the open streams they concern, and only those."""
    director, sam = _visitors(asgi_server, playing, password)
    sam_elsewhere = Visitor(asgi_server, playing["sam"].owner, password)
    ada = Visitor(asgi_server, playing["ada"].owner, password)
    director.post(playing["url"] + "screen/", {"enabled": "1"})
    token = Adventure.objects.get().screen_token
    streams = {
        "screen": Listener(Visitor(asgi_server), f"/screen/{token}/events/"),
        "director": Listener(director, playing["url"] + "events/"),
        "sam": Listener(sam, playing["url"] + "events/"),
        "sam elsewhere": Listener(sam_elsewhere, playing["url"] + "events/"),
        "ada": Listener(ada, playing["url"] + "events/"),
    }
    for listener in streams.values():
        listener.start()
        assert listener.opened.wait(10)
    try:
        director.post(playing["url"] + "screen/", {"enabled": "0"})
        assert _closed(streams["screen"]), streams["screen"].received
        assert "switched off" in streams["screen"].received

        ada_in_cast = playing["adventure"].cast.get(character=playing["ada"])
        director.post(f"/adventures/{playing['adventure'].pk}/cast/{ada_in_cast.pk}/remove/")
        assert _closed(streams["ada"]), streams["ada"].received

        new_password = password + "-and-more"
        status, _ = sam.post(
            "/accounts/password/",
            {
                "old_password": password,
                "new_password1": new_password,
                "new_password2": new_password,
            },
        )
        assert status == 200
        assert _closed(streams["sam elsewhere"]), streams["sam elsewhere"].received

        # Sam's own session moved to a new key with the new password: a page opened now is
        # open until Sam logs out (Django sends the signal before it deletes the session).
        streams["sam again"] = Listener(sam, playing["url"] + "events/")
        streams["sam again"].start()
        assert streams["sam again"].opened.wait(10)
        assert streams["sam again"].wait_for("retry:")
        sam.post("/accounts/logout/")
        assert _closed(streams["sam again"]), streams["sam again"].received

        # The Director's stream heard all of it, and stays open.
        assert streams["director"].is_alive()
        assert "event: revoked" not in streams["director"].received
        assert streams["director"].wait_for("Ada leaves the Cast")
    finally:
        for listener in streams.values():
            listener.stop()
    # A closed door stays closed: asking again is a 404.
    assert Visitor(asgi_server).get(f"/screen/{token}/events/")[0] == 404
