"""A fresh-eyes evening at 1366x768: "Roll for <hero>" in a Tumult asks what the Gamble is
aimed at, as the player's own form does."""

import pytest
from playwright.sync_api import expect

from sessions.models import Danger
from tests.browser.conftest import screenshot, seated

pytestmark = [pytest.mark.browser, pytest.mark.looks, pytest.mark.django_db(transaction=True)]

LAPTOP = {"width": 1366, "height": 768}


def test_rolling_for_a_hero_in_a_tumult_offers_the_aim(new_page, playing, password):
    from sessions.actions import tumults

    adventure = playing["adventure"]
    Danger.objects.update(name="Brass Jack", revealed=True)
    tumults.start_tumult(adventure, adventure.director)
    page = seated(new_page, LAPTOP, "alice", password, playing["url"])
    cast = page.get_by_role("region", name="The Cast")
    cast.get_by_role("link", name="Roll for Ada").click()
    expect(page.get_by_role("heading", name="Rolling for Ada")).to_be_visible()
    aim = page.get_by_label("Aimed at an enemy?")
    expect(aim).to_be_visible()
    expect(aim.locator("option", has_text="Brass Jack")).to_have_count(1)
    screenshot(page, "director-roll-for-in-a-tumult-1366")
