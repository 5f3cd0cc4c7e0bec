"""A Campaign's next Adventure starts as the last table was set (issue 35, item 7): the
Director makes it from the Campaign's page and finds the dice setting and the seats already
chosen; the table plays with real dice at once, and the sound a screen had switched on is
still on (sound is each screen's own, remembered by its browser)."""

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from sessions.models import Adventure, Campaign, RealDice
from tests.browser.conftest import log_in, screenshot

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LAPTOP = {"width": 1366, "height": 768}


def test_the_next_adventure_keeps_the_dice_the_seats_and_the_sound(new_page, password):
    director = get_user_model().objects.create_user("director", password=password)
    campaign = Campaign.objects.create(director=director, title="The Monsoon Years")
    first = Adventure.objects.create(
        director=director,
        title="The Clockwork Monsoon",
        campaign=campaign,
        real_dice=RealDice.EITHER,
        seats=4,
    )
    page = new_page(LAPTOP)
    log_in(page, "director", password)
    page.goto(f"/adventures/{first.pk}/table/")
    page.get_by_role("button", name="Sound: off").click()
    expect(page.get_by_role("button", name="Sound: on")).to_be_visible()

    page.goto(campaign.get_absolute_url())
    page.get_by_role("link", name="Next adventure").click()
    expect(page.get_by_label("Either: each player chooses per roll")).to_be_checked()
    expect(page.get_by_label("Seats at the table")).to_have_value("4")
    screenshot(page, "next-adventure-form-laptop")
    page.get_by_label("Title").fill("The Clockmaker's Daughter")
    page.get_by_role("button", name="Save", exact=True).click()
    expect(page.get_by_text("dice, seats and Lines & Veils carry over")).to_be_visible()

    sequel = Adventure.objects.get(title="The Clockmaker's Daughter")
    assert (sequel.campaign, sequel.real_dice, sequel.seats) == (campaign, RealDice.EITHER, 4)
    page.goto(f"/adventures/{sequel.pk}/table/")
    expect(page.get_by_text("Dice: real or the app's")).to_be_visible()
    expect(page.get_by_role("button", name="Sound: on")).to_have_attribute("aria-pressed", "true")
