"""A prep item's edit page opened on its own (a new tab, a reload) is a plain form: saving goes
back to the outline at the item saved. Opened in place in the outline, the same form saves
with htmx and the outline is redrawn."""

import pytest

from sessions.models import Handout
from tests.conftest import HTMX
from tests.images import picture, upload

pytestmark = pytest.mark.django_db


def _pages(adventure) -> dict[str, tuple[str, dict, str]]:
    """Each kind of prep item: its edit page, a valid change, and its anchor in the outline."""
    leg = adventure.legs.get()
    location = leg.key_locations.get()
    scene = leg.scenes.get(position=1)
    danger = location.dangers.get()
    base = f"/adventures/{adventure.pk}"
    return {
        "adventure": (f"{base}/edit/", {"title": "The Brass Monsoon"}, "adventure-head"),
        "leg": (f"{base}/legs/{leg.pk}/edit/", {"title": "Rain Ticks On"}, f"leg-{leg.pk}"),
        "scene": (
            f"{base}/legs/{leg.pk}/scenes/{scene.pk}/edit/",
            {"beat": "Grill the harbourmaster", "key_location": location.pk},
            f"scene-{scene.pk}",
        ),
        "location": (
            f"{base}/legs/{leg.pk}/locations/{location.pk}/edit/",
            {"name": "The Tin Office"},
            f"location-{location.pk}",
        ),
        "danger": (
            f"{base}/locations/{location.pk}/dangers/{danger.pk}/edit/",
            {
                "name": "Dockhands with hooks",
                "template": "minion",
                "success_threshold": 1,
                "danger_rating": 1,
            },
            f"danger-{danger.pk}",
        ),
    }


@pytest.mark.parametrize("kind", ["adventure", "leg", "scene", "location", "danger"])
def test_saving_a_full_page_edit_goes_back_to_the_outline_at_the_item(
    alice_client, adventure, kind
):
    url, data, anchor = _pages(adventure)[kind]
    page = alice_client.get(url).content.decode()
    # A plain form: nothing on this page is an outline for htmx to redraw.
    assert 'method="post"' in page
    assert "hx-post" not in page
    assert 'hx-target="#outline"' not in page
    assert "{#" not in page  # no template comment leaks onto the page as text
    response = alice_client.post(url, data)
    assert response.status_code == 302
    # An item inside a Leg comes back with its Leg open (`?open=`), whatever the browser does
    # with a link into a fold.
    inside = anchor.startswith(("scene-", "location-", "danger-"))
    opened = f"?open={anchor}" if inside else ""
    assert response["Location"] == f"{adventure.get_absolute_url()}{opened}#{anchor}"
    outline = alice_client.get(response["Location"]).content.decode()
    assert f'id="{anchor}"' in outline
    assert next(iter(data.values())) in outline.replace("&#x27;", "'")


def test_a_full_page_edit_with_a_mistake_stays_on_its_page_with_the_reason(alice_client, adventure):
    leg = adventure.legs.get()
    url = f"/adventures/{adventure.pk}/legs/{leg.pk}/edit/"
    response = alice_client.post(url, {"title": ""})
    assert response.status_code == 400
    page = response.content.decode()
    assert "<h1>Edit Leg: A Ticking in the Rain</h1>" in page
    assert "Give the Leg a title." in page
    leg.refresh_from_db()
    assert leg.title == "A Ticking in the Rain"


def test_the_in_place_edit_still_redraws_the_outline(alice_client, adventure):
    url, data, _anchor = _pages(adventure)["leg"]
    form = alice_client.get(url, headers=HTMX).content.decode()
    assert f'hx-post="{url}"' in form
    response = alice_client.post(url, data, headers=HTMX)
    assert response.status_code == 200
    assert response["HX-Retarget"] == "#outline"
    assert "Rain Ticks On" in response.content.decode()


def test_saving_a_handout_goes_back_to_the_outline_at_the_handout(alice_client, adventure):
    alice_client.post(
        f"/adventures/{adventure.pk}/handouts/new/",
        {"caption": "A map of the docks", "picture": upload(picture())},
    )
    handout = Handout.objects.get()
    url = f"/adventures/{adventure.pk}/handouts/{handout.pk}/edit/"
    assert "hx-post" not in alice_client.get(url).content.decode()
    response = alice_client.post(url, {"caption": "The docks, marked", "attach": ""})
    assert response["Location"] == f"{adventure.get_absolute_url()}#handout-{handout.pk}"
    outline = alice_client.get(response["Location"]).content.decode()
    assert f'id="handout-{handout.pk}"' in outline
    assert "The docks, marked" in outline
