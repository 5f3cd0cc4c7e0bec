"""Errors in place: every form sent back with a mistake is drawn again where it stands, the
message by its field. An htmx form gets its own fragment back (status 400, which htmx swaps
into the form); a plain form gets the whole page back, masthead and navigation included —
never a bare fragment, never a blank page, DEBUG on or off."""

import html
import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from characters.models import Character, Relationship
from sessions.models import Adventure, Danger, KeyLocation, Leg, SafetyNote, Scene
from tests.conftest import HTMX, PASSWORD
from tests.integration.test_character_creation import _hero

pytestmark = pytest.mark.django_db

MASTHEAD = '<header class="masthead">'
NAV = '<nav aria-label="Main">'


def assert_message_by_field(content: str, field: str, message: str) -> None:
    """The message sits in the field's own error list, and the field points at that list."""
    error_id = f"id_{field}_error"
    errors = re.search(rf'<ul class="errorlist" id="{error_id}">(.*?)</ul>', content, re.S)
    assert errors, f"no error list by the {field} field"
    assert html.escape(message) in errors[1]
    assert re.search(rf'aria-describedby="[^"]*\b{error_id}\b', content), (
        f"the {field} field does not point at its error"
    )


def assert_fragment(response, starts_with: str) -> str:
    content = response.content.decode()
    assert response.status_code == 400
    assert content.lstrip().startswith(starts_with)
    assert "<html" not in content
    return content


def assert_whole_page(response) -> str:
    content = response.content.decode()
    assert response.status_code == 400
    assert content.startswith("<!doctype html>")
    assert MASTHEAD in content
    assert NAV in content
    assert 'rel="stylesheet"' in content
    return content


