"""Every prep URL × Director, Cast player, other player and anonymous."""

import pytest
from django.test import Client

from sessions.models import Danger, KeyLocation, Leg, Scene
from tests.conftest import SECRET

pytestmark = pytest.mark.django_db


def _urls(adventure) -> dict[str, str]:
    leg = Leg.objects.get(adventure=adventure)
    scene = Scene.objects.filter(leg=leg).first()
    location = KeyLocation.objects.get(leg=leg)
    danger = Danger.objects.get(key_location=location)
    a = f"/adventures/{adventure.pk}"
    return {
        "edit": f"{a}/edit/",
        "delete": f"{a}/delete/",
        "export": f"{a}/export/",
        "leg_add": f"{a}/legs/new/",
        "leg_edit": f"{a}/legs/{leg.pk}/edit/",
        "scene_add": f"{a}/legs/{leg.pk}/scenes/new/",
        "scene_edit": f"{a}/legs/{leg.pk}/scenes/{scene.pk}/edit/",
        "location_add": f"{a}/legs/{leg.pk}/locations/new/",
        "location_edit": f"{a}/legs/{leg.pk}/locations/{location.pk}/edit/",
        "danger_add": f"{a}/locations/{location.pk}/dangers/new/",
        "danger_edit": f"{a}/locations/{location.pk}/dangers/{danger.pk}/edit/",
        "leg_delete": f"{a}/leg/{leg.pk}/delete/",
        "scene_delete": f"{a}/scene/{scene.pk}/delete/",
        "location_delete": f"{a}/location/{location.pk}/delete/",
        "danger_delete": f"{a}/danger/{danger.pk}/delete/",
    }


POST_ONLY = ["invite", "scene_move", "leg_move"]


def _post_urls(adventure) -> dict[str, str]:
    leg = Leg.objects.get(adventure=adventure)
    scene = Scene.objects.filter(leg=leg).first()
    a = f"/adventures/{adventure.pk}"
    return {
        "invite": f"{a}/invite/",
        "scene_move": f"{a}/scene/{scene.pk}/move/",
        "leg_move": f"{a}/leg/{leg.pk}/move/",
    }


DIRECTOR_ONLY_GETS = [
    "edit",
    "delete",
    "export",
    "leg_add",
    "leg_edit",
    "scene_add",
    "scene_edit",
    "location_add",
    "location_edit",
    "danger_add",
    "danger_edit",
    "leg_delete",
    "scene_delete",
    "location_delete",
    "danger_delete",
]
DIRECTOR_ONLY_POSTS = [page for page in DIRECTOR_ONLY_GETS if page != "export"]


@pytest.mark.parametrize("page", DIRECTOR_ONLY_GETS)
def test_director_gets_every_prep_page(alice_client, adventure, page):
    assert alice_client.get(_urls(adventure)[page]).status_code == 200


@pytest.mark.parametrize("page", DIRECTOR_ONLY_GETS)
@pytest.mark.parametrize("who", ["bob", "carol"])
def test_players_get_404_on_every_prep_page(client, adventure, cast_member, carol, who, page):
    client.force_login(cast_member.character.owner if who == "bob" else carol)
    assert client.get(_urls(adventure)[page]).status_code == 404


@pytest.mark.parametrize("page", DIRECTOR_ONLY_POSTS)
@pytest.mark.parametrize("who", ["bob", "carol"])
def test_players_posts_to_prep_get_404_and_change_nothing(
    client, adventure, cast_member, carol, who, page
):
    client.force_login(cast_member.character.owner if who == "bob" else carol)
    before = _snapshot(adventure)
    response = client.post(
        _urls(adventure)[page], {"title": "Hacked", "name": "Hacked", "beat": "x"}
    )
    assert response.status_code == 404
    assert _snapshot(adventure) == before


