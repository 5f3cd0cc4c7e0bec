"""A player who joins a Campaign's next Adventure with one tap lands on their seat at its table
before play starts (as a join by the invite link does, never on the Director's outline): the
Cast shows them (and whoever joins after), and when the Director starts the first Leg the
phone shows it, without a reload."""

import pytest
from playwright.sync_api import expect

from sessions.models import Adventure, Campaign, CastMember, Leg, Scene
from tests.browser.conftest import HAND_SIZES, log_in, screenshot
from tests.browser.http import Visitor

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_page_a_joined_player_lands_on_follows_the_table(asgi_server, in_hand, game, password):
    first, sam = game["adventure"], game["sam"]
    campaign = Campaign.objects.create(director=first.director, title="The Monsoon Years")
    first.campaign = campaign
    first.status = Adventure.Status.FINISHED
    first.save(update_fields=["campaign", "status"])
    CastMember.objects.filter(adventure=first).update(active=False)
    sequel = Adventure.objects.create(
        director=first.director, title="The Clockmaker's Daughter", campaign=campaign
    )
    leg = Leg.objects.create(adventure=sequel, title="Tick, Tock", position=1)
    Scene.objects.create(leg=leg, position=1, beat="A shop full of clocks")

    phone = in_hand(HAND_SIZES[1])  # 360x780
    log_in(phone, "carol", password)
    phone.goto(campaign.get_absolute_url())
    phone.get_by_role("button", name="Join with Ada").click()
    table = f"/adventures/{sequel.pk}/table/"
    expect(phone).to_have_url(f"{asgi_server}{table}")
    expect(phone.get_by_role("heading", name="The Clockmaker's Daughter")).to_be_visible()
    expect(phone.get_by_role("region", name="Ada: Gamble")).to_be_visible()
    expect(phone.locator("[data-live-status]")).to_have_text("Live")
    cast = phone.get_by_role("region", name="The Cast")
    expect(cast).to_contain_text("Ada")
    expect(phone.get_by_text("The adventure hasn't started yet")).to_be_visible()
    screenshot(phone, "joined-waiting-phone-360")

    # Sam's player joins from elsewhere: the Cast on her phone shows him, live.
    bob = Visitor(asgi_server, sam.owner, password)
    status, _ = bob.post(
        f"/campaigns/{campaign.pk}/adventures/{sequel.pk}/join/", {"character": sam.pk}
    )
    assert status == 200
    expect(cast).to_contain_text("Sam")

    # The Director starts Leg 1: the phone shows it, with no reload.
    director = Visitor(asgi_server, first.director, password)
    assert director.post(table + "leg/start/", {"leg": leg.pk})[0] == 200
    expect(phone.get_by_text("Tick, Tock").first).to_be_visible()
    expect(phone).to_have_url(f"{asgi_server}{table}")
    screenshot(phone, "joined-at-the-table-phone-360")
