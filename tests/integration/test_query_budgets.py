"""Less work per action: a roll in nine queries, a lock-in in ten, the table page in fifteen,
however many heroes sit at the table, however long its log and however many Gambles its heroes
ever made.

Counted as pytest sees them: the session and the user (2) and the action's transaction (its
SAVEPOINT and RELEASE stand in for BEGIN and COMMIT) are in every figure.
"""

import pytest

from characters.models import Character, Knack
from sessions.models import CastMember, Gamble, Investigation
from sessions.rules import LoadedDice, use_dice
from tests.conftest import HTMX, crowd, player_client
from tests.gambles import gamble_form

pytestmark = pytest.mark.django_db

# The same on PostgreSQL: a trigger on the event table says NOTIFY, not the action.
# A roll writes nothing to its hero unless it spends Blammo! Dice: one query fewer. A lock-in
# reads the table's newest news (is an Investigation's note up on a phone? it puts it away).
ROLL, LOCK_IN, PAGE = 9, 11, 15
# (The page: one of them reads the table's last event first, to find the drawings kept of
# this moment of the table, `sessions.parts.kept`; none were here, so it draws them.)
# and the Director's own: the move they can undo, their consequence prompts and the moment
# they are for, the Cast journal and every handout (a player's page holds its journal and the
# revealed handouts within the fifteen), and the TV's moment for their "On the TV now" line
DIRECTORS_PAGE = PAGE + 6
# Knacks and sound effects are checked against what the hero has and what was heard: one
# query for the Knacks, the sound effect is written down, and the Blammo! Die it spent.
ROLL_WITH_EVERYTHING = ROLL + 3
# A Wide Shot detail (17 queries, and 2 for the names the table knows: the Cast's, the
# Scene's Dangers' and NPCs', for the log's line). The sender's answer draws nothing: their
# form comes with the event, drawn in order with the others' details.
WIDE_SHOT_DETAIL = 19


def _action(what: str) -> dict:
    """As the page sends an action: htmx, with a request id of its own."""
    return HTMX | {"X-Request-ID": f"page-request-{what}"}


@pytest.fixture(params=["quiet", "crowded"])
def table(request, playing, make_user):
    """The table under way, as it starts or with six heroes and a long log: the figures must
    not grow with either."""
    if request.param == "crowded":
        crowd(playing["adventure"], make_user, events=300)
    return playing


def _roll(client, table, hero, request_id="request-0001", **data):
    url = table["url"] + f"roll/{hero.pk}/"
    return client.post(url, gamble_form(request_id, **data), headers=_action(request_id))


def _lock_in(client, table, gamble):
    url = table["url"] + f"gambles/{gamble.pk}/lock/"
    return client.post(url, {"step": gamble.step}, headers=_action(f"lock-{gamble.pk}"))


def test_a_roll_takes_nine_queries_and_its_lock_in_ten(table, django_assert_max_num_queries):
    sam = player_client(table["sam"])
    with use_dice(LoadedDice([6, 2])), django_assert_max_num_queries(ROLL):
        response = _roll(sam, table, table["sam"], advantages=1)
    assert response.status_code == 200
    gamble = Gamble.objects.get()
    assert gamble.dice == [6, 2]
    with django_assert_max_num_queries(LOCK_IN):
        response = _lock_in(sam, table, gamble)
    assert response.status_code == 200
    assert Gamble.objects.get().locked


def test_a_roll_with_a_helper_a_knack_and_a_sound_effect(table, django_assert_max_num_queries):
    Knack.objects.create(character=table["sam"], text="Bare-knuckle boxing")
    sam = player_client(table["sam"])
    with use_dice(LoadedDice([6, 5, 4, 1])), django_assert_max_num_queries(ROLL_WITH_EVERYTHING):
        response = _roll(
            sam,
            table,
            table["sam"],
            knacks=["Bare-knuckle boxing"],
            helpers=[table["ada"].pk],
            sound_effects=["KA-POW!"],
        )
    assert response.status_code == 200
    gamble = Gamble.objects.get()
    assert (gamble.pool, gamble.sounds.get().key) == (4, "kapow")
    with django_assert_max_num_queries(LOCK_IN):
        response = _lock_in(sam, table, gamble)
    assert response.status_code == 200
    assert Gamble.objects.get().locked


def test_a_roll_that_settles_the_last_gamble_first(table, django_assert_max_num_queries):
    """Not a budget, a check that the shortcut keeps the rule: the open Gamble is locked in."""
    sam = player_client(table["sam"])
    with use_dice(LoadedDice([6, 6, 5, 5])):
        _roll(sam, table, table["sam"], advantages=1)
        response = _roll(sam, table, table["sam"], "request-0002", advantages=1)
    assert response.status_code == 200
    assert list(Gamble.objects.order_by("pk").values_list("locked", flat=True)) == [True, False]


