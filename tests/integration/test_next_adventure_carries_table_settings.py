"""A Campaign's next Adventure starts with the table's settings of the last one: whose dice
roll (the app's, the players' own, either) and how many seats, as it starts with the table's
Lines & Veils. The Director sees them in the form and can change them there."""

import re

import pytest

from sessions.models import Adventure, Campaign, RealDice

pytestmark = pytest.mark.django_db


@pytest.fixture
def campaign(alice):
    """Alice's campaign: its first Adventure was played with real dice or the app's, at a
    table of four; an older one (created first) at the app's dice and no seat count."""
    campaign = Campaign.objects.create(director=alice, title="The Monsoon Years")
    Adventure.objects.create(director=alice, title="Prologue", campaign=campaign)
    Adventure.objects.create(
        director=alice,
        title="The Clockwork Monsoon",
        campaign=campaign,
        real_dice=RealDice.EITHER,
        seats=4,
    )
    return campaign


def _form(client, campaign) -> str:
    return client.get(f"/adventures/new/?campaign={campaign.pk}").content.decode()


def _dice_checked(form: str) -> str:
    """The dice setting the form has checked."""
    return re.search(r'<input type="radio" name="real_dice" value="(\w+)"[^>]* checked', form)[1]


def test_the_next_adventure_form_shows_the_last_tables_settings(alice_client, campaign):
    form = _form(alice_client, campaign)
    assert _dice_checked(form) == "either"
    assert re.search(r'<input type="number" name="seats" value="4"', form)


def test_the_next_adventure_keeps_the_dice_and_seats_as_the_form_shows_them(alice_client, campaign):
    response = alice_client.post(
        f"/adventures/new/?campaign={campaign.pk}",
        {"title": "The Sequel", "campaign": campaign.pk, "real_dice": "either", "seats": "4"},
    )
    assert response.status_code == 302
    sequel = Adventure.objects.get(title="The Sequel")
    assert (sequel.campaign, sequel.real_dice, sequel.seats) == (campaign, RealDice.EITHER, 4)
    # The next one after that carries them on, from the latest Adventure.
    Adventure.objects.filter(pk=sequel.pk).update(real_dice=RealDice.HAND, seats=3)
    form = _form(alice_client, campaign)
    assert _dice_checked(form) == "hand"
    assert re.search(r'<input type="number" name="seats" value="3"', form)


def test_a_post_without_them_still_carries_them(alice_client, campaign):
    """An older form (a tab left open) posts no table settings: the last table's hold."""
    alice_client.post(
        f"/adventures/new/?campaign={campaign.pk}", {"title": "The Sequel", "campaign": campaign.pk}
    )
    sequel = Adventure.objects.get(title="The Sequel")
    assert (sequel.real_dice, sequel.seats) == (RealDice.EITHER, 4)


def test_the_director_changes_them_for_the_next_adventure(alice_client, campaign):
    alice_client.post(
        f"/adventures/new/?campaign={campaign.pk}",
        {"title": "The Sequel", "campaign": campaign.pk, "real_dice": "app", "seats": ""},
    )
    sequel = Adventure.objects.get(title="The Sequel")
    assert (sequel.real_dice, sequel.seats) == (RealDice.APP, None)


def test_a_one_off_and_a_campaigns_first_adventure_start_as_before(alice_client, alice):
    assert 'value="app"' in alice_client.get("/adventures/new/").content.decode()
    empty = Campaign.objects.create(director=alice, title="Fresh")
    form = _form(alice_client, empty)
    assert _dice_checked(form) == "app"
    assert not re.search(r'name="seats" value=', form)


def test_the_next_adventures_empty_cast_says_where_its_heroes_are(alice_client, campaign):
    """A fresh-eyes Director read "Nobody has joined yet" on the next Adventure made "with the
    same heroes", and wondered where they were: the outline says they join from their phones."""
    sequel = Adventure.objects.get(title="The Clockwork Monsoon")
    page = alice_client.get(sequel.get_absolute_url()).content.decode()
    assert "Heroes from this Campaign's earlier Adventures are offered a seat" in page
