"""Who may do what at the table: the Director, a Cast player, another player, anonymous."""

import re

import pytest
from django.test import Client

from characters.models import Character
from sessions.models import Adventure, Gamble
from sessions.rules import DangerTemplate, LoadedDice, use_dice
from tests.conftest import HTMX, SECRET, crowd
from tests.gambles import gamble_form

pytestmark = pytest.mark.django_db

DIRECTOR_POSTS = [
    "leg/start/",
    "leg/end/",
    "scene/start/",
    "scene/end/",
    "wideshot/edit/",
    "wideshot/lock/",
    "screen/",
    "peril/",
    "rest/",
    "group/",
    "group/close/",
    "investigate/",
    "dangers/add/",
    "dangers/reveal/",
    "dangers/success/",
    "tumult/start/",
    "tumult/enemies/",
    "tumult/next/",
    "tumult/end/",
    "resume/",
    "real-dice/",
    "fast-forward/done/",
    "previously/",
    "previously/skip/",
]
PARTS = [
    "scene",
    "cast",
    "gamble",
    "wideshot",
    "wideshot-board",
    "log",
    "latest",
    "pause",
    "previously",
]


@pytest.fixture
def as_bob(client, playing):
    client.force_login(playing["sam"].owner)
    return client


@pytest.mark.parametrize("path", DIRECTOR_POSTS)
def test_players_cannot_use_director_controls(as_bob, playing, path):
    from sessions.models import Danger, TableEvent

    danger = Danger.objects.first()
    events = TableEvent.objects.count()
    data = {
        "leg": 1,
        "scene": 1,
        "locked": 1,
        "enabled": 1,
        "character": playing["sam"].pk,
        "delta": 3,
        "reason": "enemy",
        "text": "x",
        "danger": danger.pk,
        "revealed": 1,
        "name": "Goon",
        "template": "minion",
        f"split-{danger.pk}-{playing['sam'].pk}": 1,
    }
    response = as_bob.post(playing["url"] + path, data)
    assert response.status_code == 404
    assert TableEvent.objects.count() == events
    assert Character.objects.get(pk=playing["sam"].pk).peril == 0
    assert Adventure.objects.get().screen_token is None


def test_players_cannot_see_the_director_panel(as_bob, playing):
    assert as_bob.get(playing["url"] + "part/director/").status_code == 404


def test_a_player_cannot_gamble_for_another_players_character(as_bob, playing):
    response = as_bob.post(
        playing["url"] + f"roll/{playing['ada'].pk}/", gamble_form("request-0001")
    )
    assert response.status_code == 404
    assert not Gamble.objects.exists()


def test_a_player_cannot_touch_another_players_gamble(client, as_bob, playing):
    client.force_login(playing["ada"].owner)
    with use_dice(LoadedDice([2])):
        client.post(playing["url"] + f"roll/{playing['ada'].pk}/", gamble_form("request-0001"))
    gamble = Gamble.objects.get()
    client.force_login(playing["sam"].owner)
    for action in ("lock/", "lucky/", "reroll/"):
        response = client.post(playing["url"] + f"gambles/{gamble.pk}/{action}", {"die": 0})
        assert response.status_code == 404
    gamble.refresh_from_db()
    assert not gamble.locked


def test_a_player_cannot_add_a_wide_shot_detail_for_someone_else(as_bob, playing):
    response = as_bob.post(playing["url"] + f"wideshot/{playing['ada'].pk}/", {"text": "x"})
    assert response.status_code == 404


def test_the_director_can_lock_in_a_gamble_left_open(client, playing):
    client.force_login(playing["sam"].owner)
    with use_dice(LoadedDice([5])):
        client.post(playing["url"] + f"roll/{playing['sam'].pk}/", gamble_form("request-0001"))
    gamble = Gamble.objects.get()
    client.force_login(playing["adventure"].director)
    response = client.post(
        playing["url"] + f"gambles/{gamble.pk}/lock/", {"step": gamble.step}, headers=HTMX
    )
    assert response.status_code == 200
    gamble.refresh_from_db()
    assert gamble.locked
    assert "The Director locks in Sam" in playing["adventure"].events.first().summary


