"""The home page offers a campaign beside an adventure (a fresh-eyes review: a Director who
wanted one had to find it under Adventures): "Start a campaign" leads to the campaign's form,
and the campaign made is ready for its first adventure."""

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from sessions.models import Campaign
from tests.browser.conftest import log_in, screenshot

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_start_a_campaign_from_the_home_page(new_page, password):
    director = get_user_model().objects.create_user("director", password=password)
    page = new_page({"width": 1366, "height": 768})
    log_in(page, "director", password)
    page.goto("/home/")
    adventures = page.get_by_role("region", name="Your adventures")
    expect(adventures.get_by_role("link", name="Direct a new adventure")).to_be_visible()
    screenshot(page, "home-start-a-campaign-laptop")
    adventures.get_by_role("link", name="Start a campaign").click()
    expect(page.get_by_role("heading", name="Start a campaign")).to_be_visible()
    page.get_by_label("Title").fill("The Monsoon Years")
    page.get_by_role("button", name="Save", exact=True).click()
    expect(page.get_by_text("“The Monsoon Years” begins! Add its first adventure.")).to_be_visible()
    assert Campaign.objects.get().director == director