def test_the_table_page_takes_fifteen_queries(table, django_assert_max_num_queries):
    # Sam's player brings a second hero; both have a Gamble open and are asked to investigate.
    adventure = table["adventure"]
    second = Character.objects.create(owner=table["sam"].owner, name="Kit", archetype="explorer")
    CastMember.objects.create(adventure=adventure, character=second)
    client = player_client(table["sam"])
    with django_assert_max_num_queries(PAGE):
        page = client.get(table["url"]).content.decode()
    assert "Sam Okafor" in page
    assert "Kit" in page
    with use_dice(LoadedDice([6, 2, 5, 5])):
        for n, hero in enumerate([table["sam"], second]):
            _roll(client, table, hero, f"request-000{n}", advantages=1)
            Investigation.objects.create(adventure=adventure, character=hero, prompt=f"Look {n}")
    with django_assert_max_num_queries(PAGE):
        page = client.get(table["url"]).content.decode()
    assert page.count(">Lock in</button>") == 2
    assert "Look 0" in page
    assert "Look 1" in page


def test_the_directors_table_page_takes_twenty_queries(table, director, django_assert_num_queries):
    with use_dice(LoadedDice([6, 2])):
        _roll(player_client(table["sam"]), table, table["sam"], advantages=1)
    with django_assert_num_queries(DIRECTORS_PAGE):
        response = director.get(table["url"])
    assert response.status_code == 200
    assert "Sam Okafor" in response.content.decode()


def test_a_wide_shot_detail_in_a_fixed_number_of_queries(table, django_assert_num_queries):
    """A detail sent: the same count with two heroes or six, however many details the board
    holds."""
    from sessions.actions import wideshots

    adventure = table["adventure"]
    for hero in adventure.cast_characters():
        if hero.pk != table["sam"].pk:
            wideshots.add_detail(adventure, hero, f"{hero.name} sees rain", hero.owner)
    sam = player_client(table["sam"])
    url = table["url"] + f"wideshot/{table['sam'].pk}/"
    with django_assert_num_queries(WIDE_SHOT_DETAIL):
        response = sam.post(url, {"text": "a bloodied ledger"}, headers=_action("detail"))
    assert response.status_code == 200
    assert response.headers["HX-Reswap"] == "none"


def _nested(queries) -> list[str]:
    """The statements with a query inside (each compiled by Django on its own, and run per row)."""
    return [q["sql"] for q in queries if q["sql"].count("SELECT") > 1]


def test_a_roll_and_its_lock_in_read_without_queries_inside_queries(table):
    """The seat check on every table request and the roll's own reads (the locked table with
    its Scene, Tumult and Group Gamble; the locked hero with its open Gamble) are joins,
    however crowded the table: each statement compiled once."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    sam = player_client(table["sam"])
    with use_dice(LoadedDice([6, 2])), CaptureQueriesContext(connection) as rolled:
        response = _roll(sam, table, table["sam"], advantages=1)
    assert response.status_code == 200
    gamble = Gamble.objects.get()
    with CaptureQueriesContext(connection) as locked:
        response = _lock_in(sam, table, gamble)
    assert response.status_code == 200
    assert Gamble.objects.get().locked
    assert _nested(rolled.captured_queries) == []
    assert _nested(locked.captured_queries) == []


def test_the_next_gamble_form_carries_a_new_request_id_after_each_roll(table):
    """The form's request id counts the hero's Gambles (read with the seat): a second roll from
    a fresh form is a new Gamble, not a replay of the first."""
    sam, hero = player_client(table["sam"]), table["sam"]
    for n in (1, 2):
        page = sam.get(table["url"]).content.decode()
        request_id = f"c{hero.pk}-gamble-{n}"
        assert f'value="{request_id}"' in page
        with use_dice(LoadedDice([6, 2])):
            _roll(sam, table, hero, request_id, advantages=1)
        _lock_in(sam, table, Gamble.objects.get(locked=False))
    assert Gamble.objects.filter(character=hero).count() == 2
    assert f'value="c{hero.pk}-gamble-3"' in sam.get(table["url"]).content.decode()


def test_the_seat_check_does_not_grow_with_the_gambles_heroes_made(table):
    """A campaign's heroes make hundreds of Gambles: the seat check (every table request) and
    the Cast read don't count them (a count joined in brought every one of them into the read,
    sorted with every column: 11 ms a seat check at 200 Gambles a hero). The next Gamble's
    request id still counts them, read with what the form offers."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    sam = table["sam"]
    Gamble.objects.bulk_create(
        Gamble(adventure=table["adventure"], character=sam, request_id=f"old-{n}", pool=2,
               dice=[6, 2], rolled=[6, 2], locked=True, success=True)
        for n in range(40)
    )  # fmt: skip
    client = player_client(sam)
    with CaptureQueriesContext(connection) as page:
        body = client.get(table["url"]).content.decode()
    assert f'value="c{sam.pk}-gamble-41"' in body
    with use_dice(LoadedDice([6, 2])), CaptureQueriesContext(connection) as rolled:
        assert _roll(client, table, sam, f"c{sam.pk}-gamble-41", advantages=1).status_code == 200
    seat_checks = [
        q["sql"]
        for q in page.captured_queries + rolled.captured_queries
        if '"table_castmember"."id"' in q["sql"]
    ]
    assert len(seat_checks) == 2  # one for the page, one for the roll
    for sql in seat_checks:
        assert "GROUP BY" not in sql
        assert "COUNT(" not in sql
