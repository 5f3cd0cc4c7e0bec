"""A move on a Gamble hands what it wrote (the table as it left it, the Gamble with its hero,
the event) to the drawing of its event: a six-screen table (the Director, four players, the
TV) gets a roll or a lock-in drawn in a few queries, and every screen gets exactly what a
drawing that read it all back would have sent."""

import pytest

from characters.models import Character
from sessions import live
from sessions.channel import _hand, handed
from sessions.models import CastMember, Gamble, TableEvent
from sessions.parts import kept
from sessions.rules import LoadedDice, use_dice
from tests.conftest import HTMX, player_client
from tests.gambles import gamble_form

pytestmark = pytest.mark.django_db

# The Cast with its open Gambles, the Investigations asked for, the Scene in play, what the
# mover's next Gamble form offers (Knacks, Equipment and the Gambles they made, in one read)
# and the enemies for it, the latest Gamble (a lock-in may not be the newest), and the
# Director's list of open Gambles. Nothing the lock-in wrote: the table, its Tumult and Group
# Gamble, the Gamble, the spotlight's moment, the Director's undo offer (from 15 read back
# before, 13 for four screens; 8 before the Knacks, Equipment and count were one read). And
# the Director's consequence prompts: their deck and the newest moment gone wrong, whose
# prompts a later lock-in folds away (2: a success redraws them, live).
LOCK_IN_DRAWN = 9
# A roll is the newest Gamble itself, and leaves the hero's form as it was: no latest Gamble,
# no Knacks, Equipment or enemies to read.
ROLL_DRAWN = 3


@pytest.fixture
def six_screens(playing, make_user):
    """Sam and Ada's table with two more players: with the Director and the TV, six screens."""
    adventure = playing["adventure"]
    for n in range(2):
        hero = Character.objects.create(owner=make_user(f"p{n}"), name=f"Hero {n}", archetype="ace")
        CastMember.objects.create(adventure=adventure, character=hero)
    seats = [live.Listener(adventure.pk, hero.owner_id) for hero in adventure.cast_characters()]
    seats += [live.Listener(adventure.pk, adventure.director_id, directs=True)]
    seats += [live.Listener(adventure.pk)]  # the TV
    assert len(seats) == 6
    return playing | {"seats": {seat.audience: seat for seat in seats}}


def _move(client, url: str, data: dict, capture) -> TableEvent:
    """Make a move as the page does; the event as the action handed it over."""
    with capture(execute=True):
        response = client.post(url, data, headers=HTMX | {"X-Request-ID": f"move-{len(url)}"})
    assert response.status_code == 200
    event = handed(TableEvent.objects.order_by("-pk").values_list("pk", flat=True).first())
    assert event.written is not None
    return event


def _drawn(event_id: int, seats: dict) -> tuple[bytes, dict[str, bytes]]:
    drawing = live.draw_event(event_id)
    return drawing.public, live.draw_own(drawing, seats)


def _as_read_back(event: TableEvent, seats: dict) -> tuple[bytes, dict[str, bytes]]:
    """The same event drawn as another process would: every row read from the database (and
    no drawing kept: this process's would be reused)."""
    kept.forget_all()
    return _drawn(event.pk, seats)


def _roll(table, capture, dice=(6, 2)) -> TableEvent:
    sam = table["sam"]
    with use_dice(LoadedDice(list(dice))):
        return _move(
            player_client(sam),
            table["url"] + f"roll/{sam.pk}/",
            gamble_form("request-0001", advantages=1),
            capture,
        )


def _lock_in(table, capture) -> TableEvent:
    gamble = Gamble.objects.get(locked=False)
    url = table["url"] + f"gambles/{gamble.pk}/lock/"
    return _move(player_client(table["sam"]), url, {"step": gamble.step}, capture)


def test_a_lock_in_is_drawn_for_six_screens_from_what_it_wrote(
    six_screens, django_capture_on_commit_callbacks, django_assert_num_queries
):
    seats, sam = six_screens["seats"], six_screens["sam"]
    _roll(six_screens, django_capture_on_commit_callbacks)
    event = _lock_in(six_screens, django_capture_on_commit_callbacks)
    _hand(event)
    with django_assert_num_queries(LOCK_IN_DRAWN):
        public, own = _drawn(event.pk, seats)
    # Sam's panel offers his next Gamble; the TV's spotlight, the latest Gamble and the
    # Director's undo name this lock-in.
    assert f'value="c{sam.pk}-gamble-2"' in own[f"player-{sam.owner_id}"].decode()
    assert f'data-spotlight="{event.pk}"' in own["screen"].decode()
    assert f'name="event" value="{event.pk}"' in own["director"].decode()
    assert b"Success!" in public
    assert (public, own) == _as_read_back(event, seats)


def test_a_roll_is_drawn_for_six_screens_from_what_it_wrote(
    six_screens, django_capture_on_commit_callbacks, django_assert_num_queries
):
    seats = six_screens["seats"]
    event = _roll(six_screens, django_capture_on_commit_callbacks)
    _hand(event)
    with django_assert_num_queries(ROLL_DRAWN):
        public, own = _drawn(event.pk, seats)
    assert b"(not locked in yet)" in public
    assert b">Lock in</button>" in own[f"player-{six_screens['sam'].owner_id}"]
    assert (public, own) == _as_read_back(event, seats)


def test_a_knockout_is_drawn_from_the_lock_in_that_made_it(
    six_screens, django_capture_on_commit_callbacks, django_assert_num_queries
):
    """The latest Gamble's Knockout comes from the lock-in in hand; the knocked-out hero's
    panel says so without building a Gamble form it wouldn't show."""
    seats, sam = six_screens["seats"], six_screens["sam"]
    Character.objects.filter(pk=sam.pk).update(peril=5)
    _roll(six_screens, django_capture_on_commit_callbacks, dice=(1, 1))
    event = _lock_in(six_screens, django_capture_on_commit_callbacks)
    assert event.data["knocked_out"]
    _hand(event)
    # No Knacks, Equipment, count or enemies for a form; but a Knockout changes more: the Wide Shot
    # board and its details, the players' calls (the handouts on show: once for all four),
    # the Director's panel (every handout) and their consequence prompts (their deck, the
    # hero's Equipment, the enemies in the picture; the moment is the lock-in in hand, not
    # read as a success's is).
    with django_assert_num_queries(LOCK_IN_DRAWN - 2 + 2 + 1 + 1 + 3 - 2):
        public, own = _drawn(event.pk, seats)
    assert b"KNOCKOUT! Sam Okafor is out for the rest of the Scene." in public
    mine = own[f"player-{sam.owner_id}"].decode()
    assert "Knocked out!" in mine
    assert "gamble-form" not in mine
    assert (public, own) == _as_read_back(event, seats)
