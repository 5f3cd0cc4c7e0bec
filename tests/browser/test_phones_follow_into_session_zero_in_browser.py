"""Phones follow the Director into session zero without a reload: a player already at the
table sees its first step the moment the Director opens it, and a player waiting on the
Adventure's page is taken to the table, where it is; each step after comes live."""

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import log_in, screenshot, seated
from tests.browser.test_session_zero_in_browser import zero_table  # noqa: F401 (a fixture)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE_IN_HAND = {"width": 390, "height": 844}
SMALL_PHONE = {"width": 360, "height": 740}
DIRECTOR = {"width": 1366, "height": 768}


def test_phones_follow_the_director_into_session_zero(new_page, zero_table, password):  # noqa: F811
    url = zero_table["url"]
    adventure = zero_table["adventure"]
    director = seated(new_page, DIRECTOR, "alice", password, url)
    at_table = seated(new_page, PHONE_IN_HAND, "bob", password, url)
    waiting = new_page(SMALL_PHONE)
    log_in(waiting, "carol", password)
    waiting.goto(f"/adventures/{adventure.pk}/")
    expect(waiting.get_by_text("When your Director starts play")).to_be_visible()
    at_table.evaluate("window.notReloaded = true")

    director.get_by_role("button", name="Open session zero").click()

    # Bob, at the table: the first step comes to his phone, the page never reloaded.
    expect(at_table.get_by_role("heading", name="What's in this game?")).to_be_visible()
    assert at_table.evaluate("window.notReloaded === true")
    # Carol, on the Adventure's page: taken to the table, session zero there.
    expect(waiting.get_by_role("heading", name="What's in this game?")).to_be_visible()
    assert waiting.url.endswith(url)
    screenshot(waiting, "phone-followed-into-session-zero-360")

    # The next step comes to both phones live.
    waiting.evaluate("window.notReloaded = true")
    director.get_by_role("button", name="Agree the Lines & Veils: on to connections").click()
    for phone in (at_table, waiting):
        expect(phone.get_by_role("heading", name="Connections")).to_be_visible()
        assert phone.evaluate("window.notReloaded === true")
    screenshot(at_table, "phone-session-zero-connections-390")
