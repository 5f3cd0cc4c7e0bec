"""A Scene's public text (its beat, Where, What, Who) and a handout's caption are read by the
players; a hidden Danger's name in them is said back to the Director, by the field, and
nothing is saved until the Director ticks "Show it anyway". A Danger in sight, or no name at
all, saves at once. Names match whole words, in any case."""

import pytest
from django.urls import reverse

from sessions.models import Danger, Handout, KeyLocation, Scene
from tests.conftest import HTMX, scene_post
from tests.images import handout, picture, upload

pytestmark = pytest.mark.django_db

WARNING = "“The Baron” is a hidden Danger: players will read this name when the Scene starts."
CAPTION_WARNING = (
    "“The Baron” is a hidden Danger: players will read this name when you reveal the handout."
)


@pytest.fixture
def baron(adventure):
    location = KeyLocation.objects.get(leg__adventure=adventure)
    return Danger.objects.create(
        key_location=location, name="The Baron", template="boss", success_threshold=4,
        danger_rating=3,
    )  # fmt: skip


@pytest.fixture
def scene(adventure):
    return Scene.objects.get(leg__adventure=adventure, position=1)


def _edit(scene) -> str:
    return reverse("scene_edit", args=[scene.leg.adventure_id, scene.leg_id, scene.pk])


def test_a_hidden_dangers_name_in_who_is_warned_of_and_not_saved(alice_client, scene, baron):
    answer = alice_client.post(
        _edit(scene), scene_post(scene, framing_who="Mr Pillai and the baron"), headers=HTMX
    )
    assert answer.status_code == 400
    html = answer.content.decode()
    assert WARNING in html
    assert "Show it anyway" in html
    assert 'name="show_anyway"' in html
    assert 'value="Mr Pillai and the baron"' in html  # what was typed, kept for a second look
    scene.refresh_from_db()
    assert scene.framing_who == ""


def test_ticking_show_it_anyway_saves(alice_client, scene, baron):
    data = scene_post(scene, framing_who="Mr Pillai and the baron", show_anyway="on")
    answer = alice_client.post(_edit(scene), data, headers=HTMX)
    assert answer.status_code == 200
    scene.refresh_from_db()
    assert scene.framing_who == "Mr Pillai and the baron"


def test_any_public_field_of_the_scene_is_checked(alice_client, scene, baron):
    for field in ("beat", "framing_where", "framing_what"):
        data = scene_post(scene, **{field: "Tea with THE BARON"})
        answer = alice_client.post(_edit(scene), data, headers=HTMX)
        assert WARNING in answer.content.decode(), field
    scene.refresh_from_db()
    assert scene.beat == "Questions for the harbourmaster"
    assert scene.framing_what == ""


def test_a_danger_in_sight_saves_at_once(alice_client, scene, baron):
    Danger.objects.filter(pk=baron.pk).update(revealed=True)
    answer = alice_client.post(
        _edit(scene), scene_post(scene, framing_who="The Baron"), headers=HTMX
    )
    assert answer.status_code == 200
    assert "hidden Danger" not in answer.content.decode()
    scene.refresh_from_db()
    assert scene.framing_who == "The Baron"


def test_only_whole_words_match(alice_client, scene, baron):
    data = scene_post(scene, framing_who="The Baroness and a baronet")
    answer = alice_client.post(_edit(scene), data, headers=HTMX)
    assert answer.status_code == 200
    scene.refresh_from_db()
    assert scene.framing_who == "The Baroness and a baronet"


def test_a_new_scene_is_not_added_until_confirmed(alice_client, adventure, baron):
    leg = adventure.legs.get()
    url = reverse("scene_add", args=[adventure.pk, leg.pk])
    data = {"beat": "Night at the docks", "framing_who": "baron"}
    answer = alice_client.post(url, data, headers=HTMX)
    assert WARNING in answer.content.decode()
    assert not leg.scenes.filter(beat="Night at the docks").exists()
    alice_client.post(url, data | {"show_anyway": "on"}, headers=HTMX)
    assert leg.scenes.get(beat="Night at the docks").framing_who == "baron"


def test_a_handout_caption_naming_a_hidden_danger_is_not_added_until_confirmed(
    alice_client, adventure, baron
):
    url = reverse("handout_add", args=[adventure.pk])
    data = {"caption": "A letter from the Baron", "attach": ""}
    answer = alice_client.post(url, data | {"picture": upload(picture())})
    html = answer.content.decode()
    assert CAPTION_WARNING in html
    assert "Show it anyway" in html
    assert not Handout.objects.exists()
    answer = alice_client.post(url, data | {"picture": upload(picture()), "show_anyway": "on"})
    assert answer.status_code == 302
    assert Handout.objects.get().caption == "A letter from the Baron"


def test_a_handout_caption_without_a_hidden_name_is_added_at_once(alice_client, adventure, baron):
    url = reverse("handout_add", args=[adventure.pk])
    data = {"caption": "A letter from the baroness", "attach": "", "picture": upload(picture())}
    assert alice_client.post(url, data).status_code == 302
    assert Handout.objects.get().caption == "A letter from the baroness"


def test_changing_a_handout_caption_is_checked_too(alice_client, adventure, baron):
    letter = handout(adventure, "A letter")
    url = reverse("handout_edit", args=[adventure.pk, letter.pk])
    answer = alice_client.post(url, {"caption": "A letter from the Baron", "attach": ""})
    assert CAPTION_WARNING in answer.content.decode()
    letter.refresh_from_db()
    assert letter.caption == "A letter"
    data = {"caption": "A letter from the Baron", "attach": "", "show_anyway": "on"}
    assert alice_client.post(url, data).status_code == 302
    letter.refresh_from_db()
    assert letter.caption == "A letter from the Baron"
