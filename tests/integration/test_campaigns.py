"""Campaigns (DESIGN.md §2): a Director's series of Adventures with a recurring Cast. Its page
shows the Adventures in order, the Cast as they stand and the recaps published so far; its
next Adventure takes the same heroes in one tap each."""

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from characters.models import Character
from sessions.models import Adventure, Campaign, CastMember, Leg, Recap
from tests.conftest import HTMX, crowd, player_client

pytestmark = pytest.mark.django_db


@pytest.fixture
def campaign(playing):
    """Alice's adventure under way is the first of her campaign."""
    adventure = playing["adventure"]
    campaign = Campaign.objects.create(
        director=adventure.director, title="The Monsoon Years", pitch="Three summers at sea."
    )
    Adventure.objects.filter(pk=adventure.pk).update(campaign=campaign)
    adventure.refresh_from_db()
    return playing | {"campaign": campaign}


def _finish(director, table):
    response = director.post(table["url"] + "finish/", {"confirm": "yes"}, headers=HTMX)
    assert response.status_code == 200


def _next(director, campaign, title="The Sequel"):
    response = director.post(
        f"/adventures/new/?campaign={campaign.pk}", {"title": title, "campaign": campaign.pk}
    )
    assert response.status_code == 302
    return Adventure.objects.get(title=title)


def test_the_director_starts_a_campaign(alice_client):
    response = alice_client.post("/campaigns/new/", {"title": "The Monsoon Years", "pitch": "Sea"})
    campaign = Campaign.objects.get()
    assert response.status_code == 302
    assert response["Location"] == campaign.get_absolute_url()
    page = alice_client.get(campaign.get_absolute_url()).content.decode()
    assert "The Monsoon Years" in page
    assert "Next adventure" in page
    refused = alice_client.post("/campaigns/new/", {"title": ""})
    assert refused.status_code == 400
    assert "Every campaign needs a title." in refused.content.decode()
    assert Campaign.objects.count() == 1


def test_the_next_adventure_belongs_to_the_campaign(director, campaign):
    form = director.get(f"/adventures/new/?campaign={campaign['campaign'].pk}").content.decode()
    assert "The next adventure of “The Monsoon Years”" in form
    sequel = _next(director, campaign["campaign"])
    assert sequel.campaign == campaign["campaign"]
    assert sequel.director == campaign["adventure"].director
    page = director.get(campaign["campaign"].get_absolute_url()).content.decode()
    page = page[page.index('id="adventures-title"') :]
    assert page.index("The Clockwork Monsoon") < page.index("The Sequel")
    assert "Playing" in page
    assert "In prep" in page


def test_a_campaign_of_someone_else_is_not_a_choice(director, campaign, make_user):
    other = Campaign.objects.create(director=make_user("mallory"), title="Not yours")
    response = director.post("/adventures/new/", {"title": "Sneaky", "campaign": other.pk})
    assert response.status_code == 400
    assert "Pick one of your own campaigns." in response.content.decode()
    assert not Adventure.objects.filter(title="Sneaky").exists()


def test_heroes_of_the_campaign_join_its_next_adventure_in_one_tap(director, campaign):
    sam, ada = campaign["sam"], campaign["ada"]
    sequel = _next(director, campaign["campaign"])
    page_url = campaign["campaign"].get_absolute_url()
    sams_player = player_client(sam)
    # Still in the first Adventure's Cast: not yet.
    waiting = sams_player.get(page_url).content.decode()
    assert "Sam Okafor is still in the Cast of “The Clockwork Monsoon”" in waiting
    assert "Join with Sam Okafor" not in waiting
    _finish(director, campaign)
    offered = sams_player.get(page_url).content.decode()
    assert "The story continues: The Sequel" in offered
    # Each offer names the hero's archetype and shows their portrait (initials until then).
    for page in (offered, sams_player.get("/home/").content.decode()):
        flat = " ".join(page.split())
        assert 'Join with Sam Okafor <span class="join-archetype">(The Brawler)</span>' in flat
        assert 'portrait-initials" aria-hidden="true">SO</span> Join with Sam Okafor' in flat
    join = f"/campaigns/{campaign['campaign'].pk}/adventures/{sequel.pk}/join/"
    for hero in (sam, ada):
        response = player_client(hero).post(join, {"character": hero.pk})
        assert response.status_code == 302
        assert response["Location"] == f"/adventures/{sequel.pk}/table/"
    assert {m.character for m in CastMember.objects.filter(adventure=sequel, active=True)} == {
        sam,
        ada,
    }
    assert "Join with" not in sams_player.get(page_url).content.decode()
    # Once in, a second tap changes nothing.
    again = sams_player.post(join, {"character": sam.pk})
    assert again.status_code == 302
    assert CastMember.objects.filter(adventure=sequel).count() == 2


