"""The table's housekeeping is a line for nobody: the Director making a shared screen link (or
switching it off) redraws their own panel, and no log, file or TV tells of it."""

import pytest

from sessions.actions import screen
from sessions.models import TableEvent
from tests.integration.test_hidden_danger_unseen import _what_the_cast_reads

pytestmark = pytest.mark.django_db


def test_a_screen_link_made_or_switched_off_is_in_nobodys_log(playing):
    adventure = playing["adventure"]
    screen.set_screen(adventure, False, adventure.director)
    screen.set_screen(adventure, True, adventure.director)
    assert TableEvent.objects.filter(adventure=adventure, kind="screen_link").count() == 2
    for text in _what_the_cast_reads(playing):
        assert "shared screen link" not in text
