import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from characters.models import Character, Equipment, Knack

pytestmark = pytest.mark.django_db


@pytest.fixture
def hero(alice):
    character = Character.objects.create(
        owner=alice,
        name="Captain Haddock",
        archetype="brawler",
        profession="Sea captain",
        drive="Defend Your Honor",
        catchphrase="Billions of blistering barnacles!",
        lucky_saves=3,
        peril=2,
        blammo=1,
        knockouts=1,
    )
    Knack.objects.create(character=character, text="Swearing colourfully at sea", position=0)
    Equipment.objects.create(character=character, text="Flask of whiskey", position=0)
    return character


def _urls(character):
    pk = character.pk
    return {
        "sheet": f"/characters/{pk}/",
        "edit": f"/characters/{pk}/edit/",
        "delete": f"/characters/{pk}/delete/",
        "export": f"/characters/{pk}/export/",
    }


def test_the_sheet_shows_every_field_and_the_trackers(alice_client, hero):
    content = alice_client.get(hero.get_absolute_url()).content.decode()
    for text in (
        "Captain Haddock",
        "The Brawler",
        "Sea captain",
        "Defend Your Honor",
        "Billions of blistering barnacles!",
        "Swearing colourfully at sea",
        "Flask of whiskey",
        "2 of 6",
        "1 of 4",
        "Retirement",
    ):
        assert text in content


def test_a_hero_with_no_catchphrase_is_not_told_it_is_ready(alice_client, hero):
    """A fresh-eyes evening: a hero made with no Catchphrase read "Ready: one re-roll this
    Leg" on their sheet; it says there is none yet, and how to have one."""
    assert "Ready: one re-roll this Leg" in alice_client.get(hero.get_absolute_url()).text
    Character.objects.filter(pk=hero.pk).update(catchphrase="")
    content = alice_client.get(hero.get_absolute_url()).text
    assert "Ready: one re-roll this Leg" not in content
    assert "None yet: give your hero a line of their own (Edit)" in content


def test_a_hero_with_no_drive_or_equipment_is_shown_where_to_take_them(alice_client, hero):
    """A fresh-eyes evening: a hero made without a Drive or Equipment read "—" and "None yet."
    on their sheet, with nothing to say where they come from; each says it, with a link to the
    archetype's table on the edit page."""
    edit = _urls(hero)["edit"]
    content = alice_client.get(hero.get_absolute_url()).text
    assert "Roll or pick a Drive" not in content
    assert "from the Equipment table" not in content
    Character.objects.filter(pk=hero.pk).update(drive="")
    hero.equipment.all().delete()
    content = alice_client.get(hero.get_absolute_url()).text
    assert f'<a href="{edit}#drives">Roll or pick a Drive</a>' in content
    link = f'<a href="{edit}#equipment-table">Roll or pick them from the Equipment table</a>'
    assert link in content
    page = alice_client.get(edit).text
    assert 'id="drives"' in page
    assert 'id="equipment-table"' in page


def test_the_sheet_renders_in_ten_queries_or_fewer(
    alice_client, hero, django_assert_max_num_queries
):
    with django_assert_max_num_queries(10):
        assert alice_client.get(hero.get_absolute_url()).status_code == 200


@pytest.mark.parametrize("page", ["sheet", "edit", "delete", "export"])
def test_another_player_gets_404_on_every_character_url(client, bob, hero, page):
    client.force_login(bob)
    assert client.get(_urls(hero)[page]).status_code == 404


@pytest.mark.parametrize("page", ["edit", "delete"])
def test_another_players_posts_get_404_and_change_nothing(client, bob, hero, page):
    client.force_login(bob)
    response = client.post(
        _urls(hero)[page], {"action": "save", "name": "Stolen", "archetype": "brawler"}
    )
    assert response.status_code == 404
    hero.refresh_from_db()
    assert hero.name == "Captain Haddock"


@pytest.mark.parametrize("page", ["sheet", "edit", "delete", "export"])
def test_anonymous_visitors_are_sent_to_log_in(client, hero, page):
    response = client.get(_urls(hero)[page])
    assert response.status_code == 302
    assert response["Location"].startswith("/accounts/login/")


def test_a_forged_id_is_404(alice_client):
    assert alice_client.get("/characters/987654/").status_code == 404


def test_list_shows_only_your_own_characters(client, bob, hero):
    client.force_login(bob)
    assert "Captain Haddock" not in client.get("/characters/").content.decode()


def test_edit_changes_the_story(alice_client, hero):
    response = alice_client.post(
        _urls(hero)["edit"],
        {
            "action": "save",
            "name": "Archibald Haddock",
            "archetype": "brawler",
            "knacks": ["Swearing colourfully at sea", "Steering through storms"],
            "equipment": [],
        },
    )
    assert response.status_code == 302
    hero.refresh_from_db()
    assert hero.name == "Archibald Haddock"
    assert [k.text for k in hero.knacks.all()] == [
        "Swearing colourfully at sea",
        "Steering through storms",
    ]
    assert not hero.equipment.exists()


