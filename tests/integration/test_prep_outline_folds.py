"""Which Legs the Director's outline shows open (issue 35, item 6): the one in play, the only
one, the one just saved; the others folded. Worked out from the prefetched tree, so the page
keeps its fixed handful of queries however many Legs it folds."""

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from sessions.models import Adventure, CastMember, Danger, KeyLocation, Leg, Scene
from tests.conftest import HTMX

pytestmark = pytest.mark.django_db


@pytest.fixture
def two_legs(alice):
    adventure = Adventure.objects.create(director=alice, title="The Clockwork Monsoon")
    for position in (1, 2):
        leg = Leg.objects.create(adventure=adventure, title=f"Leg {position}", position=position)
        place = KeyLocation.objects.create(leg=leg, name=f"Place {position}")
        Danger.objects.create(key_location=place, name=f"Goon {position}")
        for beat in range(3):
            Scene.objects.create(leg=leg, beat=f"Beat {position}.{beat}", position=beat)
    return adventure


def _open_legs(page: str) -> list[int]:
    """The pks of the Legs the page shows open."""
    return [
        int(pk)
        for pk, attributes in re.findall(
            r'<details class="leg-fold" id="leg-fold-(\d+)"([^>]*)>', page
        )
        if "open" in attributes
    ]


def _get(client, adventure, query="") -> str:
    response = client.get(adventure.get_absolute_url() + query)
    assert response.status_code == 200
    return response.content.decode()


def test_legs_come_folded_with_a_jump_list_to_every_scene(alice_client, two_legs):
    page = _get(alice_client, two_legs)
    assert _open_legs(page) == []
    jump = page[page.index('aria-labelledby="jump-title"') :]
    jump = jump[: jump.index("</nav>")]
    for scene in Scene.objects.all():
        assert f'<a href="#scene-{scene.pk}">{scene.beat}</a>' in jump
    for leg in two_legs.legs.all():
        assert f'href="#leg-{leg.pk}"' in jump


def test_the_leg_last_added_to_comes_open_on_a_later_visit(alice_client, two_legs):
    # A fresh-eyes defect: preparing Leg 2, its forms were folded away on the next visit.
    second = two_legs.legs.get(position=2)
    response = alice_client.post(
        f"/adventures/{two_legs.pk}/legs/{second.pk}/scenes/new/",
        {"beat": "The bridge is out"},
        follow=True,
    )
    assert response.status_code == 200
    assert _open_legs(_get(alice_client, two_legs)) == [second.pk]
    assert f'id="add-scene-{second.pk}"' in _get(alice_client, two_legs)
    # Another Director's session knows nothing of it.
    from django.test import Client

    other = Client()
    other.force_login(two_legs.director)
    assert _open_legs(_get(other, two_legs)) == []


def test_the_leg_in_play_comes_open(alice_client, two_legs):
    second = two_legs.legs.get(position=2)
    Leg.objects.filter(pk=second.pk).update(status=Leg.Status.PLAYING)
    page = _get(alice_client, two_legs)
    assert _open_legs(page) == [second.pk]
    assert "in play" in page


def test_a_lone_leg_comes_open(alice_client, two_legs):
    two_legs.legs.get(position=2).delete()
    assert _open_legs(_get(alice_client, two_legs)) == [two_legs.legs.get().pk]


@pytest.mark.parametrize("kind", ["scene", "location", "danger", "leg"])
def test_back_at_an_item_its_leg_comes_open(alice_client, two_legs, kind):
    second = two_legs.legs.get(position=2)
    item = {
        "scene": second.scenes.first(),
        "location": second.key_locations.get(),
        "danger": Danger.objects.get(key_location__leg=second),
        "leg": second,
    }[kind]
    assert _open_legs(_get(alice_client, two_legs, f"?open={kind}-{item.pk}")) == [second.pk]


def test_an_item_of_no_leg_opens_nothing(alice_client, two_legs):
    assert _open_legs(_get(alice_client, two_legs, "?open=scene-99999")) == []


@pytest.mark.parametrize("hostile", ["<script>", "leg-", "scene-1x", "x" * 5000])
def test_a_bad_open_opens_nothing(alice_client, two_legs, hostile):
    page = _get(alice_client, two_legs, f"?open={hostile}")
    assert _open_legs(page) == []
    assert "data-anchor" not in page  # nothing of it is written back into the page


def test_saving_a_scene_in_place_redraws_its_leg_open(alice_client, two_legs):
    second = two_legs.legs.get(position=2)
    scene = second.scenes.first()
    response = alice_client.post(
        f"/adventures/{two_legs.pk}/legs/{second.pk}/scenes/{scene.pk}/edit/",
        {"beat": "Chase over the roofs"},
        headers=HTMX,
    )
    page = response.content.decode()
    assert response["HX-Retarget"] == "#outline"
    assert _open_legs(page) == [second.pk]
    assert f'data-anchor="scene-{scene.pk}"' in page


def test_folding_costs_no_query(alice_client, two_legs):
    """However many Legs there are and whichever is asked open: the same queries."""

    def queries(query: str) -> int:
        with CaptureQueriesContext(connection) as captured:
            _get(alice_client, two_legs, query)
        return len(captured)

    scene = Scene.objects.last()
    base = queries("")
    queries(f"?open=scene-{scene.pk}")  # its Leg remembered as the one being prepared, once
    assert queries(f"?open=scene-{scene.pk}") == base
    leg = Leg.objects.create(adventure=two_legs, title="Leg 3", position=3)
    Scene.objects.create(leg=leg, beat="Beat 3.0", position=0)
    assert queries("") == base


def test_the_directors_add_forms_fold_and_open_on_a_mistake(alice_client, two_legs):
    page = _get(alice_client, two_legs)
    assert '<details class="handout-add" id="handout-add">' in page
    assert '<details class="safety-add" id="safety-add">' in page
    refused = alice_client.post(f"/adventures/{two_legs.pk}/handouts/new/", {"caption": ""})
    assert refused.status_code == 400
    assert '<details class="handout-add" id="handout-add" open>' in refused.content.decode()
    refused = alice_client.post(f"/adventures/{two_legs.pk}/safety/", {"kind": "line"})
    assert refused.status_code == 400
    assert '<details class="safety-add" id="safety-add" open>' in refused.content.decode()


def test_a_players_lines_and_veils_form_folds_too(client, two_legs, bobs_hero):
    """A fresh-eyes evening: folded on the prep page, it took room on the Cast's page."""
    CastMember.objects.create(adventure=two_legs, character=bobs_hero)
    client.force_login(bobs_hero.owner)
    page = _get(client, two_legs)
    assert "Add to Lines &amp; Veils" in page
    assert '<details class="safety-add" id="safety-add">' in page