def test_a_hero_joined_with_one_tap_lands_on_their_seat_at_the_table(director, campaign):
    sam = campaign["sam"]
    sequel = _next(director, campaign["campaign"])
    _finish(director, campaign)
    join = f"/campaigns/{campaign['campaign'].pk}/adventures/{sequel.pk}/join/"
    landed = player_client(sam).post(join, {"character": sam.pk}, follow=True)
    assert landed.redirect_chain == [(f"/adventures/{sequel.pk}/table/", 302)]
    page = landed.content.decode()
    assert "Sam Okafor joins the Cast of “The Sequel”!" in page
    assert "Sam Okafor: Gamble" in page  # the hero's own seat, not a page about the Adventure
    assert "Grab your dice!" in page
    # The Director's own way is unchanged: the campaign's page lists it, and it opens the outline.
    campaign_page = director.get(campaign["campaign"].get_absolute_url()).content.decode()
    assert f'<a href="{sequel.get_absolute_url()}">The Sequel</a>' in campaign_page
    outline = director.get(sequel.get_absolute_url())
    assert outline.templates[0].name == "sessions/outline.html"


def test_a_hero_the_director_removed_cannot_walk_back_in_with_one_tap(director, campaign):
    sam = campaign["sam"]
    sequel = _next(director, campaign["campaign"])
    _finish(director, campaign)
    join = f"/campaigns/{campaign['campaign'].pk}/adventures/{sequel.pk}/join/"
    sams_player = player_client(sam)
    assert sams_player.post(join, {"character": sam.pk}).status_code == 302
    member = CastMember.objects.get(adventure=sequel, character=sam)
    outline = director.post(f"/adventures/{sequel.pk}/cast/{member.pk}/remove/", follow=True)
    assert "A player you remove stays out" in outline.content.decode()
    assert not CastMember.objects.filter(adventure=sequel, character=sam).exists()

    # The same tap again: refused, and no longer offered.
    again = sams_player.post(join, {"character": sam.pk}, follow=True)
    assert "can&#x27;t join “The Sequel” right now" in again.content.decode()
    assert not CastMember.objects.filter(adventure=sequel, character=sam).exists()
    page = sams_player.get(campaign["campaign"].get_absolute_url()).content.decode()
    assert "Join with Sam Okafor" not in page
    assert "Join with Sam Okafor" not in sams_player.get("/home/").content.decode()

    # The invite link alone doesn't bring them back: the Director lets them back in first.
    sams_player.post(f"/join/{sequel.invite_code}/", {"character": sam.pk})
    assert not CastMember.objects.filter(adventure=sequel, character=sam).exists()
    director.post(f"/adventures/{sequel.pk}/cast/back/{sam.owner.pk}/")
    back = sams_player.post(f"/join/{sequel.invite_code}/", {"character": sam.pk})
    assert back.status_code == 302
    assert CastMember.objects.filter(adventure=sequel, character=sam, active=True).exists()


