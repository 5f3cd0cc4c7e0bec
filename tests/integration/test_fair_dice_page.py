"""The dice page: every die the app rolled, each face counted, and a chi-square test."""

import html
import importlib

import pytest
from django.apps import apps

from sessions.models import TableEvent
from sessions.rules import FaceCounts, LoadedDice, use_dice
from tests.conftest import HTMX, player_client
from tests.gambles import gamble_form

pytestmark = pytest.mark.django_db

LOADED = [80, 80, 80, 80, 80, 200]  # sixes two and a half times as often as any other face


def _text(response) -> str:
    return html.unescape(response.content.decode())


def _history(adventure, counts, *, source="app_faces", events=4) -> None:
    """``events`` throws that together show ``counts`` (split as evenly as it goes)."""
    rows = []
    for n in range(events):
        share = [count // events + (1 if n < count % events else 0) for count in counts]
        rows.append(TableEvent(adventure=adventure, kind="gamble_rolled", data={source: share}))
    TableEvent.objects.bulk_create(rows)


def _row(face: int, count: int, total: int) -> str:
    return f'<tr><th scope="row">{face}</th><td>{count}</td><td>{round(100 * count / total)} %</td>'


def test_loaded_dice_show_their_counts_and_a_tiny_p_value(client, adventure):
    _history(adventure, LOADED)
    _history(adventure, [1, 0, 0, 0, 0, 2], source="hand_faces", events=1)
    page = _text(client.get("/dice/"))
    assert "The app's dice: 600 dice" in page
    for face, count in enumerate(LOADED, start=1):
        assert _row(face, count, 600) in page
    expected = FaceCounts(tuple(LOADED))
    assert expected.p_value < 1e-6
    assert f"χ² = {expected.statistic:.2f}, p = {expected.p_value:.1e}." in page
    assert "Fair dice seldom stray this far" in page
    # The three dice rolled by hand are shown apart, and left out of the test.
    assert "Dice rolled by hand: 3 dice" in page


def test_fair_looking_dice_pass_the_test(client, adventure):
    _history(adventure, [98, 105, 101, 95, 103, 98])
    page = _text(client.get("/dice/"))
    assert "χ² = 0.68, p = 0.9840." in page
    assert "nothing to see here" in page


def test_dice_that_stray_now_and_then_are_told_so_not_waved_through(client, adventure):
    """A reviewer saw p = 0.0468 on 25 dice called "often: nothing to see here"."""
    _history(adventure, [3, 3, 3, 0, 8, 8])
    page = _text(client.get("/dice/"))
    assert "p = 0.0321." in page
    assert "now and then (under one time in twenty)" in page
    assert "nothing to see here" not in page


def test_a_site_with_no_dice_rolled_says_so(client, db):
    page = _text(client.get("/dice/"))
    assert "No dice rolled yet." in page
    assert "No dice rolled by hand yet." in page


def test_the_dice_page_reads_the_log_in_one_query_however_long_it_is(
    client, adventure, django_assert_num_queries
):
    _history(adventure, LOADED, events=3)
    with django_assert_num_queries(1):
        client.get("/dice/")
    _history(adventure, LOADED, events=300)
    with django_assert_num_queries(1):
        page = _text(client.get("/dice/"))
    assert "The app's dice: 1200 dice" in page


def test_rolls_at_the_table_are_counted_the_apps_and_by_hand_apart(playing):
    adventure, sam, ada = playing["adventure"], playing["sam"], playing["ada"]
    type(adventure).objects.filter(pk=adventure.pk).update(real_dice="either")
    with use_dice(LoadedDice([6, 6])):
        player_client(sam).post(
            playing["url"] + f"roll/{sam.pk}/",
            gamble_form("request-0001", advantages="1"),
            headers=HTMX,
        )
    player_client(ada).post(
        playing["url"] + f"roll/{ada.pk}/",
        gamble_form("request-0001", faces="1"),
        headers=HTMX,
    )
    page = _text(player_client(ada).get(f"/adventures/{adventure.pk}/dice/"))
    # The Leg's start rolled 2 and 3 for the Lucky Saves (the `playing` fixture), then 6 6.
    assert "The app's dice: 4 dice" in page
    assert _row(6, 2, 4) in page
    assert "Dice rolled by hand: 1 die" in page


def test_a_tables_dice_are_for_its_director_and_cast_alone(client, playing, carol, make_user):
    adventure = playing["adventure"]
    url = f"/adventures/{adventure.pk}/dice/"
    assert client.get(url).status_code == 302  # to the login page, as every table page
    client.force_login(make_user("dave"))
    assert client.get(url).status_code == 404
    client.force_login(adventure.director)
    assert client.get(url).status_code == 200
    assert player_client(playing["sam"]).get(url).status_code == 200
    assert client.get("/adventures/999999/dice/").status_code == 404


def test_the_dice_page_counts_in_a_fixed_number_of_queries_for_a_table(
    playing, django_assert_num_queries
):
    adventure = playing["adventure"]
    player = player_client(playing["sam"])
    url = f"/adventures/{adventure.pk}/dice/"
    player.get(url)
    _history(adventure, LOADED, events=200)
    # The session and user, the Adventure, the seat, the one aggregate.
    with django_assert_num_queries(5):
        assert player.get(url).status_code == 200


def test_about_and_the_rules_link_to_the_dice_page(client, db):
    for page in ("/about/", "/rules/"):
        assert 'href="/dice/"' in client.get(page).content.decode()


def test_dice_rolled_before_real_dice_came_in_are_counted_too(adventure):
    old = [
        TableEvent(adventure=adventure, kind="gamble_rolled", data={"dice": [6, 1, 6]}),
        TableEvent(adventure=adventure, kind="leg_started", data={"rolls": [{"roll": 4}]}),
        TableEvent(adventure=adventure, kind="lucky_save", data={"dice": [2]}),
    ]
    TableEvent.objects.bulk_create(old)
    migration = importlib.import_module("sessions.migrations.0012_real_dice")
    migration.count_past_throws(apps, None)
    counted = {e.kind: e.data.get("app_faces") for e in TableEvent.objects.all()}
    assert counted == {
        "gamble_rolled": [1, 0, 0, 0, 0, 2],
        "leg_started": [0, 0, 0, 1, 0, 0],
        "lucky_save": None,  # a lifted die was not thrown
    }
