"""Phone first (issue 13, item 4), the server's side: the invite sends a player to make a hero
and creation sends them back (never to another site), every archetype says what it is before
it is chosen, the d66 table stays open after a pick, and sign-up says what a password needs."""

import pytest
from django.urls import reverse

from characters.archetypes import ARCHETYPES
from characters.models import Character
from enigma_site.accounts import password_rules
from tests.conftest import HTMX

pytestmark = pytest.mark.django_db

CREATE = "/characters/new/"


def _hero(**fields) -> dict:
    return {
        "action": "save",
        "name": "Nellie Bly",
        "archetype": "investigator",
        "catchphrase": "Stop the presses!",
        **fields,
    }


def test_the_invite_offers_a_new_hero_that_comes_back_to_it(client, adventure, bob, bobs_hero):
    invite = f"/join/{adventure.invite_code}/"
    client.force_login(bob)
    content = client.get(invite).content.decode()
    create_url = f"{CREATE}?next=%2Fjoin%2F{adventure.invite_code}%2F"
    assert f'href="{create_url}"' in content
    assert f'href="{reverse("home")}"' in content

    form = client.get(create_url).content.decode()
    assert f'<input type="hidden" name="next" value="{invite}">' in form
    assert f'href="{invite}">Back to the invite</a>' in form

    response = client.post(CREATE, _hero(next=invite))
    assert response.status_code == 302
    assert response["Location"] == invite
    hero = Character.objects.get(name="Nellie Bly")
    assert hero.owner == bob
    # Back at the invite, the new hero is one of those who can join.
    assert "Nellie Bly" in client.get(invite).content.decode()


def test_an_htmx_save_goes_back_to_the_invite_too(client, adventure, bob):
    invite = f"/join/{adventure.invite_code}/"
    client.force_login(bob)
    response = client.post(CREATE, _hero(next=invite), headers=HTMX)
    assert response["HX-Redirect"] == invite


def test_a_roll_on_the_way_keeps_the_invite_to_go_back_to(client, adventure, bob):
    invite = f"/join/{adventure.invite_code}/"
    client.force_login(bob)
    response = client.post(
        CREATE, {"action": "archetype", "archetype": "brawler", "next": invite}, headers=HTMX
    )
    assert f'<input type="hidden" name="next" value="{invite}">' in response.content.decode()


@pytest.mark.parametrize(
    "next_url",
    ["https://evil.example/join/x/", "//evil.example/", "javascript:alert(1)", "http:///evil"],
)
def test_creation_never_sends_a_player_to_another_site(client, bob, next_url):
    client.force_login(bob)
    form = client.get(CREATE, {"next": next_url}).content.decode()
    assert 'name="next"' not in form
    assert "evil" not in form
    response = client.post(CREATE, _hero(next=next_url))
    hero = Character.objects.get(name="Nellie Bly")
    assert response["Location"] == hero.get_absolute_url()


def test_editing_a_hero_ignores_next(client, bob, bobs_hero):
    client.force_login(bob)
    url = reverse("character_edit", args=[bobs_hero.pk])
    response = client.post(url, _hero(name="Sam", archetype=bobs_hero.archetype, next="/home/"))
    assert response["Location"] == bobs_hero.get_absolute_url()


def test_every_archetype_says_what_it_is_before_it_is_chosen(alice_client):
    content = alice_client.get(CREATE).content.decode()
    for archetype in ARCHETYPES.values():
        summary_id = f"archetype-summary-{archetype.key}"
        assert f'aria-describedby="{summary_id}"' in content
        assert f'id="{summary_id}">{archetype.summary}</span>'.replace("'", "&#x27;") in content


def test_the_d66_table_stays_open_after_a_pick(alice_client):
    picked = alice_client.post(
        CREATE,
        {"action": "pick_equipment:1-2", "archetype": "investigator", "equipment": [""]},
        headers=HTMX,
    ).content.decode()
    assert '<details class="equipment-table" id="equipment-table" open>' in picked
    assert ARCHETYPES["investigator"].equipment_for(1, 2) in picked
    # Choosing an archetype alone leaves the table folded, out of the way.
    chosen = alice_client.post(
        CREATE, {"action": "archetype", "archetype": "investigator"}, headers=HTMX
    ).content.decode()
    assert '<details class="equipment-table" id="equipment-table">' in chosen


def test_sign_up_says_what_a_password_needs_before_the_first_try(client):
    content = client.get(reverse("signup")).content.decode()
    assert "Your password needs at least 8 characters" in content
    assert "can’t be too close to your username" in content
    assert "all numbers" in content
    assert "<ul><li>Your password can" not in content  # Django's list is replaced, not added to


def test_the_password_words_follow_the_settings(settings):
    settings.AUTH_PASSWORD_VALIDATORS = [
        {
            "NAME": "django.contrib.auth.password_validation.MinimumLengthValidator",
            "OPTIONS": {"min_length": 12},
        }
    ]
    assert password_rules().startswith("Your password needs at least 12 characters.")
    assert "username" not in password_rules()