@pytest.mark.parametrize("path", ["", "events/", *[f"part/{p}/" for p in PARTS]])
def test_outsiders_get_404_everywhere_at_the_table(client, carol, playing, path, make_user):
    client.force_login(make_user("mallory"))
    assert client.get(playing["url"] + path).status_code == 404


@pytest.mark.parametrize("path", ["", *[f"part/{p}/" for p in PARTS]])
def test_anonymous_visitors_are_sent_to_log_in(client, playing, path):
    response = client.get(playing["url"] + path)
    assert response.status_code == 302


def test_table_posts_need_a_csrf_token(playing):
    strict = Client(enforce_csrf_checks=True)
    strict.force_login(playing["sam"].owner)
    response = strict.post(playing["url"] + f"roll/{playing['sam'].pk}/", gamble_form("r" * 10))
    assert response.status_code == 403
    assert not Gamble.objects.exists()


def test_the_shared_screen_works_without_logging_in_until_revoked(client, playing):
    director = Client()
    director.force_login(playing["adventure"].director)
    director.post(playing["url"] + "screen/", {"enabled": "1"})
    token = Adventure.objects.get().screen_token
    assert client.get(f"/screen/{token}/").status_code == 200
    for part in ("scene", "cast", "wideshot", "latest", "log", "pause"):
        assert client.get(f"/screen/{token}/part/{part}/").status_code == 200
    assert client.get(f"/screen/{token}/part/director/").status_code == 404
    director.post(playing["url"] + "screen/", {"enabled": "0"})
    assert client.get(f"/screen/{token}/").status_code == 404
    assert client.get(f"/screen/{token}/events/").status_code == 404


def test_a_tv_link_starts_with_its_table_and_stays_secret(client, playing):
    """The link carries the table's id, for a proxy to keep the TV on the table's process
    (docs/scaling-out.md); its secret is the 120 random bits after it, new each
    time the Director switches a link on, and the id alone opens nothing."""
    director = Client()
    director.force_login(playing["adventure"].director)
    tokens = []
    for _ in range(2):
        director.post(playing["url"] + "screen/", {"enabled": "1"})
        tokens.append(Adventure.objects.get().screen_token)
    pk = playing["adventure"].pk
    for token in tokens:
        assert re.fullmatch(rf"{pk}-[A-Za-z0-9_-]{{20}}", token)
    assert tokens[0] != tokens[1]
    assert client.get(f"/screen/{tokens[0]}/").status_code == 404  # replaced
    assert client.get(f"/screen/{tokens[1]}/").status_code == 200
    for guess in (f"{pk}-", f"{pk}", f"{pk}-{tokens[1][-20:-1]}"):
        assert client.get(f"/screen/{guess}/").status_code == 404


# The Wide Shot opening and its questions become public when the Scene starts; the rest never.
HIDDEN = [
    f"{SECRET}-{name}"
    for name in (
        "villain",
        "plan",
        "component",
        "overview",
        "coldopen",
        "setpieces",
        "legclues",
        "showdown",
        "wildcard",
        "vignettes",
        "failsafe",
        "npcname",
        "npcnotes",
        "obstacles",
        "locclues",
        "notes",
        "danger",
        "dangernotes",
        "futurescene",
        "tablenotes",
    )
]


def _no_secret(text: str, where: str) -> None:
    leaked = [marker for marker in HIDDEN if marker in text]
    assert not leaked, f"{leaked} leaked on {where}"


