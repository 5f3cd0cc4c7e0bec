"""The Director undoes a player's lock-in from the cockpit (fresh-eyes look at the phone: the
Gamble reopened on the phone without a word): the player's phone says so at its top, politely,
and the words they had begun typing for their next Gamble come back with its form."""

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import ARTIFACTS, gamble_panel, log_in, sam_locks_in, seated

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}
NEXT = "Climb the bell tower before the guards turn"


def test_the_phone_hears_its_lock_in_undone_and_keeps_the_next_words(
    new_page, asgi_server, playing, password, load_dice
):
    phone = seated(new_page, PHONE, "bob", password, playing["url"])
    panel = sam_locks_in(phone, load_dice, 1, 3)
    expect(panel.get_by_role("button", name="Lock in")).to_have_count(0)
    # The player starts on their next Gamble.
    box = panel.get_by_label("What are you attempting?")
    box.fill(NEXT)

    laptop = new_page({"width": 1366, "height": 768})
    log_in(laptop, "alice", password)
    laptop.goto(playing["url"])
    corrections = laptop.get_by_role("region", name="Corrections")
    expect(corrections).to_contain_text("Sam Okafor")
    corrections.get_by_role("button", name="Undo last move").click()

    # The phone, live: its Gamble open again, and a notice at its top saying why.
    expect(panel.get_by_role("button", name="Lock in")).to_be_enabled(timeout=5_000)
    calls = phone.locator("[data-calls]")
    assert calls.get_attribute("aria-live") == "polite"
    notice = calls.get_by_role("status").filter(has_text="Lock-in undone")
    expect(notice).to_contain_text("The Director undid your Lock-in: your Gamble is open again.")
    expect(notice).to_be_in_viewport()
    # Only Sam's player hears it: the Director's own screen has no such notice.
    expect(laptop.get_by_text("The Director undid your Lock-in")).to_have_count(0)

    # Put away with a tap; locked in again, the next Gamble's box has the words typed.
    notice.get_by_role("button", name="Got it: put this away").click()
    expect(notice).to_be_hidden()
    panel.get_by_role("button", name="Lock in").click()
    expect(panel.get_by_label("What are you attempting?")).to_have_value(NEXT, timeout=5_000)


def test_the_phone_keeps_the_words_of_a_gamble_the_director_undid(
    in_hand, new_page, asgi_server, playing, password, load_dice
):
    """A fresh-eyes phone: after the Director undid the Gamble, "What are you attempting?" was
    empty, the words to type again. The fresh form holds them."""
    phone = seated(in_hand, PHONE, "bob", password, playing["url"])
    panel = gamble_panel(phone, "Sam Okafor")
    panel.get_by_label("What are you attempting?").fill(NEXT)
    load_dice(5)
    panel.get_by_role("button", name="Roll!").click()
    expect(panel.get_by_role("button", name="Lock in")).to_be_visible()
    # The phone put down and woken (the page loaded again): nothing of the words is left in
    # it but what the server draws.
    phone.reload()
    expect(phone.locator("[data-live-status]")).to_have_text("Live")
    panel = gamble_panel(phone, "Sam Okafor")

    laptop = new_page({"width": 1366, "height": 768})
    log_in(laptop, "alice", password)
    laptop.goto(playing["url"])
    corrections = laptop.get_by_role("region", name="Corrections")
    expect(corrections).to_contain_text("Sam Okafor")
    corrections.get_by_role("button", name="Undo last move").click()

    box = panel.get_by_label("What are you attempting?")
    expect(box).to_have_value(NEXT, timeout=5_000)
    expect(panel.get_by_role("button", name="Lock in")).to_have_count(0)
    expect(panel.get_by_role("button", name="Roll!")).to_be_enabled()
    phone.screenshot(path=ARTIFACTS / "gamble-undone-keeps-its-words-390x844.png")