def test_one_tap_is_only_for_heroes_of_the_campaign(director, campaign, make_user):
    sequel = _next(director, campaign["campaign"])
    _finish(director, campaign)
    join = f"/campaigns/{campaign['campaign'].pk}/adventures/{sequel.pk}/join/"
    bob = campaign["sam"].owner
    newcomer = Character.objects.create(owner=bob, name="Kit", archetype="explorer")
    client = player_client(campaign["sam"])
    client.post(join, {"character": newcomer.pk})  # Bob's other hero never played in it
    assert not CastMember.objects.filter(character=newcomer).exists()
    # Another player's hero, or a made-up one: 404.
    assert client.post(join, {"character": campaign["ada"].pk}).status_code == 404
    assert client.post(join, {"character": "x"}).status_code == 404
    # Someone with no hero in the campaign doesn't see it at all.
    stranger = player_client(
        Character.objects.create(owner=make_user("dora"), name="Dora", archetype="explorer")
    )
    assert stranger.post(join, {"character": 1}).status_code == 404
    # A finished adventure takes nobody.
    first = f"/campaigns/{campaign['campaign'].pk}/adventures/{campaign['adventure'].pk}/join/"
    client.post(first, {"character": campaign["sam"].pk})
    assert not CastMember.objects.filter(active=True).exists()


def test_the_campaign_page_shows_the_cast_as_they_stand_and_the_story_so_far(director, campaign):
    from sessions.actions import legs

    adventure = campaign["adventure"]
    legs.end_leg(adventure, adventure.director)
    recap = Recap.objects.get()
    page_url = campaign["campaign"].get_absolute_url()
    sam = player_client(campaign["sam"])
    page = sam.get(page_url).content.decode()
    assert "Sam Okafor" in page
    assert "Ada" in page
    assert "In the Cast of “The Clockwork Monsoon”." in page
    assert recap.title not in page  # a draft
    recap.published = recap.created
    recap.save()
    page = sam.get(page_url).content.decode()
    assert recap.title in page
    assert "Sam Okafor and Ada" in page  # the recap's opening names the Cast
    assert "Export as JSON" not in page  # the Director's tools
    assert "Next adventure" not in page


def test_the_campaign_page_takes_fifteen_queries_with_five_adventures_of_six_heroes(
    client, campaign, make_user, django_assert_max_num_queries
):
    adventure, first = campaign["adventure"], campaign["campaign"]
    crowd(adventure, make_user)
    heroes = [m.character for m in adventure.cast.all()]
    assert len(heroes) == 6
    for n in range(4):
        more = Adventure.objects.create(
            director=adventure.director, title=f"Part {n}", campaign=first
        )
        Recap.objects.create(
            adventure=more, title=f"Recap {n}", body="Words.", published=more.created
        )
        for hero in heroes:
            CastMember.objects.create(adventure=more, character=hero, active=False)
    for user in (adventure.director, campaign["sam"].owner):
        client.force_login(user)
        with django_assert_max_num_queries(15):
            page = client.get(first.get_absolute_url())
        assert page.status_code == 200
        assert page.content.decode().count("Recap ") >= 4


def test_deleting_a_campaign_keeps_its_adventures(director, campaign):
    url = campaign["campaign"].get_absolute_url()
    assert "Its adventures stay" in director.get(url + "delete/").content.decode()
    director.post(url + "delete/")
    assert not Campaign.objects.exists()
    adventure = Adventure.objects.get()
    assert adventure.campaign is None
    assert director.get(adventure.get_absolute_url()).status_code == 200


def test_a_campaign_exports_and_imports_as_one_file(director, campaign, bob):
    _next(director, campaign["campaign"], "The Sequel")
    Leg.objects.create(adventure=Adventure.objects.get(title="The Sequel"), title="Storm")
    exported = director.get(campaign["campaign"].get_absolute_url() + "export/")
    assert exported.status_code == 200
    assert "attachment" in exported["Content-Disposition"]
    data = json.loads(exported.content)
    assert data["format"] == "enigma-table/campaign"
    assert [a["title"] for a in data["campaign"]["adventures"]] == [
        "The Clockwork Monsoon",
        "The Sequel",
    ]
    # Bob imports it: his own copy, with both adventures' prep and no Cast.
    client = player_client(campaign["sam"])
    upload = SimpleUploadedFile("c.json", exported.content, "application/json")
    response = client.post("/campaigns/import/", {"file": upload})
    copy = Campaign.objects.get(director=bob)
    assert response.status_code == 302
    assert copy.title == f"{campaign['campaign'].title} (copy)"
    assert [a.title for a in copy.adventures.order_by("pk")] == [
        "The Clockwork Monsoon",
        "The Sequel",
    ]
    assert all(a.director == bob for a in copy.adventures.all())
    assert not CastMember.objects.filter(adventure__campaign=copy).exists()
    assert Leg.objects.filter(adventure__campaign=copy, title="Storm").exists()


