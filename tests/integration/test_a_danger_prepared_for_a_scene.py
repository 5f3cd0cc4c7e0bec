"""A Danger prepared for a Scene, not only for a Key Location (the evening's review, issue
35): the Scene in the prep outline has its own "Add a Danger"; the Danger is listed under it,
edited and deleted there, and comes into play with the Scene. Another Director can't reach
it."""

import html

import pytest

from sessions.models import Danger, Scene
from tests.conftest import player_client

pytestmark = pytest.mark.django_db


def _text(response) -> str:
    return html.unescape(response.content.decode())


def test_a_director_adds_a_danger_to_a_scene_from_its_prep(alice_client, adventure):
    scene = Scene.objects.filter(leg__adventure=adventure).order_by("position").first()
    outline = _text(alice_client.get(f"/adventures/{adventure.pk}/"))
    url = f"/adventures/{adventure.pk}/scenes/{scene.pk}/dangers/new/"
    assert f'href="{url}"' in outline
    # Its name for a screen reader says which Scene.
    assert f'Add a Danger <span class="visually-hidden">to the Scene {scene.beat}</span>' in outline

    form = _text(alice_client.get(url))
    assert f"Add a Danger to {scene.beat}" in form
    alice_client.post(url, {"name": "Ambush on the quay", "template": "lieutenant"})
    ambush = Danger.objects.get(name="Ambush on the quay")
    assert (ambush.scene_id, ambush.key_location_id) == (scene.pk, None)
    outline = _text(alice_client.get(f"/adventures/{adventure.pk}/"))
    assert "Dangers of this Scene" in outline
    assert f'id="danger-{ambush.pk}"' in outline

    edit = f"/adventures/{adventure.pk}/scenes/{scene.pk}/dangers/{ambush.pk}/edit/"
    alice_client.post(edit, {"name": "Ambush at the quay", "template": "lieutenant"})
    ambush.refresh_from_db()
    assert ambush.name == "Ambush at the quay"

    # It comes into play with its Scene.
    assert ambush.pk in [d.pk for d in scene.dangers_in_play()]


def test_a_scene_danger_is_deleted_from_the_prep_and_kept_from_others(
    alice_client, adventure, cast_member
):
    scene = Scene.objects.filter(leg__adventure=adventure).order_by("position").first()
    ambush = Danger.objects.create(scene=scene, name="Ambush on the quay")
    url = f"/adventures/{adventure.pk}/scenes/{scene.pk}/dangers/new/"
    outsider = player_client(cast_member.character)  # Bob, a player, not the Director
    assert outsider.get(url).status_code == 404
    assert outsider.post(url, {"name": "Forged", "template": "minion"}).status_code == 404
    assert not Danger.objects.filter(name="Forged").exists()
    alice_client.post(f"/adventures/{adventure.pk}/danger/{ambush.pk}/delete/")
    assert not Danger.objects.filter(pk=ambush.pk).exists()
