"""Issue 34 item 4: "… joins the Cast" and its kind are said once on the live table: a Dismiss
button takes one away, and they go by themselves, so they don't sit above the X-card and the
Gamble all evening (the table page is never reloaded)."""

import pytest
from playwright.sync_api import expect

from characters.models import Character
from sessions.models import Adventure
from tests.browser.conftest import PHONE, log_in, screenshot

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _joined(new_page, playing, password, make_user):
    Character.objects.create(owner=make_user("dana"), name="Cleo Marsh", archetype="explorer")
    page = new_page(PHONE)
    log_in(page, "dana", password)
    page.goto(f"/join/{Adventure.objects.get(pk=playing['adventure'].pk).join_code}/")
    # Joined from the invite, the message is kept for the next page drawn: the table here (as
    # when a hero is made from the invite and seated at once).
    page.evaluate(
        """() => fetch(location.href, {method: "POST", redirect: "manual",
                   body: new FormData(document.querySelector("form.join-form, main form"))})"""
    )
    page.goto(playing["url"])
    expect(page.locator("[data-live-status]")).to_have_text("Live")
    return page


def test_a_message_on_the_table_can_be_dismissed(new_page, playing, password, make_user):
    page = _joined(new_page, playing, password, make_user)
    message = page.locator(".message", has_text="Cleo Marsh joins the Cast of")
    expect(message).to_be_visible()
    screenshot(page, "message-on-the-table-phone")
    message.get_by_role("button", name="Dismiss").click()
    expect(page.locator(".messages")).to_have_count(0)
    expect(page.get_by_role("region", name="Cleo Marsh: Gamble")).to_be_visible()


def test_a_message_on_the_table_goes_by_itself(new_page, playing, password, make_user):
    page = _joined(new_page, playing, password, make_user)
    expect(page.get_by_text("Cleo Marsh joins the Cast of")).to_be_visible()
    expect(page.locator(".messages")).to_have_count(0, timeout=15_000)
