import pytest
from django.test import Client
from django.urls import reverse

from characters.models import Character, Relationship
from sessions.models import Adventure, CastMember, KeptOut, SafetyNote

pytestmark = pytest.mark.django_db


def test_a_player_joins_with_the_invite_link(client, adventure, bob, bobs_hero):
    client.force_login(bob)
    url = f"/join/{adventure.invite_code}/"
    assert "Sam Okafor" in client.get(url).content.decode()
    response = client.post(url, {"character": bobs_hero.pk})
    assert response["Location"] == reverse("table", args=[adventure.pk])  # to the table
    assert CastMember.objects.filter(adventure=adventure, character=bobs_hero).exists()


def test_a_wrong_invite_code_is_404(client, bob):
    client.force_login(bob)
    assert client.get("/join/not-a-real-code/").status_code == 404


def test_a_regenerated_invite_retires_the_old_link(alice_client, client, adventure, bob):
    old = adventure.invite_code
    alice_client.post(f"/adventures/{adventure.pk}/invite/")
    adventure.refresh_from_db()
    assert adventure.invite_code != old
    client.force_login(bob)
    assert client.get(f"/join/{old}/").status_code == 404
    assert client.get(f"/join/{adventure.invite_code}/").status_code == 200


def test_you_cannot_join_with_someone_elses_hero(client, adventure, bob, carol):
    carols = Character.objects.create(owner=carol, name="Lara", archetype="explorer")
    client.force_login(bob)
    response = client.post(f"/join/{adventure.invite_code}/", {"character": carols.pk})
    assert response.status_code == 400
    assert not CastMember.objects.exists()


def test_a_hero_is_in_one_unfinished_adventure_at_a_time(client, adventure, cast_member, alice):
    other = Adventure.objects.create(director=alice, title="Another")
    client.force_login(cast_member.character.owner)
    response = client.post(f"/join/{other.invite_code}/", {"character": cast_member.character.pk})
    assert response.status_code == 400
    assert CastMember.objects.filter(character=cast_member.character).count() == 1


def test_the_director_cannot_join_their_own_cast(alice_client, adventure):
    response = alice_client.get(f"/join/{adventure.invite_code}/")
    assert response["Location"] == adventure.get_absolute_url()


def test_the_director_removes_a_character_from_the_cast(
    alice_client, client, adventure, cast_member
):
    alice_client.post(f"/adventures/{adventure.pk}/cast/{cast_member.pk}/remove/")
    assert not CastMember.objects.exists()
    client.force_login(cast_member.character.owner)
    assert client.get(adventure.get_absolute_url()).status_code == 404


def test_removing_one_of_a_players_two_heroes_keeps_the_player_seated(
    alice_client, adventure, cast_member
):
    """A fresh-eyes review: the Director removed a player's second hero (a duplicate) and the
    player was marked "Kept out" while their other hero still sat in the Cast."""
    bob = cast_member.character.owner
    twin = Character.objects.create(owner=bob, name="Sam Okafor", archetype="brawler")
    second = CastMember.objects.create(adventure=adventure, character=twin)
    alice_client.post(f"/adventures/{adventure.pk}/cast/{second.pk}/remove/")
    assert list(CastMember.objects.values_list("pk", flat=True)) == [cast_member.pk]
    assert not KeptOut.objects.exists()
    players = Client()
    players.force_login(bob)
    assert players.get(adventure.get_absolute_url()).status_code == 200
    # Their last hero taken out, the player is kept out, as before.
    alice_client.post(f"/adventures/{adventure.pk}/cast/{cast_member.pk}/remove/")
    assert KeptOut.objects.filter(user=bob).exists()


def test_relationships_light_up_inside_a_cast(client, adventure, cast_member, carol):
    carols = Character.objects.create(owner=carol, name="Lara", archetype="explorer")
    CastMember.objects.create(adventure=adventure, character=carols)
    bob_hero = cast_member.character
    client.force_login(bob_hero.owner)
    sheet = client.get(bob_hero.get_absolute_url()).content.decode()
    assert "Fellow Cast member" in sheet
    response = client.post(
        f"/characters/{bob_hero.pk}/relationships/",
        {"other": carols.pk, "description": "Owes me a favour since Cairo"},
    )
    assert response.status_code == 302
    assert Relationship.objects.get().other == carols
    # And only once per fellow.
    response = client.post(
        f"/characters/{bob_hero.pk}/relationships/", {"other": carols.pk, "description": "Again"}
    )
    assert response.status_code == 400


