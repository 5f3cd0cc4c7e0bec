"""The Director's screens, a third look: a finished Adventure's prep is read, never changed (a
stale tab's post is refused in its own fragment, nothing saved); the handout's "Belongs to"
offers every Danger (a Scene's, one added at the table); "Open session zero" only before play."""

import pytest

from sessions.actions import dangers, legs
from sessions.models import Adventure, Danger, Handout, KeyLocation, Leg, SafetyNote, Scene
from sessions.rules import DangerTemplate
from tests.conftest import HTMX, player_client
from tests.images import picture, upload

pytestmark = pytest.mark.django_db


@pytest.fixture
def finished(director, playing):
    """The table under way, a handout and a Line in its prep, then finished."""
    adventure = playing["adventure"]
    director.post(
        f"/adventures/{adventure.pk}/handouts/new/",
        {"caption": "The harbour map", "picture": upload(picture())},
    )
    SafetyNote.objects.create(adventure=adventure, kind="line", text="No spiders")
    legs.finish_adventure(adventure, adventure.director)
    return Adventure.objects.get(pk=adventure.pk)


def _prep(adventure):
    """Everything the prep holds, as it stands (what a refused change must leave alone)."""
    return (
        list(Leg.objects.values_list("pk", "title", "position")),
        list(Scene.objects.values_list("pk", "beat", "position")),
        list(KeyLocation.objects.values_list("pk", "name")),
        list(Danger.objects.values_list("pk", "name")),
        list(Handout.objects.values_list("pk", "caption", "scene_id", "danger_id")),
        list(SafetyNote.objects.values_list("pk", "text")),
    )


def test_a_finished_adventures_prep_refuses_every_change(director, finished):
    base = f"/adventures/{finished.pk}"
    leg = finished.legs.get()
    scene = leg.scenes.first()
    location = leg.key_locations.first()
    danger = location.dangers.first()
    handout = Handout.objects.get()
    before = _prep(finished)
    posts = [
        (f"{base}/legs/new/", {"title": "One more Leg"}),
        (f"{base}/legs/{leg.pk}/edit/", {"title": "Renamed"}),
        (f"{base}/legs/{leg.pk}/scenes/new/", {"beat": "An epilogue"}),
        (f"{base}/legs/{leg.pk}/scenes/{scene.pk}/edit/", {"beat": "Renamed"}),
        (f"{base}/legs/{leg.pk}/locations/new/", {"name": "The quay"}),
        (f"{base}/legs/{leg.pk}/locations/{location.pk}/edit/", {"name": "Renamed"}),
        (f"{base}/locations/{location.pk}/dangers/new/", {"name": "Gulls", "template": "minion"}),
        (f"{base}/scenes/{scene.pk}/dangers/new/", {"name": "Gulls", "template": "minion"}),
        (f"{base}/locations/{location.pk}/dangers/{danger.pk}/edit/", {"name": "Renamed"}),
        (f"{base}/handouts/{handout.pk}/edit/", {"caption": "Renamed"}),
    ]
    for url, data in posts:
        response = director.post(url, data, headers=HTMX)
        assert response.status_code == 400, url
        assert "This Adventure is finished" in response.content.decode(), url
    for url, data in [
        (f"{base}/leg/{leg.pk}/delete/", {}),
        (f"{base}/scene/{scene.pk}/delete/", {}),
        (f"{base}/danger/{danger.pk}/delete/", {}),
        (f"{base}/scene/{scene.pk}/move/", {"direction": "down"}),
        (f"{base}/leg/{leg.pk}/move/", {"direction": "up"}),
        (f"{base}/handouts/{handout.pk}/delete/", {}),
        (f"{base}/handouts/new/", {"caption": "Another", "picture": upload(picture())}),
    ]:
        response = director.post(url, data, headers=HTMX)
        assert response.status_code == 409, url
        assert "This Adventure is finished" in response.content.decode(), url
    # Without htmx too: back to the outline, the reason said there.
    page = director.post(f"{base}/scene/{scene.pk}/delete/", follow=True).content.decode()
    assert "This Adventure is finished" in page
    # Lines & Veils are kept as they were agreed, from prep and from the table alike.
    note = SafetyNote.objects.get()
    for url, data in [
        (f"{base}/safety/", {"kind": "veil", "text": "Clowns"}),
        (f"{base}/safety/{note.pk}/remove/", {}),
        (f"{base}/safety/remove/", {"note": note.pk}),
        (f"{base}/safety/", {"kind": "veil", "text": "Clowns", "part": "lines-veils"}),
    ]:
        response = director.post(url, data, headers=HTMX)
        assert response.status_code in (400, 409), url
        assert "This Adventure is finished" in response.content.decode(), url
    assert _prep(finished) == before


