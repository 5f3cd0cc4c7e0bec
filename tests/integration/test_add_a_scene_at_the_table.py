"""A Leg with no Scene left (or none prepared): the Director adds one at the table and it
starts at once (issue #35)."""

import pytest

from sessions.models import KeyLocation, Scene, TableEvent
from tests.conftest import HTMX, player_client

pytestmark = pytest.mark.django_db


def _leg_without_scenes(playing):
    Scene.objects.all().delete()
    return playing["adventure"].legs.get()


def test_the_pacing_offers_a_new_scene_where_the_leg_has_none(director, playing):
    _leg_without_scenes(playing)
    page = director.get(playing["url"]).content.decode()
    assert "A Ticking in the Rain has no Scene yet" in page
    assert "Every Scene of this Leg has been played" not in page
    assert "Add a Scene and start it" in page


def test_a_scene_added_at_the_table_starts_and_joins_the_prep(director, playing):
    leg = _leg_without_scenes(playing)
    location = KeyLocation.objects.get()
    response = director.post(
        playing["url"] + "scene/start/",
        {"beat": "  The rooftop   chase ", "key_location": location.pk, "part": "director-pacing"},
        headers=HTMX,
    )
    assert response.status_code == 200
    scene = leg.scenes.get()
    assert (scene.beat, scene.status, scene.key_location) == (
        "The rooftop chase",
        Scene.Status.PLAYING,
        location,
    )
    assert TableEvent.objects.filter(kind="scene_started", data__beat="The rooftop chase").exists()


def test_an_added_scene_goes_after_the_played_ones(director, playing):
    director.post(playing["url"] + "scene/end/")
    Scene.objects.filter(status=Scene.Status.PLANNED).delete()
    page = director.get(playing["url"]).content.decode()
    assert "Every Scene of this Leg has been played" in page
    director.post(playing["url"] + "scene/start/", {"beat": "Encore", "key_location": "none"})
    added = Scene.objects.get(beat="Encore")
    assert (added.position, added.status, added.key_location) == (2, Scene.Status.PLAYING, None)


@pytest.mark.parametrize(
    ("beat", "said"),
    [("   ", "Sum up the Scene"), ("x" * 201, "Keep the story beat to 200")],
)
def test_a_blank_or_long_beat_is_refused_by_the_field(director, playing, beat, said):
    _leg_without_scenes(playing)
    response = director.post(
        playing["url"] + "scene/start/",
        {"beat": beat, "part": "director-pacing", "tool": "add-scene"},
        headers=HTMX,
    )
    assert response.status_code == 409
    assert said in response.content.decode()
    assert not Scene.objects.exists()


def test_a_key_location_of_another_adventure_is_not_found(director, playing, alice):
    from sessions.models import Adventure, Leg

    other = Leg.objects.create(adventure=Adventure.objects.create(director=alice, title="B"))
    elsewhere = KeyLocation.objects.create(leg=other, position=1, name="Elsewhere")
    _leg_without_scenes(playing)
    response = director.post(
        playing["url"] + "scene/start/", {"beat": "Heist", "key_location": elsewhere.pk}
    )
    assert response.status_code == 404
    assert not Scene.objects.exists()


def test_a_player_cannot_add_a_scene(playing):
    _leg_without_scenes(playing)
    response = player_client(playing["sam"]).post(playing["url"] + "scene/start/", {"beat": "Mine"})
    assert response.status_code == 404
    assert not Scene.objects.exists()
