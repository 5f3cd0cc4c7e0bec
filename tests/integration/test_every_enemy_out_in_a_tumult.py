"""With every enemy out of the picture, a Tumult's banner stops sending the table "over to the
enemies": the TV reads "Every enemy is out!" (the question is the Director's), the Director
"Every enemy is out of the picture: end the Tumult." with End the Tumult the one button to press,
no empty grid of Peril (issue #34, step 7; fresh-eyes game night)."""

import pytest

from sessions import rules as R
from sessions.models import Danger, TableEvent
from tests.conftest import player_client

pytestmark = pytest.mark.django_db

ALL_OUT = "Every enemy is out!"


def test_every_enemy_out_asks_to_end_the_tumult(director, playing):
    sam = playing["sam"]
    Danger.objects.all().delete()
    director.post(playing["url"] + "dangers/add/", {"name": "Brass Jack", "template": "minion"})
    jack = Danger.objects.get(name="Brass Jack")
    director.post(playing["url"] + "tumult/start/")
    tumult = player_client(sam).get(playing["url"] + "part/tumult/").content.decode()
    assert ALL_OUT not in tumult

    for _ in range(jack.success_threshold):
        director.post(playing["url"] + "dangers/success/", {"danger": jack.pk})
    assert Danger.objects.get(pk=jack.pk).is_out
    # The success reaches the TV's Tumult banner: it hears the Dangers change.
    assert (
        "tumult" in TableEvent.objects.first().data["topics"]
        or "dangers" in (TableEvent.objects.first().data["topics"])
    )

    tumult = player_client(sam).get(playing["url"] + "part/tumult/").content.decode()
    assert ALL_OUT in tumult
    assert "over to the enemies" not in tumult
    panel = director.get(playing["url"] + "part/director-tumult/").content.decode()
    assert "Every enemy is out of the picture: end the Tumult." in panel
    assert "over to the enemies" not in panel
    # No empty grid to share out Peril from, no enemies' turn: the end, in front.
    assert "Peril from" not in panel
    assert "Enemies&#x27; turn" not in panel
    assert "Enemies' turn" not in panel
    assert 'form="tumult-end"' in panel
    end = panel.split('form="tumult-end"')[1].split(">")[0]
    assert "button-primary" in end


def test_every_enemy_out_needs_an_enemy():
    out = R.DangerState(success_threshold=1, danger_rating=1, successes=1)
    standing = R.DangerState(success_threshold=2, danger_rating=1, successes=1)
    assert R.every_enemy_out([out])
    assert not R.every_enemy_out([out, standing])
    assert not R.every_enemy_out([])
