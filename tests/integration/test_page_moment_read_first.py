"""Fresh-eyes defect (the Director's table): a hero joined while the Director's page was being
drawn, between the read of its seat (the Cast) and the read of the table's newest event. The
page kept its Pacing drawing, without the hero, as of the moment of the joining; the broadcast
of the joining found it kept and sent it: the Start Leg form never got the hero's Lucky Saves
die. A page reads the table's moment first, so what it keeps is never older than its moment."""

import pytest

from characters.models import Character
from sessions import live
from sessions.actions import cast
from sessions.live.drawing import draw_for
from sessions.models import Adventure, Leg, RealDice, Scene
from sessions.parts import kept
from sessions.views import answers

pytestmark = pytest.mark.django_db

FIELD = 'name="faces-{}"'


def test_a_hero_joining_while_the_directors_page_is_drawn_gets_a_die_on_start_leg(
    adventure, bob, client, monkeypatch
):
    Leg.objects.filter(adventure=adventure).update(status=Leg.Status.PLANNED)
    Scene.objects.update(status=Scene.Status.PLANNED)
    Adventure.objects.filter(pk=adventure.pk).update(real_dice=RealDice.EITHER)
    sam = Character.objects.create(owner=bob, name="Sam Okafor", archetype="brawler")
    seated = answers.seated_viewer

    def join_right_after_the_seat_is_read(adventure_id, user_id):
        viewer = seated(adventure_id, user_id)
        if not viewer.cast:
            cast.join_cast(adventure, sam, bob)
        return viewer

    monkeypatch.setattr(answers, "seated_viewer", join_right_after_the_seat_is_read)
    client.force_login(adventure.director)
    assert client.get(f"/adventures/{adventure.pk}/table/").status_code == 200

    joined = kept.last_event(adventure.pk)
    director = live.Listener(adventure.pk, adventure.director_id, directs=True)
    _table, streams = draw_for(joined, {"director": director})
    assert "event: director-pacing" in streams["director"].decode()
    assert FIELD.format(sam.pk) in streams["director"].decode()

    page = client.get(f"/adventures/{adventure.pk}/table/").content.decode()
    assert FIELD.format(sam.pk) in page
