"""Between Legs, the cockpit says what it shows: the crib is the next Leg's prep ("Next Leg: 1
clue and 1 set piece to use.", not "Still unused this Leg"), and Legs & Scenes leads first to
the recap of the Leg just ended."""

import pytest

from sessions.models import Leg, Recap

pytestmark = pytest.mark.django_db


@pytest.fixture
def between_legs(director, playing):
    """Leg 1 ended at the table (its recap drafted), Leg 2 with a clue and a set piece next."""
    Leg.objects.create(
        adventure=playing["adventure"],
        position=2,
        title="Midnight Bell",
        clues="The bell rope is cut with silver",
        set_pieces="The great gear room",
    )
    assert director.post(playing["url"] + "leg/end/").status_code in (200, 302)
    return Recap.objects.get()


def test_the_crib_between_legs_speaks_of_the_next_leg(director, playing, between_legs):
    crib = director.get(playing["url"] + "part/crib/").content.decode()
    assert "Next Leg: 1 clue and 1 set piece to use." in crib
    assert "Still unused this Leg" not in crib
    assert "Clues &amp; set pieces of the next Leg" in crib


def test_legs_and_scenes_leads_first_to_the_ended_legs_recap(director, playing, between_legs):
    pacing = director.get(playing["url"] + "part/director-pacing/").content.decode()
    link = f'<a href="{between_legs.get_absolute_url()}" class="button button-small">'
    assert link + "Read the recap of Leg 1</a>" in pacing
    assert pacing.index("Read the recap of Leg 1") < pacing.index("Start Leg")
    assert "Drafted from the log: read it, edit it, publish it." in pacing
    assert director.get(between_legs.get_absolute_url()).status_code == 200


def test_in_play_the_crib_still_counts_this_legs_unused(director, playing):
    crib = director.get(playing["url"] + "part/crib/").content.decode()
    assert "Still unused this Leg:" in crib
    pacing = director.get(playing["url"] + "part/director-pacing/").content.decode()
    assert "Read the recap" not in pacing
