""" "Save and add another …" in prep, for each kind added one after another: in place, the
outline comes back with the item saved and the same "Add …" set to open a fresh form at once;
as a page of its own, the empty page again with a word of what was saved; an edit, or a form
with something to fix, never moves on."""

import pytest

from sessions.models import Danger, KeyLocation, Leg, Scene

pytestmark = pytest.mark.django_db

HTMX = {"HX-Request": "true"}


def _adds(adventure) -> dict[str, tuple[str, dict, str]]:
    """Each kind's add address, what a new one posts, and the "Add …" its next form opens in."""
    leg = adventure.legs.get()
    location = leg.key_locations.first()
    scene = Scene.objects.create(leg=leg, position=9, beat="Gears from the sky")
    base = f"/adventures/{adventure.pk}"
    return {
        "Leg": (f"{base}/legs/new/", {"title": "The Train North"}, "#add-leg"),
        "Scene": (
            f"{base}/legs/{leg.pk}/scenes/new/",
            {"beat": "A murder at dinner"},
            f"#add-scene-{leg.pk}",
        ),
        "Key Location": (
            f"{base}/legs/{leg.pk}/locations/new/",
            {"name": "The Dining Car"},
            f"#add-location-{leg.pk}",
        ),
        "Danger": (
            f"{base}/locations/{location.pk}/dangers/new/",
            {"name": "Dock rats", "template": "minion"},
            f"#add-danger-{location.pk}",
        ),
        "Scene's Danger": (
            f"{base}/scenes/{scene.pk}/dangers/new/",
            {"name": "An ambush", "template": "minion"},
            f"#add-scene-danger-{scene.pk}",
        ),
    }


def _opening_at_once(html: str) -> list[str]:
    """The hx-target of every "Add …" that opens its form as the outline loads."""
    found = []
    for tag in html.split("<a ")[1:]:
        tag = tag.split(">", 1)[0]
        if "data-another" in tag:
            found.append(tag.split('hx-target="', 1)[1].split('"', 1)[0])
    return found


KINDS = ["Leg", "Scene", "Key Location", "Danger", "Scene's Danger"]


@pytest.mark.parametrize("kind", KINDS)
def test_in_place_the_outline_opens_a_fresh_form_in_the_same_slot(alice_client, adventure, kind):
    url, data, slot = _adds(adventure)[kind]
    form = alice_client.get(url, headers=HTMX).content.decode()
    label = kind.split("'s ")[-1]
    assert f'name="then" value="another">Save and add another {label}<' in form
    response = alice_client.post(url, {**data, "then": "another"}, headers=HTMX)
    assert response.status_code == 200
    assert response["HX-Retarget"] == "#outline"
    assert _opening_at_once(response.content.decode()) == [slot]


@pytest.mark.parametrize("kind", KINDS)
def test_plain_save_opens_nothing(alice_client, adventure, kind):
    url, data, _slot = _adds(adventure)[kind]
    response = alice_client.post(url, data, headers=HTMX)
    assert response.status_code == 200
    assert _opening_at_once(response.content.decode()) == []


@pytest.mark.parametrize("kind", KINDS)
def test_a_page_of_its_own_comes_back_empty_saying_what_was_saved(alice_client, adventure, kind):
    url, data, _slot = _adds(adventure)[kind]
    response = alice_client.post(url, {**data, "then": "another"}, follow=True)
    assert response.redirect_chain == [(url, 302)]
    page = response.content.decode()
    name = next(iter(data.values()))
    assert f"“{name}” is saved. Here&#x27;s a fresh form for the next" in page
    assert f'value="{name}"' not in page  # empty: nothing of the last one kept
    form = page.split('<form class="panel prep-form"', 1)[1].split("</form>", 1)[0]
    fields = [
        tag.split(">", 1)[0] for tag in form.split("<input")[1:] if 'type="hidden"' not in tag
    ]
    assert "autofocus" in fields[0]  # its first field, ready to type


@pytest.mark.parametrize("kind", KINDS)
def test_something_to_fix_stays_in_the_same_form_with_its_second_button(
    alice_client, adventure, kind
):
    url, _data, _slot = _adds(adventure)[kind]
    counts = (
        Leg.objects.count(),
        Scene.objects.count(),
        KeyLocation.objects.count(),
        Danger.objects.count(),
    )
    response = alice_client.post(url, {"then": "another"}, headers=HTMX)
    assert response.status_code == 400
    page = response.content.decode()
    assert "Some of this needs fixing" in page
    assert "Save and add another" in page
    assert "HX-Retarget" not in response
    assert counts == (
        Leg.objects.count(),
        Scene.objects.count(),
        KeyLocation.objects.count(),
        Danger.objects.count(),
    )


def test_an_edit_saved_with_then_another_goes_back_to_the_outline(alice_client, adventure):
    leg = adventure.legs.get()
    url = f"/adventures/{adventure.pk}/legs/{leg.pk}/edit/"
    assert "Save and add another" not in alice_client.get(url, headers=HTMX).content.decode()
    response = alice_client.post(url, {"title": "Rain again", "then": "another"}, headers=HTMX)
    assert _opening_at_once(response.content.decode()) == []
    response = alice_client.post(url, {"title": "Rain at last", "then": "another"})
    assert response["Location"].startswith(adventure.get_absolute_url())