@pytest.mark.parametrize("page", POST_ONLY)
@pytest.mark.parametrize("who", ["bob", "carol"])
def test_players_cannot_move_or_reinvite(client, adventure, cast_member, carol, who, page):
    client.force_login(cast_member.character.owner if who == "bob" else carol)
    before = _snapshot(adventure)
    response = client.post(_post_urls(adventure)[page], {"direction": "down"})
    assert response.status_code == 404
    assert _snapshot(adventure) == before


@pytest.mark.parametrize("page", [*DIRECTOR_ONLY_GETS, "outline"])
def test_anonymous_is_sent_to_log_in(client, adventure, page):
    url = f"/adventures/{adventure.pk}/" if page == "outline" else _urls(adventure)[page]
    response = client.get(url)
    assert response.status_code == 302
    assert response["Location"].startswith("/accounts/login/")


@pytest.mark.parametrize("page", POST_ONLY)
def test_post_only_urls_refuse_get(alice_client, adventure, page):
    assert alice_client.get(_post_urls(adventure)[page]).status_code == 405


def test_outline_is_the_directors_whole_prep(alice_client, adventure):
    content = alice_client.get(adventure.get_absolute_url()).content.decode()
    for marker in ("villain", "plan", "component", "legclues", "npcnotes", "locclues", "notes"):
        assert f"{SECRET}-{marker}" in content


def test_a_cast_player_sees_the_adventure_but_no_secret(client, adventure, cast_member):
    client.force_login(cast_member.character.owner)
    response = client.get(adventure.get_absolute_url())
    content = response.content.decode()
    assert response.status_code == 200
    assert "The Clockwork Monsoon" in content
    assert "Questions for the harbourmaster" in content
    assert "A rickety office on stilts." in content
    assert SECRET not in content


def test_someone_outside_the_cast_gets_404(client, adventure, carol):
    client.force_login(carol)
    assert client.get(adventure.get_absolute_url()).status_code == 404


def test_forged_ids_from_another_adventure_are_404(alice_client, adventure, bob):
    from sessions.models import Adventure

    other = Adventure.objects.create(director=bob, title="Bob's")
    other_leg = Leg.objects.create(adventure=other, title="Bob's leg")
    assert (
        alice_client.get(f"/adventures/{adventure.pk}/legs/{other_leg.pk}/edit/").status_code == 404
    )
    assert (
        alice_client.post(f"/adventures/{adventure.pk}/leg/{other_leg.pk}/delete/").status_code
        == 404
    )
    assert Leg.objects.filter(pk=other_leg.pk).exists()
    assert alice_client.get(f"/adventures/{adventure.pk}/wizard/1/delete/").status_code == 404


def test_every_prep_post_needs_a_csrf_token(alice, adventure, password):
    strict = Client(enforce_csrf_checks=True)
    strict.force_login(alice)
    urls = {**_urls(adventure), **_post_urls(adventure)}
    for name, url in urls.items():
        if name in ("export",):
            continue
        before = _snapshot(adventure)
        assert strict.post(url, {"title": "x", "direction": "down"}).status_code == 403, name
        assert _snapshot(adventure) == before


def _snapshot(adventure):
    adventure.refresh_from_db()
    return (
        adventure.title,
        adventure.invite_code,
        list(Leg.objects.values_list("pk", "title", "position")),
        list(Scene.objects.values_list("pk", "beat", "position")),
        list(KeyLocation.objects.values_list("pk", "name")),
        list(Danger.objects.values_list("pk", "name")),
    )


def test_a_framing_line_that_ends_in_its_own_stop_gets_no_second(client, adventure, cast_member):
    adventure.legs.get().scenes.filter(position=1).update(
        framing_where="Baggage car, 2 a.m.", framing_what="Who did it?", framing_who="Old Tom"
    )
    client.force_login(cast_member.character.owner)
    content = client.get(adventure.get_absolute_url()).content.decode()
    framing = content.split('<p class="framing">', 1)[1].split("</p>", 1)[0]
    assert framing == "Where: Baggage car, 2 a.m. What: Who did it? Who: Old Tom."
