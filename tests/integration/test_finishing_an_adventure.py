"""The end of an Adventure: the table turns read-only, the Cast is free to join another."""

import pytest
from django.db import IntegrityError, transaction
from django.test import Client

from characters.models import Character
from sessions.models import Adventure, CastMember, Gamble, Leg, TableEvent, Tumult
from sessions.rules import LoadedDice, Phase, use_dice
from tests.conftest import HTMX, player_client
from tests.gambles import gamble_form

pytestmark = pytest.mark.django_db


def _finish(director, playing, **data):
    return director.post(playing["url"] + "finish/", data, headers=HTMX)


def test_finishing_needs_a_confirmation(director, playing):
    response = _finish(director, playing)
    assert response.status_code == 409
    assert "confirm" in response.content.decode()
    assert Adventure.objects.get().status == Adventure.Status.PLAYING


def test_a_player_cannot_finish_the_adventure(playing):
    response = player_client(playing["sam"]).post(playing["url"] + "finish/", {"confirm": "yes"})
    assert response.status_code == 404
    assert Adventure.objects.get().status == Adventure.Status.PLAYING


def test_finishing_ends_the_leg_settles_gambles_and_releases_the_cast(director, playing):
    sam = player_client(playing["sam"])
    with use_dice(LoadedDice([6])):
        sam.post(playing["url"] + f"roll/{playing['sam'].pk}/", gamble_form("last-roll-1"))
    director.post(playing["url"] + "tumult/start/")
    response = _finish(director, playing, confirm="yes")
    assert response.status_code == 200
    # The Director's panel, like every screen, is redrawn by the event stream.
    assert response.headers["HX-Reswap"] == "none"
    assert "This Adventure is finished" in director.get(playing["url"]).content.decode()
    adventure = Adventure.objects.get()
    assert adventure.status == Adventure.Status.FINISHED
    assert not adventure.legs.filter(status=Leg.Status.PLAYING).exists()
    assert Gamble.objects.get().locked
    assert not Tumult.objects.filter(active=True).exists()
    # The memberships are kept, as history, but nobody is held in this Cast any more.
    assert CastMember.objects.filter(adventure=adventure).count() == 2
    assert not CastMember.objects.filter(active=True).exists()
    assert TableEvent.objects.first().summary.startswith("THE END.")


def test_a_finished_table_is_readable_and_read_only(director, playing):
    _finish(director, playing, confirm="yes")
    sam = player_client(playing["sam"])
    page = sam.get(playing["url"])
    assert page.status_code == 200
    content = page.content.decode()
    assert "The End." in content
    assert "Roll!" not in content
    assert "X-card" not in content
    assert "Sam Okafor" in content  # the Cast as it played
    refused = director.post(playing["url"] + "scene/end/", headers=HTMX)
    assert refused.status_code == 409
    assert "finished" in refused.content.decode()
    refused = sam.post(playing["url"] + "x-card/", headers=HTMX)
    assert refused.status_code == 409
    assert not Adventure.objects.get().paused
    again = _finish(director, playing, confirm="yes")
    assert again.status_code == 409


def test_a_released_hero_joins_another_adventure(director, playing):
    other = Adventure.objects.create(director=playing["adventure"].director, title="Sequel")
    sam = player_client(playing["sam"])
    before = sam.get(f"/join/{other.invite_code}/").content.decode()
    assert "Sam Okafor" not in before  # still playing the first Adventure
    _finish(director, playing, confirm="yes")
    response = sam.post(f"/join/{other.invite_code}/", {"character": playing["sam"].pk})
    assert response.status_code == 302
    member = CastMember.objects.get(active=True)
    assert (member.adventure, member.character) == (other, playing["sam"])
    # The old table still opens for Sam's player, as history.
    assert sam.get(playing["url"]).status_code == 200


def test_a_finished_adventure_takes_no_new_players(director, playing, make_user):
    _finish(director, playing, confirm="yes")
    newcomer = make_user("dora")
    client = player_client(
        Character.objects.create(owner=newcomer, name="Dora", archetype="explorer")
    )
    code = Adventure.objects.get().invite_code
    client.post(f"/join/{code}/", {"character": Character.objects.get(name="Dora").pk})
    assert not CastMember.objects.filter(character__name="Dora").exists()


def test_only_one_leg_plays_at_a_time(playing):
    adventure = playing["adventure"]
    second = Leg.objects.create(adventure=adventure, position=2, title="Second")
    with pytest.raises(IntegrityError), transaction.atomic():
        Leg.objects.filter(pk=second.pk).update(status=Leg.Status.PLAYING)


def test_tumult_phases_are_the_engines():
    choices = [value for value, _label in Tumult._meta.get_field("phase").choices]
    assert choices == [phase.value for phase in Phase]


def test_the_home_page_shows_a_finished_adventure_as_finished(director, playing):
    def entry(client) -> str:
        page = client.get("/home/").content.decode()
        start = page.index(f'<li><a href="{playing["adventure"].get_absolute_url()}">')
        return " ".join(page[start : page.index("</li>", start)].split())

    sam = player_client(playing["sam"])
    assert ">Playing</span>" in entry(sam)
    assert "To the table" in entry(sam)
    _finish(director, playing, confirm="yes")
    for client in (director, sam):
        assert ">Finished</span>" in entry(client)
        assert "Read the table" in entry(client)
        assert "To the table" not in entry(client)


def test_a_finished_adventure_refuses_every_way_in_and_shows_no_code(director, playing, make_user):
    """After The End the join code and the invite link say so plainly (410), before a stranger
    signs up for nothing, and the Director's page no longer offers the code."""
    _finish(director, playing, confirm="yes")
    adventure = Adventure.objects.get()
    page = director.get(playing["url"]).content.decode()
    assert adventure.join_code not in page
    assert "(the join code)" not in page  # its buttons
    assert "Make a join code" not in page

    stranger = Client()
    for code in (adventure.join_code, adventure.invite_code):
        response = stranger.get(f"/join/{code}/")
        assert response.status_code == 410, code
        assert "“The Clockwork Monsoon” has finished" in response.content.decode()

    newcomer = make_user("dora")
    dora = Client()
    dora.force_login(newcomer)
    typed = dora.get("/join/", {"code": adventure.join_code.lower()})
    assert typed.status_code == 410
    assert "its table takes no new heroes" in typed.content.decode()
    Character.objects.create(owner=newcomer, name="Dora", archetype="explorer")
    for path in (f"/join/{adventure.join_code}/", f"/join/{adventure.join_code}/hero/"):
        response = dora.get(path)
        assert response.status_code == 410, path
        assert "has finished" in response.content.decode()
    response = dora.post(
        f"/join/{adventure.join_code}/", {"character": Character.objects.get(name="Dora").pk}
    )
    assert response.status_code == 410
    assert not CastMember.objects.filter(character__name="Dora").exists()


def test_a_stranger_with_a_wrong_code_is_told_before_signing_up(db):
    response = Client().get("/join/ZZZZZZ/")
    assert response.status_code == 404


def test_a_hero_cannot_take_a_seat_the_moment_after_the_end(director, playing, make_user):
    """The invite was open when the player looked; the Adventure finished before they tapped."""
    from sessions import rules as R
    from sessions.actions import cast

    _finish(director, playing, confirm="yes")
    newcomer = make_user("dora")
    dora = Character.objects.create(owner=newcomer, name="Dora", archetype="explorer")
    with pytest.raises(R.RuleError, match="This Adventure is finished"):
        cast.join_cast(Adventure.objects.get(), dora, newcomer)
    assert not CastMember.objects.filter(character=dora).exists()
