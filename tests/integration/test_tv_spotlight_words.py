"""The TV's spotlight says each thing once (a fresh-eyes TV read "The dust settles" as the
heading and again as the first words under it)."""

import pytest
from django.template.loader import render_to_string

from sessions.actions import tumults
from sessions.parts.screen import spotlight_context
from sessions.viewer import Viewer

pytestmark = pytest.mark.django_db


def test_the_end_of_a_tumult_says_the_dust_settles_once(playing):
    adventure = playing["adventure"]
    tumults.start_tumult(adventure, adventure.director)
    tumults.end_tumult(adventure, adventure.director)
    screen = spotlight_context(Viewer(adventure, None, screen=True))
    drawn = render_to_string("sessions/parts/spotlight.html", screen | {"adventure": adventure})
    assert drawn.count("The dust settles") == 1
    assert "The Tumult is over." in drawn
