"""A stranger joins in one scan (issue 34 item 7), the server's side: the join address with no
account offers Sign up; a player with no hero free lands on "Make a hero for <Adventure>", and
saving the hero seats them in the Cast and takes them to the table, by the invite's rules."""

import pytest
from django.core.cache import cache

from characters.models import Character
from sessions.models import Adventure, CastMember, TableEvent
from tests.conftest import HTMX

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _no_guesses_counted():
    cache.clear()
    yield
    cache.clear()


def _hero(**fields) -> dict:
    return {
        "action": "save",
        "name": "Nell Brightwater",
        "archetype": "investigator",
        "catchphrase": "Hold fast!",
        **fields,
    }


def _hero_page(adventure) -> str:
    return f"/join/{adventure.join_code}/hero/"


def test_no_account_goes_to_sign_up_with_log_in_a_tap_away(client, adventure):
    response = client.get(f"/join/{adventure.join_code}/")
    assert response.status_code == 302
    assert response["Location"].startswith("/accounts/signup/?next=")
    page = client.get(response["Location"]).content.decode()
    assert "Sign up</button>" in page
    assert 'href="/accounts/login/?next=' in page  # Log in, one tap away


def test_the_new_hero_takes_a_seat_as_it_is_saved(client, adventure, make_user):
    dot = make_user("dot")
    client.force_login(dot)
    page = client.get(_hero_page(adventure)).content.decode()
    assert f"Make a hero for “{adventure.title}”" in page
    assert f'action="{_hero_page(adventure)}"' in page
    assert 'name="next"' not in page  # the seat is taken here, not by a trip back
    response = client.post(_hero_page(adventure), _hero())
    assert response.status_code == 302
    assert response["Location"] == f"/adventures/{adventure.pk}/table/"
    hero = Character.objects.get(name="Nell Brightwater")
    assert hero.owner == dot
    assert CastMember.objects.filter(adventure=adventure, character=hero).exists()
    assert TableEvent.objects.filter(
        adventure=adventure, summary__contains="Nell Brightwater joins"
    )
    table = client.get(response["Location"]).content.decode()
    assert "Nell Brightwater joins the Cast of" in table


def test_an_htmx_save_goes_to_the_table_too(client, adventure, make_user):
    client.force_login(make_user("dot"))
    # A roll on the way posts back to the same page, keeping its heading and address.
    rolled = client.post(
        _hero_page(adventure), {"action": "roll_drive", "archetype": "brawler"}, headers=HTMX
    )
    assert f'hx-post="{_hero_page(adventure)}"' in rolled.content.decode()
    response = client.post(_hero_page(adventure), _hero(), headers=HTMX)
    assert response["HX-Redirect"] == f"/adventures/{adventure.pk}/table/"
    assert CastMember.objects.filter(adventure=adventure, character__name="Nell Brightwater")


def test_a_player_with_a_free_hero_picks_them_at_the_invite(client, adventure, bob, bobs_hero):
    client.force_login(bob)
    response = client.get(_hero_page(adventure))
    assert response["Location"] == f"/join/{adventure.join_code}/"


def test_a_full_table_sends_the_hero_page_back_to_the_invite_that_says_so(
    client, adventure, make_user, cast_member
):
    Adventure.objects.filter(pk=adventure.pk).update(seats=1)
    client.force_login(make_user("dot"))
    response = client.get(_hero_page(adventure))
    assert response["Location"] == f"/join/{adventure.join_code}/"
    assert "The table is full" in client.get(response["Location"]).content.decode()


def test_the_last_seat_taken_while_the_hero_was_made(client, adventure, make_user, cast_member):
    Adventure.objects.filter(pk=adventure.pk).update(seats=2)
    client.force_login(make_user("dot"))
    assert client.get(_hero_page(adventure)).status_code == 200
    rival = Character.objects.create(owner=make_user("eve"), name="Eve", archetype="explorer")
    CastMember.objects.create(adventure=adventure, character=rival)  # the last seat goes
    response = client.post(_hero_page(adventure), _hero())
    assert response["Location"] == f"/join/{adventure.join_code}/"
    hero = Character.objects.get(name="Nell Brightwater")  # kept, free for another table
    assert not CastMember.objects.filter(character=hero).exists()
    page = client.get(response["Location"]).content.decode()
    assert "Nell Brightwater couldn&#x27;t join: The table is full" in page


def test_a_wrong_or_switched_off_code_finds_nothing(client, adventure, make_user):
    client.force_login(make_user("dot"))
    assert client.get("/join/ZZZZZ9/hero/").status_code == 404 or adventure.join_code == "ZZZZZ9"
    Adventure.objects.filter(pk=adventure.pk).update(join_code=None)
    assert client.post(f"/join/{adventure.join_code}/hero/", _hero()).status_code == 404
    assert not Character.objects.filter(name="Nell Brightwater").exists()


def test_the_director_is_sent_to_the_invite_not_seated(alice_client, adventure):
    response = alice_client.post(_hero_page(adventure), _hero())
    assert response["Location"] == f"/join/{adventure.join_code}/"
    assert not Character.objects.filter(name="Nell Brightwater").exists()


def test_a_player_with_no_free_hero_is_offered_the_hero_page(client, adventure, bob, cast_member):
    client.force_login(bob)  # Sam is in this Cast already
    other = Adventure.objects.create(director=adventure.director, title="The Brass Armada")
    page = client.get(f"/join/{other.join_code}/").content.decode()
    assert f'href="/join/{other.join_code}/hero/">Make a hero for “The Brass Armada”</a>' in page
    assert "None of your heroes is free to join" in page


def test_a_player_with_no_heroes_at_all_is_told_so_and_led_to_make_one(
    client, adventure, make_user
):
    client.force_login(make_user("dot"))
    page = client.get(f"/join/{adventure.join_code}/").content.decode()
    assert "You have no heroes yet: make one for this table." in page
    assert "None of your heroes" not in page
    made_here = f'href="/join/{adventure.join_code}/hero/">Make a hero for “{adventure.title}”</a>'
    assert made_here in page


def test_a_player_whose_heroes_all_retired_is_told_so(client, adventure, bob, bobs_hero):
    Character.objects.filter(pk=bobs_hero.pk).update(career_ended=True)
    client.force_login(bob)
    page = client.get(f"/join/{adventure.join_code}/").content.decode()
    assert "Your heroes have all retired: make a new one for this table." in page
    assert "None of your heroes" not in page
