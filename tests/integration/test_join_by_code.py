"""Joining a table by its short code: typed at /join/, scanned from the TV, run by the
Director (issue 24 item 6)."""

import re

import pytest
import segno
from django.core.cache import cache
from django.test import Client
from django.urls import reverse

from characters.models import Character
from sessions.joincode import ALPHABET, WRONG_GUESSES
from sessions.models import Adventure, CastMember, Scene, TableEvent
from sessions.parts.joining import join_context
from sessions.viewer import Viewer
from tests.conftest import HTMX

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _no_guesses_counted():
    # The count of wrong codes lives in the cache, which outlives a test's database.
    cache.clear()
    yield
    cache.clear()


WORDS = "brass lanterns at dawn"
QR = re.compile(r"<svg[^>]*join-qr.*?</svg>", re.S)


def _screen(adventure) -> tuple[Client, str]:
    adventure.screen_token = "tv-token"
    adventure.save()
    return Client(), "/screen/tv-token/"


def test_every_adventure_has_a_code_of_six_unambiguous_characters(adventure):
    assert len(adventure.join_code) == 6
    assert set(adventure.join_code) <= set(ALPHABET)
    assert not set("0O1IL") & set(ALPHABET)


def test_a_player_types_the_code_in_any_case_and_lands_on_the_join_page(client, adventure, bob):
    client.force_login(bob)
    typed = f" {adventure.join_code[:3].lower()} {adventure.join_code[3:]} "
    response = client.get("/join/", {"code": typed})
    assert response.status_code == 302
    assert response["Location"] == f"/join/{adventure.join_code}/"


def test_a_players_only_hero_is_already_picked(client, adventure, bob, bobs_hero):
    client.force_login(bob)
    page = client.get(f"/join/{adventure.join_code}/").content.decode()
    assert re.search(rf'value="{bobs_hero.pk}"[^>]*checked', page)
    response = client.post(f"/join/{adventure.join_code}/", {"character": bobs_hero.pk})
    assert response["Location"] == reverse("table", args=[adventure.pk])  # to the table
    assert CastMember.objects.filter(adventure=adventure, character=bobs_hero).exists()


def test_with_two_heroes_none_is_picked_for_them(client, adventure, bob, bobs_hero):
    Character.objects.create(owner=bob, name="Ruth", archetype="explorer")
    client.force_login(bob)
    assert "checked" not in client.get(f"/join/{adventure.join_code}/").content.decode()


def test_a_wrong_or_malformed_code_is_told_by_the_field(client, adventure, bob):
    client.force_login(bob)
    wrong = "".join(ALPHABET[(ALPHABET.index(c) + 1) % len(ALPHABET)] for c in adventure.join_code)
    response = client.get("/join/", {"code": wrong})
    assert response.status_code == 404
    assert "No table has that code" in response.content.decode()
    response = client.get("/join/", {"code": "O0O0O0"})
    assert response.status_code == 400
    assert "six letters and digits" in response.content.decode()
    assert client.get("/join/", {"code": "\x00" * 6}).status_code == 400


def test_guessing_codes_stops_after_the_hourly_allowance(client, adventure, bob):
    client.force_login(bob)
    for _ in range(WRONG_GUESSES):
        assert client.get("/join/ZZZZZZ/").status_code == 404 or adventure.join_code == "ZZZZZZ"
    # Even the right code is refused now: a guesser can't tell a hit from a miss.
    assert client.get(f"/join/{adventure.join_code}/").status_code == 404
    assert client.get(f"/join/{adventure.invite_code}/").status_code == 200


def test_an_anonymous_player_signs_up_and_goes_on_to_make_a_hero_for_the_table(adventure):
    phone = Client()
    join = f"/join/{adventure.join_code}/"
    hero_page = f"/join/{adventure.join_code}/hero/"
    response = phone.get(join)
    assert response.status_code == 302
    # Sign up first (issue 34 item 7), not Log in: a stranger has no account yet.
    assert (
        response["Location"] == f"/accounts/signup/?next=%2Fjoin%2F{adventure.join_code}%2Fhero%2F"
    )
    signup = phone.get(response["Location"]).content.decode()
    assert "You have an invite to a table" in signup
    assert f'name="next" value="{hero_page}"' in signup
    assert f'href="/accounts/login/?next={hero_page}"' in signup  # Log in, a tap away
    # Said once, not again under the form (fresh-eyes phone review).
    assert signup.count("Already have an account?") == 1
    assert "Already signed up?" not in signup
    response = phone.post(
        "/accounts/signup/",
        {"username": "dot", "password1": WORDS, "password2": WORDS, "next": hero_page},
    )
    assert response["Location"] == hero_page
    assert f"Make a hero for “{adventure.title}”" in phone.get(hero_page).content.decode()