def test_lines_and_veils_are_shared_with_the_whole_cast(
    client, alice_client, adventure, cast_member
):
    client.force_login(cast_member.character.owner)
    client.post(f"/adventures/{adventure.pk}/safety/", {"kind": "line", "text": "No spiders"})
    client.post(
        f"/adventures/{adventure.pk}/safety/",
        {"kind": "veil", "text": "Torture", "anonymous": "on"},
    )
    line, veil = SafetyNote.objects.order_by("kind")
    assert line.author == cast_member.character.owner
    assert veil.author is None
    # `alice_client` is the same test client as `client`: Alice logs in again to look.
    alice_client.force_login(adventure.director)
    director_view = alice_client.get(adventure.get_absolute_url()).content.decode()
    assert "No spiders" in director_view
    assert "Torture" in director_view
    assert "(anonymous)" in director_view


def test_a_bad_safety_note_is_refused(client, adventure, cast_member):
    client.force_login(cast_member.character.owner)
    response = client.post(
        f"/adventures/{adventure.pk}/safety/",
        {"kind": "wall", "text": ""},
        headers={"HX-Request": "true"},
    )
    assert response.status_code == 400
    assert "Say what the Line or Veil is." in response.content.decode()
    assert not SafetyNote.objects.exists()


def test_only_the_director_or_author_removes_a_note(client, adventure, cast_member, carol):
    note = SafetyNote.objects.create(adventure=adventure, kind="line", text="No clowns")
    client.force_login(cast_member.character.owner)
    assert client.post(f"/adventures/{adventure.pk}/safety/{note.pk}/remove/").status_code == 404
    client.force_login(carol)
    assert client.post(f"/adventures/{adventure.pk}/safety/{note.pk}/remove/").status_code == 404
    assert SafetyNote.objects.exists()


def test_outsiders_cannot_add_lines_or_veils(client, adventure, carol):
    client.force_login(carol)
    response = client.post(f"/adventures/{adventure.pk}/safety/", {"kind": "line", "text": "x"})
    assert response.status_code == 404
    assert not SafetyNote.objects.exists()


def _labels(html: str) -> list[str]:
    """Each hero choice's label as read: its text, tags and spacing aside."""
    import re

    labels = re.findall(
        r'<label for="id_character_\d+" class="hero-choice">(.*?)</label>', html, re.S
    )
    return [" ".join(re.sub(r"<[^>]+>", " ", label).split()) for label in labels]


def test_two_heroes_of_one_name_are_told_apart_when_joining(client, adventure, bob, bobs_hero):
    Character.objects.create(owner=bob, name="Sam Okafor", archetype="investigator")
    client.force_login(bob)
    page = client.get(f"/join/{adventure.invite_code}/").content.decode()
    # The portrait (initials until there is one) is drawn beside each, hidden from the label.
    assert sorted(_labels(page)) == ["SO Sam Okafor The Brawler", "SO Sam Okafor The Investigator"]
    assert page.count('class="portrait portrait-thumb portrait-initials"') == 2
    assert "{#" not in page
    # A refusal keeps the choices as they were, with the reason.
    refused = client.post(f"/join/{adventure.invite_code}/", {"character": 999}).content.decode()
    assert "Pick one of your heroes who is free to join." in refused
    assert len(_labels(refused)) == 2


def test_the_relationships_hint_fits_a_hero_alone_in_their_cast(client, adventure, cast_member):
    """Fresh-eyes review: Sam, in a Cast (two, even), read "Once Sam Okafor joins a Cast, tie
    them to their companions here". In a Cast with nobody else yet, the hint says so."""
    earlier = Adventure.objects.create(director=adventure.director, title="The Brass Idol")
    CastMember.objects.create(adventure=earlier, character=cast_member.character, active=False)
    sam = cast_member.character
    client.force_login(sam.owner)
    sheet = client.get(sam.get_absolute_url()).content.decode()
    assert "joins a Cast" not in sheet
    assert (
        "No other hero has joined Sam Okafor in the Cast of <em>The Clockwork Monsoon</em> yet"
        in sheet
    )


def test_between_casts_the_hint_waits_for_the_next(client, cast_member):
    CastMember.objects.filter(pk=cast_member.pk).update(active=False)
    sam = cast_member.character
    client.force_login(sam.owner)
    sheet = client.get(sam.get_absolute_url()).content.decode()
    assert "When Sam Okafor joins their next Cast, tie them to their companions here" in sheet
    assert "No other hero has joined" not in sheet