def _client_for(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


# --- The Director's prep: every form opens in the outline and answers with its own fragment.

PREP_FORM = '<form class="panel prep-form"'


def _prep_cases(adventure: Adventure):
    leg = adventure.legs.get()
    location = leg.key_locations.get()
    scene = leg.scenes.first()
    danger = location.dangers.get()
    base = f"/adventures/{adventure.pk}"
    custom_danger = {"name": "Clockwork owl", "template": "", "notes": "It watches."}
    return {
        "adventure edit": (
            f"{base}/edit/",
            {"title": ""},
            "title",
            "Every adventure needs a title.",
        ),
        "leg add": (f"{base}/legs/new/", {"title": ""}, "title", "Give the Leg a title."),
        "leg edit": (
            f"{base}/legs/{leg.pk}/edit/",
            {"title": ""},
            "title",
            "Give the Leg a title.",
        ),
        "scene add": (
            f"{base}/legs/{leg.pk}/scenes/new/",
            {"beat": ""},
            "beat",
            "Sum up the Scene's story beat.",
        ),
        "scene edit": (
            f"{base}/legs/{leg.pk}/scenes/{scene.pk}/edit/",
            {"beat": ""},
            "beat",
            "Sum up the Scene's story beat.",
        ),
        "key location add": (
            f"{base}/legs/{leg.pk}/locations/new/",
            {"name": ""},
            "name",
            "Name the Key Location.",
        ),
        "key location edit": (
            f"{base}/legs/{leg.pk}/locations/{location.pk}/edit/",
            {"name": ""},
            "name",
            "Name the Key Location.",
        ),
        "NPC without a name": (
            f"{base}/legs/{leg.pk}/locations/{location.pk}/edit/",
            {"name": "Harbourmaster's Office", "npcs": ": a man with no name"},
            "npcs",
            "Each NPC line starts with a name: “Name: notes”.",
        ),
        "danger add": (
            f"{base}/locations/{location.pk}/dangers/new/",
            custom_danger,
            "success_threshold",
            "A custom Danger needs its own numbers.",
        ),
        "danger edit": (
            f"{base}/locations/{location.pk}/dangers/{danger.pk}/edit/",
            custom_danger,
            "danger_rating",
            "A custom Danger needs its own numbers.",
        ),
    }


PREP_CASES = [
    "adventure edit",
    "leg add",
    "leg edit",
    "scene add",
    "scene edit",
    "key location add",
    "key location edit",
    "NPC without a name",
    "danger add",
    "danger edit",
]


def _prep_snapshot(adventure: Adventure) -> list:
    return [
        list(Adventure.objects.values_list("title", flat=True)),
        list(Leg.objects.values_list("title", flat=True)),
        list(Scene.objects.values_list("beat", flat=True)),
        list(KeyLocation.objects.values_list("name", "npcs")),
        list(Danger.objects.values_list("name", "success_threshold", "danger_rating")),
    ]


@pytest.mark.parametrize("case", PREP_CASES)
def test_a_prep_form_with_a_mistake_comes_back_in_place_for_htmx(alice_client, adventure, case):
    url, data, field, message = _prep_cases(adventure)[case]
    before = _prep_snapshot(adventure)
    response = alice_client.post(url, data, headers=HTMX)
    content = assert_fragment(response, PREP_FORM)
    # Lands where the form is: the form targets itself, and no header sends it elsewhere.
    assert 'hx-target="this" hx-swap="outerHTML"' in content
    assert "HX-Retarget" not in response
    assert_message_by_field(content, field, message)
    assert _prep_snapshot(adventure) == before


@pytest.mark.parametrize("case", PREP_CASES)
def test_a_prep_form_with_a_mistake_comes_back_as_a_whole_page(alice_client, adventure, case):
    url, data, field, message = _prep_cases(adventure)[case]
    before = _prep_snapshot(adventure)
    content = assert_whole_page(alice_client.post(url, data))
    assert_message_by_field(content, field, message)
    assert _prep_snapshot(adventure) == before


def test_a_new_adventure_without_a_title_comes_back_as_a_whole_page(alice_client, alice):
    content = assert_whole_page(alice_client.post("/adventures/new/", {"title": ""}))
    assert_message_by_field(content, "title", "Every adventure needs a title.")
    assert not Adventure.objects.exists()


# --- Lines & Veils: on the Director's outline and on a player's page.


@pytest.mark.parametrize("who", ["director", "player"])
def test_a_line_without_words_comes_back_in_place(adventure, cast_member, who):
    client = _client_for(adventure.director if who == "director" else cast_member.character.owner)
    url = f"/adventures/{adventure.pk}/safety/"
    data = {"kind": "line", "text": ""}
    content = assert_fragment(
        client.post(url, data, headers=HTMX), '<section class="panel" id="safety"'
    )
    assert_message_by_field(content, "text", "Say what the Line or Veil is.")
    content = assert_whole_page(client.post(url, data))
    assert_message_by_field(content, "text", "Say what the Line or Veil is.")
    assert 'id="safety"' in content
    assert not SafetyNote.objects.exists()


# --- Heroes: creation (every step), editing, relationships, import.

CHARACTER_FORM = '<form id="character-form"'


def test_a_hero_without_a_name_comes_back_in_place(alice_client):
    response = alice_client.post("/characters/new/", _hero(name=""), headers=HTMX)
    content = assert_fragment(response, CHARACTER_FORM)
    assert 'hx-target="this" hx-swap="outerHTML"' in content
    assert_message_by_field(content, "name", "Every hero needs a name.")
    content = assert_whole_page(alice_client.post("/characters/new/", _hero(name="")))
    assert_message_by_field(content, "name", "Every hero needs a name.")
    assert not Character.objects.exists()


@pytest.mark.parametrize("action", ["roll_drive", "roll_equipment", "pick_drive:1"])
def test_creation_steps_never_answer_with_an_error(alice_client, action):
    """A roll or a pick on the way is not a submission: the form comes back as it is."""
    data = _hero(name="", action=action)
    response = alice_client.post("/characters/new/", data, headers=HTMX)
    assert response.status_code == 200
    assert response.content.decode().lstrip().startswith(CHARACTER_FORM)
    assert "errorlist" not in response.content.decode()


def test_a_hero_without_an_archetype_comes_back_with_the_message_by_the_picker(alice_client):
    response = alice_client.post("/characters/new/", _hero(archetype=""), headers=HTMX)
    content = assert_fragment(response, CHARACTER_FORM)
    assert_message_by_field(content, "archetype", "Choose one of the six archetypes.")


def test_editing_a_hero_to_no_name_comes_back_in_place(bob, bobs_hero):
    client = _client_for(bob)
    url = f"/characters/{bobs_hero.pk}/edit/"
    data = _hero(name="", archetype="brawler", drive="")
    content = assert_fragment(client.post(url, data, headers=HTMX), CHARACTER_FORM)
    assert_message_by_field(content, "name", "Every hero needs a name.")
    content = assert_whole_page(client.post(url, data))
    assert_message_by_field(content, "name", "Every hero needs a name.")
    bobs_hero.refresh_from_db()
    assert bobs_hero.name == "Sam Okafor"


def test_a_relationship_without_words_comes_back_in_place(playing):
    sam, ada = playing["sam"], playing["ada"]
    client = _client_for(sam.owner)
    url = f"/characters/{sam.pk}/relationships/"
    data = {"other": ada.pk, "description": ""}
    response = client.post(url, data, headers=HTMX)
    content = assert_fragment(response, '<section class="panel" id="relationships"')
    assert_message_by_field(content, "description", "This field is required.")
    content = assert_whole_page(client.post(url, data))
    assert_message_by_field(content, "description", "This field is required.")
    assert not Relationship.objects.exists()


@pytest.mark.parametrize("url", ["/characters/import/", "/adventures/import/"])
def test_an_import_of_a_broken_file_comes_back_as_a_whole_page(alice_client, url):
    broken = SimpleUploadedFile("hero.json", b"{not json", content_type="application/json")
    content = assert_whole_page(alice_client.post(url, {"file": broken}))
    assert re.search(r'<ul class="errorlist" id="id_file_error">\s*<li>', content)
    assert_message_by_field(
        assert_whole_page(alice_client.post(url, {})), "file", "This field is required."
    )
    assert not Character.objects.exists()
    assert not Adventure.objects.exists()


def test_a_join_without_a_hero_chosen_comes_back_as_a_whole_page(adventure, carol):
    Character.objects.create(owner=carol, name="Ada", archetype="investigator")
    client = _client_for(carol)
    content = assert_whole_page(client.post(f"/join/{adventure.invite_code}/", {"character": ""}))
    assert_message_by_field(content, "character", "This field is required.")
    assert not adventure.cast.filter(character__owner=carol).exists()


# --- Accounts.


def test_a_sign_up_with_mismatched_passwords_comes_back_as_a_whole_page(client):
    data = {"username": "dana", "password1": PASSWORD, "password2": PASSWORD + "x"}
    content = assert_whole_page(client.post("/accounts/signup/", data))
    assert_message_by_field(content, "password2", "The two password fields didn’t match.")
    assert 'value="dana"' in content


def test_a_log_in_without_a_username_comes_back_as_a_whole_page(client, alice):
    data = {"username": "", "password": PASSWORD}
    content = assert_whole_page(client.post("/accounts/login/", data))
    assert_message_by_field(content, "username", "This field is required.")


def test_a_password_change_with_the_wrong_old_one_comes_back_as_a_whole_page(alice_client):
    data = {"old_password": "not-it", "new_password1": "x", "new_password2": "x"}
    content = assert_whole_page(alice_client.post("/accounts/password/", data))
    assert_message_by_field(
        content,
        "old_password",
        "Your old password was entered incorrectly. Please enter it again.",
    )


# --- DEBUG on: nothing on the page may swap it wholesale for a 400.


@pytest.mark.parametrize("debug", [True, False])
def test_pages_load_htmx_without_the_debug_page_swapper(alice_client, settings, debug):
    """django-htmx's DEBUG helper puts any 400 answer in place of the whole page, which is how
    a bad Leg left a bare form behind on a development site. Form pages load htmx alone."""
    settings.DEBUG = debug
    for url in ["/characters/new/", "/adventures/new/", "/home/"]:
        content = alice_client.get(url).content.decode()
        assert "django_htmx/htmx-2.min.js" in content
        assert "django-htmx.js" not in content