def test_sign_up_ignores_a_next_to_another_site(client):
    response = client.post(
        "/accounts/signup/",
        {
            "username": "eve",
            "password1": WORDS,
            "password2": WORDS,
            "next": "https://evil.example/",
        },
    )
    assert response["Location"] == "/home/"


def test_the_tv_shows_the_qr_code_of_the_join_url_before_the_first_scene(adventure):
    Scene.objects.update(status=Scene.Status.PLANNED)
    screen, url = _screen(adventure)
    page = screen.get(url).content.decode()
    assert f'data-join-code="{adventure.join_code}"' in page
    expected = segno.make(f"http://testserver/join/{adventure.join_code}/", error="m")
    drawn = QR.search(page).group(0)
    assert drawn == expected.svg_inline(
        scale=1, border=4, dark="#000", light="#fff", omitsize=True, svgclass="join-qr",
        title="QR code: scan it with your phone's camera to join",
    )  # fmt: skip


def test_once_a_scene_is_in_play_the_tv_shows_the_code_when_the_director_asks(director, playing):
    adventure = playing["adventure"]
    screen, url = _screen(adventure)
    assert "data-join-code" not in screen.get(url).content.decode()
    director.post(playing["url"] + "join-code/", {"do": "show"})
    assert "data-join-code" in screen.get(url).content.decode()
    director.post(playing["url"] + "join-code/", {"do": "hide"})
    assert "data-join-code" not in screen.get(url).content.decode()


def test_a_new_code_retires_the_old_one_and_off_means_off(director, playing, make_user):
    adventure = playing["adventure"]
    old = adventure.join_code
    director.post(playing["url"] + "join-code/", {"do": "new"})
    new = Adventure.objects.get().join_code
    assert new != old
    dot = Client()
    dot.force_login(make_user("dot"))
    assert dot.get(f"/join/{old}/").status_code == 404
    assert dot.get(f"/join/{new}/").status_code == 200
    director.post(playing["url"] + "join-code/", {"do": "off"})
    assert Adventure.objects.get().join_code is None
    assert dot.get(f"/join/{new}/").status_code == 404
    assert "switched the join code off" in director.get(playing["url"]).content.decode()


def test_a_player_cannot_change_the_join_code(playing):
    from tests.conftest import player_client

    player = player_client(playing["sam"])
    old = playing["adventure"].join_code
    assert player.post(playing["url"] + "join-code/", {"do": "new"}).status_code == 404
    assert player.post(playing["url"] + "join-code/", {"do": "nonsense"}).status_code == 404
    assert Adventure.objects.get().join_code == old


def test_the_director_panel_refuses_a_post_without_csrf(playing):
    client = Client(enforce_csrf_checks=True)
    client.force_login(playing["adventure"].director)
    assert client.post(playing["url"] + "join-code/", {"do": "off"}).status_code == 403
    assert Adventure.objects.get().join_code is not None


def test_the_tvs_join_box_costs_one_query(adventure, django_assert_num_queries):
    Scene.objects.update(status=Scene.Status.PLANNED)
    viewer = Viewer(adventure, user_id=None, screen=True)
    with django_assert_num_queries(1):
        assert join_context(viewer)["join"]["code"] == adventure.join_code


def _seats(director, playing, seats):
    return director.post(
        playing["url"] + "join-code/",
        {"do": "seats", "seats": seats, "tool": "seats"},
        headers=HTMX,
    )


