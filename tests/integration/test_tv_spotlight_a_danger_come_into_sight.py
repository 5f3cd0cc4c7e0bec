"""A fresh-eyes TV: the Director revealed a hidden Danger during play and the room's screen gave
it no moment. A Danger come into sight (revealed, or added in sight) takes the spotlight: its
name and its track of successes; hidden again, it is news for the board alone."""

import pytest

from sessions.actions import dangers
from sessions.models import Danger
from sessions.rules import DangerTemplate
from tests.conftest import HTMX
from tests.integration.test_tv_spotlight_a_dangers_blow import _spotlight

pytestmark = pytest.mark.django_db


def _reveal(director, playing, danger: Danger, revealed: bool) -> None:
    data = {"danger": danger.pk, "revealed": "1" if revealed else "0"}
    answer = director.post(playing["url"] + "dangers/reveal/", data, headers=HTMX)
    assert answer.status_code == 200


def test_a_danger_revealed_takes_the_spotlight(director, playing):
    adventure = playing["adventure"]
    lurker = dangers.add_danger(adventure, "The Lurker", DangerTemplate.VILLAIN, None)
    assert "The Lurker" not in _spotlight(director, playing)

    _reveal(director, playing, lurker, True)
    moment = _spotlight(director, playing)
    assert moment.startswith("A new Danger! The Lurker"), moment
    assert "0 of 4 successes to put The Lurker out of the picture." in moment


def test_a_danger_added_in_sight_takes_the_spotlight(director, playing):
    dangers.add_danger(
        playing["adventure"], "Museum guards", DangerTemplate.MINION, None, revealed=True
    )
    moment = _spotlight(director, playing)
    assert moment.startswith("A new Danger! Museum guards"), moment
    assert "0 of 1 success to put Museum guards out of the picture." in moment


def test_a_danger_hidden_again_is_no_moment(director, playing):
    lurker = dangers.add_danger(playing["adventure"], "The Lurker", DangerTemplate.VILLAIN, None)
    _reveal(director, playing, lurker, True)
    _reveal(director, playing, lurker, False)
    assert "The Lurker" not in _spotlight(director, playing)