def test_no_secret_reaches_a_player_or_the_shared_screen(client, playing):
    """Markers sit in every Director-only field; no response for a player or screen has one."""
    director = Client()
    director.force_login(playing["adventure"].director)
    director.post(playing["url"] + "screen/", {"enabled": "1"})
    token = Adventure.objects.get().screen_token
    client.force_login(playing["sam"].owner)
    with use_dice(LoadedDice([5, 1, 5])):
        client.post(playing["url"] + f"roll/{playing['sam'].pk}/", gamble_form("request-0001"))
    pages = [playing["url"], *[playing["url"] + f"part/{p}/" for p in PARTS]]
    pages += [playing["url"] + f"part/gamble-one/?character={playing['sam'].pk}"]
    for path in pages:
        _no_secret(client.get(path).content.decode(), path)
    screen = Client()
    for path in [f"/screen/{token}/", *[f"/screen/{token}/part/{p}/" for p in PARTS]]:
        _no_secret(screen.get(path).content.decode(), path)
    # What the streams push: every event's drawings, and the snapshot a reconnecting page gets,
    # for the player and for the screen.
    from sessions import live

    adventure = playing["adventure"]
    listeners = [live.Listener(adventure.pk, playing["sam"].owner_id), live.Listener(adventure.pk)]
    audiences = {listener.audience: listener for listener in listeners}
    for event in adventure.events.all():
        drawing = live.draw_event(event.pk)
        own = live.draw_own(drawing, audiences)
        for audience, text in [("everyone", drawing.public), *own.items()]:
            _no_secret(text.decode(), f"{audience}: {event.kind}")
    for listener in listeners:
        _no_secret(live.snapshot(listener, adventure)[0], f"snapshot for {listener.audience}")
        _no_secret(live.catch_up(listener, 0)[0], f"catch-up for {listener.audience}")
    # The Director's stream, on the other hand, carries the Director's panel.
    director_stream = live.snapshot(
        live.Listener(adventure.pk, adventure.director_id, True), adventure
    )
    assert "event: director" in director_stream[0]
    assert f"{SECRET}-tablenotes" in director_stream[0]  # their notes at the table
    # The Director, on the other hand, has the prep's secrets in the prep outline.
    outline = director.get(playing["adventure"].get_absolute_url()).content.decode()
    assert [m for m in HIDDEN if m not in outline] == [f"{SECRET}-tablenotes"]


def test_the_table_page_renders_in_fifteen_queries_with_six_heroes_and_500_events(
    client, playing, make_user, django_assert_max_num_queries
):
    adventure = playing["adventure"]
    crowd(adventure, make_user, events=500)
    client.force_login(playing["sam"].owner)
    with django_assert_max_num_queries(15):
        response = client.get(playing["url"])
    assert response.status_code == 200
    assert "Event 499" in response.content.decode()
    client.force_login(adventure.director)
    # and the Director's own: the move to undo, the consequence prompts, the moment they're for,
    # and the Cast journal and the handouts
    with django_assert_max_num_queries(20):
        assert client.get(playing["url"]).status_code == 200


def test_the_director_panel_renders_in_fifteen_queries_with_six_heroes_and_five_dangers(
    client, playing, make_user, django_assert_max_num_queries
):
    from sessions.actions import dangers, groups, tumults

    adventure = playing["adventure"]
    crowd(adventure, make_user)
    for n in range(4):
        dangers.add_danger(adventure, f"Goon {n}", DangerTemplate.MINION, adventure.director)
    tumults.start_tumult(adventure, adventure.director)
    groups.call_group_gamble(adventure, "Run!", adventure.director)
    assert len(adventure.playing_scene().dangers_in_play()) == 5
    client.force_login(adventure.director)
    with django_assert_max_num_queries(15):
        response = client.get(playing["url"] + "part/director-dangers/")
    assert response.status_code == 200
    assert response.content.decode().count("+1 success against") == 5
    # The whole page: the Tumult, the Group Gamble, who has locked in to it and the Lines &
    # Veils in sight, the move the Director can undo, their consequence prompts and the moment
    # they are for, the Cast journal and the handouts cost one each; and the table's last event,
    # read first for the drawings kept of this moment (none here: all are drawn).
    with django_assert_max_num_queries(24):
        assert client.get(playing["url"]).status_code == 200