def test_while_the_table_has_a_free_seat_the_tv_keeps_the_code_up(director, playing, make_user):
    adventure = playing["adventure"]
    screen, url = _screen(adventure)
    assert "data-join-code" not in screen.get(url).content.decode()  # a Scene is in play
    assert _seats(director, playing, "3").status_code == 200
    assert Adventure.objects.get().seats == 3
    assert "The table now seats 3." in director.get(playing["url"]).content.decode()
    assert "data-join-code" in screen.get(url).content.decode()  # two heroes of three seats
    # Set again as it was: no second line in everyone's log (a fresh-eyes TV read it twice).
    assert _seats(director, playing, "3").status_code == 200
    assert TableEvent.objects.filter(kind="seats").count() == 1

    dot = make_user("dot")
    hero = Character.objects.create(owner=dot, name="Nell", archetype="explorer")
    phone = Client()
    phone.force_login(dot)
    joined = phone.post(f"/join/{adventure.join_code}/", {"character": hero.pk})
    assert joined.status_code == 302
    assert "data-join-code" not in screen.get(url).content.decode()  # full now

    # The next one is told, before picking a hero and if they post anyway.
    eve = make_user("eve")
    late = Character.objects.create(owner=eve, name="Late Larry", archetype="explorer")
    phone.force_login(eve)
    page = phone.get(f"/join/{adventure.join_code}/").content.decode()
    assert "The table is full (3 seats, all taken): ask the Director to make room." in page
    assert "Join the Cast</button>" not in page
    refused = phone.post(f"/join/{adventure.join_code}/", {"character": late.pk})
    assert refused.status_code == 400
    assert not CastMember.objects.filter(character=late).exists()

    # No limit: the TV goes back to showing the code only when asked (a Scene is in play).
    assert _seats(director, playing, "").status_code == 200
    assert Adventure.objects.get().seats is None
    assert "data-join-code" not in screen.get(url).content.decode()


@pytest.mark.parametrize("typed", ["0", "13", "-1", "two", "1e1", "٣", "9" * 30])
def test_seats_refuses_what_isnt_a_count_in_place(director, playing, typed):
    response = _seats(director, playing, typed)
    assert response.status_code == 409  # refused at the table, like every other move
    assert "Seats are a number from 1 to 12, or blank for no limit." in response.content.decode()
    assert Adventure.objects.get().seats is None


def test_seats_cannot_be_fewer_than_the_cast(director, playing):
    response = _seats(director, playing, "1")
    assert response.status_code == 409
    assert "give the table at least 2 seats" in response.content.decode()
    assert Adventure.objects.get().seats is None


def test_a_player_cannot_set_the_seats(playing):
    from tests.conftest import player_client

    player = player_client(playing["sam"])
    assert _seats(player, playing, "5").status_code == 404
    assert Adventure.objects.get().seats is None


def test_the_director_sets_the_seats_in_prep_too(alice_client, adventure):
    url = f"/adventures/{adventure.pk}/edit/"
    assert "Seats at the table" in alice_client.get(url).content.decode()
    refused = alice_client.post(url, {"title": adventure.title, "real_dice": "app", "seats": "0"})
    assert refused.status_code == 400
    assert "greater than or equal to 1" in refused.content.decode()
    saved = alice_client.post(url, {"title": adventure.title, "real_dice": "app", "seats": "4"})
    assert saved.status_code == 302
    assert Adventure.objects.get(pk=adventure.pk).seats == 4


def test_join_logged_out_asks_for_the_code_and_claims_no_invite_before_one_is_typed(adventure):
    phone = Client()
    response = phone.get("/join/")
    page = response.content.decode()
    assert response.status_code == 200
    assert "Join code" in page
    assert "You have an invite" not in page
    # The code typed: on to signing up for that table, named.
    response = phone.get("/join/", {"code": adventure.join_code}, follow=True)
    page = response.content.decode()
    assert "You have an invite to a table" in page
    assert f"“{adventure.title}”" in page


def test_logging_in_on_the_way_to_join_claims_an_invite_only_with_a_code(adventure):
    phone = Client()
    for page in ("login", "signup"):
        plain = phone.get(f"/accounts/{page}/", {"next": "/join/"}).content.decode()
        assert "You have an invite" not in plain
        assert "type the join code from the TV" in plain
        invited = phone.get(
            f"/accounts/{page}/", {"next": f"/join/{adventure.join_code}/"}
        ).content.decode()
        assert "You have an invite to a table" in invited
        assert "type the join code" not in invited


def test_before_the_game_a_full_table_is_not_invited(adventure, cast_member):
    """A fresh-eyes TV showed the join box and its QR code to a table whose every seat was
    taken, before the first Scene: the invitation is for a table with room."""
    Scene.objects.update(status=Scene.Status.PLANNED)
    Adventure.objects.filter(pk=adventure.pk).update(seats=1)
    viewer = Viewer(Adventure.objects.get(pk=adventure.pk), user_id=None, screen=True)
    assert join_context(viewer)["join"] is None
    Adventure.objects.filter(pk=adventure.pk).update(seats=2)
    viewer = Viewer(Adventure.objects.get(pk=adventure.pk), user_id=None, screen=True)
    assert join_context(viewer)["join"]["first"]
