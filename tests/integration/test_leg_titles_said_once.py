"""A Leg's number is written by the screens ("Leg 2: The Docks"), so a title typed with its own
("Leg 2: The Docks") showed it twice, "Leg 2: Leg 2: The Docks" (a fresh-eyes evening). The Leg
form keeps the Director's own words without the number, refuses a title that is nothing but a
number, and titles already saved are mended by a data migration. Between Scenes the table
names the Leg once, in its heading."""

import re
from importlib import import_module

import pytest
from django.apps import apps

from sessions.models import Leg
from tests.conftest import player_client

pytestmark = pytest.mark.django_db


def _add_leg(client, adventure, title: str):
    return client.post(f"/adventures/{adventure.pk}/legs/new/", {"title": title})


@pytest.mark.parametrize(
    ("typed", "kept"),
    [
        ("Leg 2: The Docks", "The Docks"),
        ("leg 2 - The Docks", "The Docks"),
        ("LEG TWO. The Docks", "The Docks"),
        ("Leg 7: The Docks", "The Docks"),  # whatever its number: the screens number it
        ("The Docks", "The Docks"),
        ("Legwork at the Docks", "Legwork at the Docks"),
        ("Leg one of the trip", "Leg one of the trip"),
    ],
)
def test_a_title_typed_with_its_leg_number_keeps_the_rest(alice_client, adventure, typed, kept):
    response = _add_leg(alice_client, adventure, typed)
    assert response.status_code == 302, response.content.decode()[:500]
    assert adventure.legs.order_by("-position").first().title == kept


@pytest.mark.parametrize("typed", ["Leg 2", "leg 2:", "Leg two"])
def test_a_title_that_is_only_a_number_is_refused_by_its_field(alice_client, adventure, typed):
    before = adventure.legs.count()
    response = _add_leg(alice_client, adventure, typed)
    assert response.status_code == 400
    assert "Give the Leg a name of its own" in response.content.decode()
    assert adventure.legs.count() == before


def test_editing_a_leg_strips_the_number_too(alice_client, adventure):
    leg = adventure.legs.get()
    url = f"/adventures/{adventure.pk}/legs/{leg.pk}/edit/"
    response = alice_client.post(url, {"title": "Leg 1: The Rain"})
    assert response.status_code == 302
    leg.refresh_from_db()
    assert leg.title == "The Rain"


def test_the_migration_mends_titles_already_saved(adventure):
    mend = import_module("sessions.migrations.0023_leg_titles_without_their_number")
    leg = adventure.legs.get()
    Leg.objects.filter(pk=leg.pk).update(title="Leg 1: The Rain")
    second = Leg.objects.create(adventure=adventure, title="Leg 2", position=2)
    third = Leg.objects.create(adventure=adventure, title="Legwork", position=3)
    mend.titles_without_their_number(apps, None)
    assert Leg.objects.get(pk=leg.pk).title == "The Rain"
    assert Leg.objects.get(pk=second.pk).title == "Leg 2"  # nothing else: said once already
    assert Leg.objects.get(pk=third.pk).title == "Legwork"


def test_between_scenes_the_leg_is_named_once(director, playing):
    adventure = playing["adventure"]
    Leg.objects.filter(adventure=adventure).update(title="The Rain")
    director.post(playing["url"] + "scene/end/")
    for client in (player_client(playing["sam"]), director):
        page = client.get(playing["url"] + "part/scene/").content.decode()
        assert "Between Scenes" in page
        assert re.search(r'<h1 id="scene-title">Leg 1: The Rain</h1>', page)
        assert page.count("The Rain") == 1, page


def test_an_import_keeps_a_bare_leg_number_and_strips_the_rest():
    """An export made before keeps importing: "Leg 1" (nothing else) is kept as it was (the
    screens say it once), "Leg 2: The Docks" comes in as "The Docks"."""
    from sessions.forms import LegForm

    bare = LegForm({"title": "Leg 1"}, keep_bare_number=True)
    assert bare.is_valid(), bare.errors
    assert bare.cleaned_data["title"] == "Leg 1"
    named = LegForm({"title": "Leg 2: The Docks"}, keep_bare_number=True)
    assert named.is_valid(), named.errors
    assert named.cleaned_data["title"] == "The Docks"
