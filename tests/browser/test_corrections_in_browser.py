"""Corrections at a real table: Sam's player locks in a Gamble on a phone, the Director undoes
it from a laptop, and every screen shows the lock-in struck out with the dice back to decide."""

import pytest
from playwright.sync_api import expect

from sessions.models import Gamble
from tests.browser.conftest import (
    log_in,
    sam_locks_in,
    screenshot,
    seated,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_director_undoes_a_lock_in_and_every_screen_sees_it(
    new_page, asgi_server, playing, password, load_dice
):
    phone = seated(new_page, None, "bob", password, playing["url"])
    panel = sam_locks_in(phone, load_dice, 1, 3)
    expect(panel.get_by_role("button", name="Lock in")).to_have_count(0)
    locked = phone.locator(".event-gamble_locked").first
    expect(locked).to_be_visible()

    laptop = new_page({"width": 1366, "height": 768})
    log_in(laptop, "alice", password)
    laptop.goto(playing["url"])
    corrections = laptop.get_by_role("region", name="Corrections")
    expect(corrections).to_contain_text("Last move:")
    expect(corrections).to_contain_text("Sam Okafor")
    screenshot(laptop, "corrections-offered-laptop")
    corrections.get_by_role("button", name="Undo last move").click()

    # The phone, without a reload: the lock-in struck out, the Gamble open again.
    expect(phone.locator(".event-gamble_locked.event-undone")).to_be_visible(timeout=5_000)
    expect(phone.locator(".event-gamble_locked")).to_contain_text("Undone by the Director.")
    expect(phone.locator(".event-undo").first).to_contain_text("Undone by the Director:")
    expect(panel.get_by_role("button", name="Lock in")).to_be_enabled()
    assert not Gamble.objects.get().locked
    screenshot(phone, "corrections-undone-phone")

    # The Director goes on back to the roll itself; the offer then names the roll.
    expect(corrections).to_contain_text("Sam Okafor gambles")
    corrections.get_by_role("button", name="Undo last move").click()
    expect(panel.get_by_role("button", name="Roll!")).to_be_enabled(timeout=5_000)
    expect(phone.locator(".event-gamble_rolled.event-undone")).to_be_visible()
    expect(corrections).to_contain_text("Nothing to undo")
    assert not Gamble.objects.exists()
    # Focus stays in the Director's part after the action.
    assert laptop.evaluate("document.activeElement.closest('#corrections-panel') !== null")
