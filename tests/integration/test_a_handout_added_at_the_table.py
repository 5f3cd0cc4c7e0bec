"""A handout the Director makes during play (a sketch of the room the Cast just broke into):
added from the table's tools, checked as prep's form checks it, for the Scene in play, and
listed there secret, with its Reveal button."""

import html

import pytest

from sessions.models import Handout, Scene
from tests.conftest import HTMX, player_client
from tests.images import picture, upload

pytestmark = pytest.mark.django_db

SKETCH = "Pillai's sketch of the vault"


def _add(client, playing, htmx=True, **fields):
    data = {"caption": SKETCH, "picture": upload(picture()), "tool": "handout-add"} | fields
    headers = HTMX if htmx else {}
    return client.post(playing["url"] + "handouts/new/", data, headers=headers)


def test_the_directors_tools_offer_to_add_a_handout(director, playing):
    page = director.get(playing["url"]).content.decode()
    assert 'action="/adventures/{}/table/handouts/new/"'.format(playing["adventure"].pk) in page
    assert "Add a handout" in page
    assert 'enctype="multipart/form-data"' in page


def test_a_handout_added_at_the_table_belongs_to_the_scene_ready_to_reveal(director, playing):
    response = _add(director, playing)
    assert response.status_code == 200
    handout = Handout.objects.get()
    scene = Scene.objects.get(status=Scene.Status.PLAYING)
    assert (handout.caption, handout.scene, handout.is_revealed) == (SKETCH, scene, False)
    drawn = html.unescape(response.content.decode())
    assert f"Handout “{SKETCH}” added" in drawn
    # Listed in the same fragment, for this Scene, with its Reveal button.
    assert "for this Scene" in drawn
    assert f'name="handout" value="{handout.pk}"' in drawn
    assert f'Reveal <span class="visually-hidden">{SKETCH}</span>' in drawn


@pytest.mark.parametrize(
    ("fields", "said", "field"),
    [
        ({"caption": "  "}, "Give the handout a caption.", "caption"),
        ({"picture": ""}, "Choose a picture to upload.", "picture"),
        ({"picture": upload(b"not a picture", "notes.jpg")}, "picture", "picture"),
    ],
)
def test_a_bad_handout_is_refused_by_its_field_in_the_tools(director, playing, fields, said, field):
    response = _add(director, playing, **fields)
    assert response.status_code == 400
    drawn = response.content.decode()
    assert "The handout wasn't added: see below." in drawn
    assert said in drawn
    assert f'id="table-handout-{field}_error"' in drawn
    assert 'id="director-handout-add" open' in drawn
    assert not Handout.objects.exists()


def test_a_caption_naming_a_hidden_danger_is_warned_as_in_prep(director, playing):
    from sessions.actions import dangers
    from sessions.rules import DangerTemplate

    adventure = playing["adventure"]
    dangers.add_danger(adventure, "Brass Jack", DangerTemplate.VILLAIN, adventure.director)
    response = _add(director, playing, caption="Brass Jack's lair")
    assert response.status_code == 400
    assert "is a hidden Danger" in response.content.decode()
    assert not Handout.objects.exists()
    confirmed = _add(director, playing, caption="Brass Jack's lair", show_anyway="on")
    assert confirmed.status_code == 200
    assert Handout.objects.get().caption == "Brass Jack's lair"


def test_without_javascript_back_to_the_table(director, playing):
    response = _add(director, playing, htmx=False)
    assert response.status_code == 302
    assert response["Location"] == playing["url"]
    assert Handout.objects.exists()
    refused = _add(director, playing, htmx=False, caption="")
    assert refused.status_code == 302
    assert Handout.objects.count() == 1


def test_a_player_cannot_add_a_handout(playing):
    response = _add(player_client(playing["sam"]), playing)
    assert response.status_code == 404
    assert not Handout.objects.exists()
