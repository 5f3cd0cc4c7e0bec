"""A hero's pronouns, chosen on the creation page or the hero's edit page, are how the TV, the
log and the recap retell the player's own words: "Flash my police badge … letting me by" reads
"Ada tries to flash her police badge … letting her by" (a fresh-eyes review: "their … them"
read as Sergeant Pell's crowd)."""

import html
import re

import pytest
from django.test import Client
from django.urls import reverse

from characters.models import Character
from sessions.models import Gamble, Recap, TableEvent
from sessions.rules import LoadedDice, use_dice
from tests.conftest import HTMX, player_client
from tests.gambles import gamble_form
from tests.recaps import TRIED

pytestmark = pytest.mark.django_db

URL = "/characters/new/"
BADGE = "Flash my police badge and bluff Sergeant Pell into letting me by"


def _hero(**overrides) -> dict:
    data = {"action": "save", "name": "Nancy Drew", "archetype": "investigator"}
    return data | overrides


def test_a_new_hero_is_told_as_they_unless_the_player_chooses(alice_client, alice):
    page = alice_client.get(URL).content.decode()
    assert '<option value="they" selected>they/them</option>' in page
    assert alice_client.post(URL, _hero()).status_code == 302
    assert alice_client.post(URL, _hero(name="Ada", pronouns="she")).status_code == 302
    told = dict(Character.objects.filter(owner=alice).values_list("name", "pronouns"))
    assert told == {"Nancy Drew": "they", "Ada": "she"}


def test_pronouns_are_checked_on_the_server(alice_client, alice):
    response = alice_client.post(URL, _hero(pronouns="xe"))
    assert response.status_code == 400
    assert "Choose she/her, he/him or they/them." in html.unescape(response.content.decode())
    assert not Character.objects.filter(owner=alice).exists()


def test_the_edit_page_changes_them_and_keeps_them_when_left_out(alice_client, alice):
    hero = Character.objects.create(owner=alice, name="Nancy Drew", archetype="investigator")
    url = reverse("character_edit", args=[hero.pk])
    assert alice_client.post(url, _hero(pronouns="he")).status_code == 302
    hero.refresh_from_db()
    assert hero.pronouns == "he"
    assert 'value="he" selected' in alice_client.get(url).content.decode()
    assert alice_client.post(url, _hero()).status_code == 302  # an older page, no pronouns
    hero.refresh_from_db()
    assert hero.pronouns == "he"


def _text(response) -> str:
    return html.unescape(response.content.decode())


def test_a_roll_is_told_by_the_heroes_pronouns_on_the_tv_the_log_and_the_recap(director, playing):
    from sessions.actions import legs

    adventure, ada = playing["adventure"], playing["ada"]
    Character.objects.filter(pk=ada.pk).update(pronouns="she")
    place = adventure.playing_scene().key_location
    place.npcs = [{"name": "Sergeant Pell", "notes": ""}]
    place.save(update_fields=["npcs"])
    adventure.screen_token = "tv-token"
    adventure.save(update_fields=["screen_token"])
    player = player_client(ada)

    with use_dice(LoadedDice([5])):
        url = playing["url"] + f"roll/{ada.pk}/"
        assert player.post(url, gamble_form("request-0001", BADGE), headers=HTMX).status_code == 200
    told = "flash her police badge and bluff Sergeant Pell into letting her by"
    summary = TableEvent.objects.get(kind="gamble_rolled").summary
    assert summary.startswith(f"Ada gambles to {told}")
    tv = _text(Client().get(reverse("screen", args=["tv-token"])))
    assert f"<strong>Ada</strong> tries to {told}" in tv

    gamble = Gamble.objects.get(character=ada, locked=False)
    lock = playing["url"] + f"gambles/{gamble.pk}/lock/"
    assert player.post(lock, {"step": gamble.step}, headers=HTMX).status_code < 400
    log = _text(player.get(f"/adventures/{adventure.pk}/log/markdown/"))
    assert f"Ada gambles to {told}" in log
    legs.end_leg(adventure, adventure.director)
    body = Recap.objects.get().body
    assert re.search(TRIED + re.escape(told), body)
    for wrong in ("their police badge", "letting them by"):
        assert wrong not in log + tv + body