@pytest.mark.parametrize(
    ("mangle", "message"),
    [
        (lambda d: d | {"format": "enigma-table/adventure"}, "Enigma Table campaign file"),
        (lambda d: {**d, "campaign": {**d["campaign"], "title": ""}}, "The campaign: title"),
        (
            lambda d: {
                **d,
                "campaign": {
                    **d["campaign"],
                    "adventures": [*d["campaign"]["adventures"], {"title": ""}],
                },
            },
            "Adventure 2: title",
        ),
        (
            lambda d: {**d, "campaign": {**d["campaign"], "adventures": "lots"}},
            "should be a list",
        ),
    ],
)
def test_a_bad_campaign_file_is_refused_whole(director, campaign, mangle, message):
    data = json.loads(director.get(campaign["campaign"].get_absolute_url() + "export/").content)
    upload = SimpleUploadedFile("c.json", json.dumps(mangle(data)).encode(), "application/json")
    before = (Campaign.objects.count(), Adventure.objects.count(), Leg.objects.count())
    response = director.post("/campaigns/import/", {"file": upload})
    assert response.status_code == 400
    assert message in response.content.decode()
    assert (Campaign.objects.count(), Adventure.objects.count(), Leg.objects.count()) == before


def test_the_new_adventure_form_offers_the_campaign(alice_client, alice):
    # No Campaign yet: the choice is there, saying how to start one.
    page = alice_client.get("/adventures/new/").content.decode()
    assert '<select name="campaign"' in page
    assert "None: a one-off adventure" in page
    assert '<a href="/campaigns/new/">start a campaign</a>' in page
    Campaign.objects.create(director=alice, title="The Monsoon Years")
    page = alice_client.get("/adventures/new/").content.decode()
    assert ">The Monsoon Years</option>" in page
    assert "start a campaign" not in page
    # A one-off still saves without one.
    alice_client.post("/adventures/new/", {"title": "A one-off", "campaign": ""})
    assert Adventure.objects.get(title="A one-off").campaign is None


def test_only_a_campaign_with_an_adventure_before_says_things_carry_over(alice_client):
    alice_client.post("/campaigns/new/", {"title": "The Monsoon Years", "pitch": "Sea"})
    campaign = Campaign.objects.get()
    url = f"/adventures/new/?campaign={campaign.pk}"
    first = alice_client.post(url, {"title": "Part One", "campaign": campaign.pk}, follow=True)
    assert "“Part One” opens “The Monsoon Years”. Add its first Leg!" in first.content.decode()
    assert "carry over from last time" not in first.content.decode()
    second = alice_client.post(url, {"title": "Part Two", "campaign": campaign.pk}, follow=True)
    assert "carry over from last time" in second.content.decode()


def test_the_next_adventure_button_says_its_heroes_are_asked_not_seated(director, campaign):
    """The button "Make the next Adventure of …, with the same heroes" led to an Adventure
    whose Cast was empty until each player tapped "Join with …" (a fresh-eyes review)."""
    _finish(director, campaign)
    said = "Make the next Adventure of The Monsoon Years: its heroes are asked to join with one tap"
    for url in (campaign["adventure"].get_absolute_url(), campaign["url"]):
        page = director.get(url).content.decode()
        assert said in page, url
        assert "with the same heroes" not in page, url
    sequel = _next(director, campaign["campaign"])
    assert not CastMember.objects.filter(adventure=sequel).exists()