def test_delete_asks_first_then_deletes(alice_client, hero):
    assert "There is no undo" in alice_client.get(_urls(hero)["delete"]).content.decode()
    assert Character.objects.filter(pk=hero.pk).exists()
    response = alice_client.post(_urls(hero)["delete"])
    assert response["Location"] == "/characters/"
    assert not Character.objects.filter(pk=hero.pk).exists()
    assert not Knack.objects.exists()


def test_a_career_that_ended_is_read_only(alice_client, hero):
    Character.objects.filter(pk=hero.pk).update(knockouts=4, retired=True, career_ended=True)
    response = alice_client.get(_urls(hero)["edit"])
    assert response.status_code == 302
    response = alice_client.post(
        _urls(hero)["edit"], {"action": "save", "name": "X", "archetype": "brawler"}
    )
    hero.refresh_from_db()
    assert hero.name == "Captain Haddock"
    sheet = alice_client.get(hero.get_absolute_url()).content.decode()
    assert "career is over" in sheet
    assert "joins a Cast" not in sheet  # no companions ahead to tie them to


def test_export_downloads_the_character_as_json(alice_client, hero):
    response = alice_client.get(_urls(hero)["export"])
    assert response["Content-Disposition"] == 'attachment; filename="captain-haddock.enigma.json"'
    document = json.loads(response.content)
    assert document["format"] == "enigma-table/character"
    assert document["character"]["name"] == "Captain Haddock"
    assert document["character"]["knacks"] == ["Swearing colourfully at sea"]
    assert document["character"]["trackers"]["peril"] == 2


def _upload(client, content: bytes, name="hero.json"):
    return client.post(
        "/characters/import/", {"file": SimpleUploadedFile(name, content, "application/json")}
    )


def test_import_makes_a_fresh_copy(alice_client, alice, hero):
    exported = alice_client.get(_urls(hero)["export"]).content
    response = _upload(alice_client, exported)
    assert response.status_code == 302
    copy = Character.objects.exclude(pk=hero.pk).get(owner=alice)
    assert copy.name == "Captain Haddock (copy)"  # told apart from the original
    assert [k.text for k in copy.knacks.all()] == ["Swearing colourfully at sea"]
    # A copy never inherits the trackers: they'd be a way round "only play changes them".
    assert (copy.peril, copy.blammo, copy.knockouts) == (0, 0, 0)
    assert copy.lucky_saves in range(1, 7)


def _document(**character):
    base = {"name": "Lara", "archetype": "explorer", "knacks": [], "equipment": []}
    base.update(character)
    return json.dumps(
        {"format": "enigma-table/character", "version": 1, "character": base}
    ).encode()


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"{not json", "isn&#x27;t readable JSON"),
        (b"\xff\xfe\x00", "isn&#x27;t readable JSON"),
        (b"[1, 2, 3]", "isn&#x27;t an Enigma Table character file"),
        (json.dumps({"format": "something-else"}).encode(), "isn&#x27;t an Enigma Table character"),
        (json.dumps({"format": "enigma-table/character", "version": 9}).encode(), "version 9"),
        (json.dumps({"format": "enigma-table/character", "version": 1}).encode(), "no character"),
        (_document(name=["a", "list"]), "should be text"),
        (_document(name=123), "should be text"),
        (_document(knacks="Whip cracking"), "should be a list of texts"),
        (_document(knacks=[1, 2]), "should be a list of texts"),
        (_document(knacks=["a b", "c d", "e f", "g h"]), "Up to three Knacks"),
        (_document(archetype="necromancer"), "six archetypes"),
        (_document(name=""), "Every hero needs a name"),
        (b"[" * 100_000, "too big"),
        (b'{"x": ' + b"[" * 5000 + b"]" * 5000 + b"}", "isn&#x27;t an Enigma Table character"),
    ],
)
def test_a_bad_import_is_refused_with_a_clear_message_and_creates_nothing(
    alice_client, content, message
):
    response = _upload(alice_client, content)
    assert response.status_code == 400
    assert message in response.content.decode()
    assert not Character.objects.exists()


def test_import_without_a_file_is_refused(alice_client):
    response = alice_client.post("/characters/import/", {})
    assert response.status_code == 400
    assert not Character.objects.exists()


def test_relationships_wait_for_a_cast(alice_client, hero):
    content = alice_client.get(hero.get_absolute_url()).content.decode()
    assert "joins a Cast" in content


def test_a_relationship_cannot_point_outside_the_cast(alice_client, hero, bob):
    stranger = Character.objects.create(owner=bob, name="Rastapopoulos", archetype="operator")
    response = alice_client.post(
        f"/characters/{hero.pk}/relationships/", {"other": stranger.pk, "description": "Nemesis"}
    )
    assert response.status_code == 400
    assert not hero.relationships.exists()


def test_every_character_post_needs_a_csrf_token(alice, password, hero):
    strict = Client(enforce_csrf_checks=True)
    strict.force_login(alice)
    assert strict.post(_urls(hero)["delete"]).status_code == 403
    assert Character.objects.filter(pk=hero.pk).exists()
