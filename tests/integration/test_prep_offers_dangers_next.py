"""A Scene or Key Location just added offers its Dangers next, with or without JavaScript;
its form says so before it is saved; an edit makes no such offer. The Leg form's boxes start
at three rows (Django's own ten made it thousands of pixels tall)."""

import pytest

from sessions.forms import LegForm, RecapForm
from sessions.models import KeyLocation, Scene

pytestmark = pytest.mark.django_db

OFFER = "Saved.</b> Next, its Dangers"


def test_a_new_key_location_comes_back_offering_its_dangers(alice_client, adventure):
    leg = adventure.legs.get()
    url = f"/adventures/{adventure.pk}/legs/{leg.pk}/locations/new/"
    assert "its “Add a Danger”" in alice_client.get(url).content.decode()

    response = alice_client.post(url, {"name": "Warehouse Nine"})
    place = KeyLocation.objects.get(name="Warehouse Nine")
    anchor = f"location-{place.pk}"
    assert response["Location"] == f"{adventure.get_absolute_url()}?open={anchor}&added=1#{anchor}"
    page = alice_client.get(response["Location"]).content.decode()
    assert page.count(OFFER) == 1
    assert f'id="add-danger-{place.pk}" class="next-step"' in page

    # Back later (no ?added), or after an edit: no offer.
    assert (
        OFFER
        not in alice_client.get(f"{adventure.get_absolute_url()}?open={anchor}").content.decode()
    )
    edit = f"/adventures/{adventure.pk}/legs/{leg.pk}/locations/{place.pk}/edit/"
    assert "its “Add a Danger”" not in alice_client.get(edit).content.decode()
    response = alice_client.post(edit, {"name": "Warehouse Ten"}, headers={"HX-Request": "true"})
    assert OFFER not in response.content.decode()


def test_a_new_scene_redraws_the_outline_offering_its_dangers(alice_client, adventure):
    leg = adventure.legs.get()
    response = alice_client.post(
        f"/adventures/{adventure.pk}/legs/{leg.pk}/scenes/new/",
        {"beat": "Brawl on the quay"},
        headers={"HX-Request": "true"},
    )
    scene = Scene.objects.get(beat="Brawl on the quay")
    content = response.content.decode()
    assert content.count(OFFER) == 1
    assert f'id="add-scene-danger-{scene.pk}" class="next-step"' in content


def test_the_outline_counts_a_legs_dangers(alice_client, adventure):
    leg = adventure.legs.get()
    dangers = sum(p.dangers.count() for p in [*leg.key_locations.all(), *leg.scenes.all()])
    page = alice_client.get(adventure.get_absolute_url()).content.decode()
    assert f" · {dangers} Danger{'' if dangers == 1 else 's'}" in page
    assert "Where the Danger goes in" in page


def test_the_leg_forms_boxes_start_at_three_rows_and_a_recap_keeps_its_own():
    assert {LegForm().fields[name].widget.attrs["rows"] for name in ("clues", "cold_open")} == {3}
    assert RecapForm().fields["body"].widget.attrs["rows"] == 18
