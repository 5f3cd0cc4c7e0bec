"""The Director at a laptop: the keyboard never dropped back to the top of the page after an
action (how the cockpit fits a laptop: test_director_cockpit_in_browser.py)."""

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import gamble_panel, log_in, screenshot

pytestmark = [pytest.mark.browser, pytest.mark.looks, pytest.mark.django_db(transaction=True)]

LAPTOP = {"width": 1366, "height": 768}
TV = {"width": 1920, "height": 1080}
GROUPS = (
    "Pacing",
    "Peril & Rest",
    "Group & Investigate",
    "Dangers",
    "Tumult",
    "Safety & Screen",
)
FOCUS_LOST = "() => !document.activeElement || document.activeElement === document.body"


def _at_the_table(new_page, playing, username, password, viewport=None):
    page = new_page(viewport) if viewport else new_page()
    log_in(page, username, password)
    page.goto(playing["url"])
    expect(page.locator("[data-live-status]")).to_have_text("Live")
    return page


def _group(panel, name):
    return panel.locator("details.tool-group").filter(
        has=panel.page.get_by_role("heading", name=name, exact=True)
    )


def test_the_keyboard_stays_in_the_panel_after_a_director_action(
    new_page, asgi_server, playing, password
):
    page = _at_the_table(new_page, playing, "alice", password, LAPTOP)
    panel = page.get_by_role("region", name="Tools")
    panel.get_by_label("Who", exact=True).select_option(label="Sam Okafor")
    panel.get_by_label("Peril (+ or −)").fill("1")
    button = panel.get_by_role("button", name="Dole out Peril")
    # Keyboard only from the last field: Tab along to the button, then Enter.
    panel.get_by_label("Peril (+ or −)").focus()
    for _ in range(10):
        if button.evaluate("b => b === document.activeElement"):
            break
        page.keyboard.press("Tab")
    expect(button).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator(".cast-card", has_text="Sam")).to_contain_text("Peril 1/6")
    expect(button).to_be_focused()
    assert not page.evaluate(FOCUS_LOST)

    # End the Scene: that button is gone from the redrawn panel; focus lands on its heading.
    pacing = page.get_by_role("region", name="Legs & Scenes")
    end = pacing.get_by_role("button", name="End Scene")
    end.focus()
    page.keyboard.press("Enter")
    expect(pacing.get_by_role("button", name="End Scene")).to_have_count(0)
    expect(pacing.get_by_role("heading", name="Legs & Scenes")).to_be_focused()

    # Start the next Scene the same way: the keyboard is still where the Director works.
    start = pacing.get_by_role("button", name="Start Scene")
    start.focus()
    page.keyboard.press("Enter")
    expect(pacing.get_by_role("button", name="End Scene")).to_be_visible()
    assert not page.evaluate(FOCUS_LOST)
    assert pacing.evaluate("p => p.contains(document.activeElement)")


def test_a_roll_by_keyboard_leaves_focus_in_the_gamble_panel(
    new_page, playing, password, load_dice
):
    phone = _at_the_table(new_page, playing, "bob", password)
    panel = gamble_panel(phone, "Sam Okafor")
    panel.get_by_label("What are you attempting?").fill("kick the door in")
    load_dice(5, 2)
    panel.get_by_role("button", name="Roll!").focus()
    phone.keyboard.press("Enter")
    lock_in = panel.get_by_role("button", name="Lock in")
    expect(lock_in).to_be_visible()
    phone.wait_for_function(f"() => !({FOCUS_LOST})()")
    assert panel.evaluate("p => p.contains(document.activeElement)")
    lock_in.focus()
    phone.keyboard.press("Enter")
    expect(panel.get_by_role("button", name="Roll!")).to_be_visible()
    phone.wait_for_function(f"() => !({FOCUS_LOST})()")
    assert panel.evaluate("p => p.contains(document.activeElement)")
    screenshot(phone, "director-laptop-player-focus")