def test_a_finished_outline_offers_no_edit_delete_or_reorder(director, finished):
    base = f"/adventures/{finished.pk}"
    leg = finished.legs.get()
    scene, handout = leg.scenes.first(), Handout.objects.get()
    page = director.get(finished.get_absolute_url()).content.decode()
    for control in (
        f"{base}/legs/{leg.pk}/edit/",
        f"{base}/legs/{leg.pk}/scenes/{scene.pk}/edit/",
        f"{base}/leg/{leg.pk}/delete/",
        f"{base}/scene/{scene.pk}/delete/",
        f"{base}/scene/{scene.pk}/move/",
        f"{base}/handouts/{handout.pk}/edit/",
        f"{base}/handouts/{handout.pk}/delete/",
        "Add a Line or a Veil",
        "/safety/",
    ):
        assert control not in page, control
    assert "The harbour map" in page
    assert "No spiders" in page


def test_a_finished_adventures_lines_veils_stay_for_players_too(finished, playing):
    bob = player_client(playing["sam"])
    url = f"/adventures/{finished.pk}/safety/"
    response = bob.post(url, {"kind": "line", "text": "Rats"}, headers=HTMX)
    assert "This Adventure is finished" in response.content.decode()
    assert not SafetyNote.objects.filter(text="Rats").exists()


def test_the_handout_offers_every_danger_with_its_place(director, playing):
    adventure = playing["adventure"]
    scene = Scene.objects.filter(leg__adventure=adventure).first()
    prepared = Danger.objects.create(scene=scene, name="Ambushers", template="minion")
    at_table = dangers.add_danger(adventure, "Gulls", DangerTemplate.MINION, adventure.director)
    location_danger = Danger.objects.filter(key_location__isnull=False).first()
    page = director.get(adventure.get_absolute_url()).content.decode()
    offered = page.split('name="attach"')[1].split("</select>")[0]
    assert f'value="danger-{prepared.pk}">Danger: Ambushers (in the Scene {scene.beat})' in offered
    assert f'value="danger-{at_table.pk}">Danger: Gulls (in the Scene' in offered
    where = location_danger.key_location.name.replace("'", "&#x27;")
    assert f'value="danger-{location_danger.pk}">Danger: {location_danger.name} (at {where})' in (
        offered
    )
    assert "<optgroup label=" in offered
    response = director.post(
        f"/adventures/{adventure.pk}/handouts/new/",
        {
            "caption": "Gull feathers",
            "picture": upload(picture()),
            "attach": f"danger-{at_table.pk}",
        },
    )
    assert response.status_code == 302
    assert Handout.objects.get(caption="Gull feathers").danger_id == at_table.pk


def test_open_session_zero_is_offered_only_before_the_first_leg(client, adventure, cast_member):
    Leg.objects.filter(adventure=adventure).update(status=Leg.Status.PLANNED)
    Scene.objects.update(status=Scene.Status.PLANNED)
    client.force_login(adventure.director)
    url = f"/adventures/{adventure.pk}/table/"
    assert "Open session zero" in client.get(url + "part/session-zero/").content.decode()
    Leg.objects.filter(adventure=adventure).update(status=Leg.Status.PLAYING)
    assert "Open session zero" not in client.get(url + "part/session-zero/").content.decode()
    refused = client.post(url + "zero/start/", headers=HTMX)
    assert refused.status_code == 409
    assert "Session zero comes before the first Leg" in refused.content.decode()
