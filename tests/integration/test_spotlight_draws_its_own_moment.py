"""Each moment's drawing shows that moment on the TV, even when the table has moved on by the
time it is drawn: a drawing may come after the next move is written (another process, a busy
server), and the screen plays the moments in turn. Seen in a browser run: a Rest straight after
the last member locked in, and the Group Gamble's tally never came up."""

import pytest

from sessions import live
from sessions.models import Gamble, TableEvent
from sessions.parts import kept
from sessions.rules import LoadedDice, use_dice
from tests.conftest import player_client
from tests.gambles import gamble_form

pytestmark = pytest.mark.django_db


def _tv_drawing_of(event: TableEvent) -> str:
    """The TV's part of the event's drawing, every row read back from the database."""
    kept.forget_all()
    drawing = live.draw_event(event.pk)
    tv = live.Listener(event.adventure_id)
    return live.draw_own(drawing, {tv.audience: tv})[tv.audience].decode()


def test_a_tally_drawn_after_the_rest_that_followed_it_is_still_the_tally(director, playing):
    director.post(playing["url"] + "group/", {"text": "Outrun the flood"})
    with use_dice(LoadedDice([6, 5])):
        for name in ("sam", "ada"):
            hero = playing[name]
            player_client(hero).post(
                playing["url"] + f"roll/{hero.pk}/", gamble_form(f"group-{name}")
            )
            gamble = Gamble.objects.get(character=hero, locked=False)
            player_client(hero).post(
                playing["url"] + f"gambles/{gamble.pk}/lock/", {"step": gamble.step}
            )
    tally = TableEvent.objects.get(kind="group_resolved")
    with use_dice(LoadedDice([2, 5])):
        director.post(playing["url"] + "rest/")
    rest = TableEvent.objects.get(kind="rest")
    drawn = _tv_drawing_of(tally)
    assert f'data-spotlight="{tally.pk}"' in drawn
    assert "came good: Success!" in drawn
    assert f'data-spotlight="{rest.pk}"' in _tv_drawing_of(rest)


def test_an_undone_moment_drawn_late_shows_the_table_as_it_is(director, playing):
    """A roll undone before its drawing came: the TV is drawn as the table is, without it."""
    sam = playing["sam"]
    with use_dice(LoadedDice([6])):
        player_client(sam).post(playing["url"] + f"roll/{sam.pk}/", gamble_form("late-0001"))
    roll = TableEvent.objects.get(kind="gamble_rolled")
    director.post(playing["url"] + "undo/", {"event": roll.pk})
    roll.refresh_from_db()
    assert roll.undone_by_id
    assert f'data-spotlight="{roll.pk}"' not in _tv_drawing_of(roll)
