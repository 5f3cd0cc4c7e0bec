"""The Director at a laptop: the table and the tools side by side, the tools in groups that fold
so the panel fits one screen and stay as the Director left them through live redraws, and the
keyboard never dropped back to the top of the page after an action."""

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import gamble_panel, log_in, screenshot
from tests.browser.http import Visitor

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


def test_the_table_and_the_tools_side_by_side_in_groups_that_fit_a_laptop(
    new_page, asgi_server, playing, password
):
    page = _at_the_table(new_page, playing, "alice", password, LAPTOP)
    panel = page.get_by_role("region", name="Director")
    table = page.locator(".table-main").bounding_box()
    tools = panel.bounding_box()
    assert tools["x"] >= table["x"] + table["width"]  # beside the table, not under it
    assert tools["y"] < table["y"] + table["height"]
    assert tools["x"] + tools["width"] <= LAPTOP["width"]
    screenshot(page, "director-laptop-1366-open")

    # Every group is there; on a first visit the tool of every moment is open, the rest
    # folded under their headings, and the panel fits the laptop's screen.
    for name in GROUPS:
        expect(_group(panel, name)).to_have_count(1)
    for name in ("Pacing", "Group & Investigate", "Dangers", "Tumult", "Safety & Screen"):
        expect(_group(panel, name)).not_to_have_attribute("open", "")
    peril = _group(panel, "Peril & Rest")
    expect(peril.get_by_role("button", name="Dole out Peril")).to_be_visible()
    assert panel.bounding_box()["height"] <= LAPTOP["height"]
    # The Director opens Dangers, then folds it again: it stays as they left it.
    for _ in range(2):
        _group(panel, "Dangers").locator(":scope > summary").click()
    expect(_group(panel, "Dangers")).not_to_have_attribute("open", "")
    screenshot(page, "director-laptop-1366")

    # A player's X-card redraws the whole panel: the groups stay as the Director left them.
    bob = Visitor(asgi_server, playing["sam"].owner, password)
    bob.get(playing["url"])
    status, _ = bob.post(playing["url"] + "x-card/")
    assert status == 200
    expect(panel.get_by_text("The X-card paused the table")).to_be_attached()
    expect(peril).to_have_attribute("open", "")
    expect(peril.get_by_role("button", name="Dole out Peril")).to_be_disabled()
    expect(_group(panel, "Pacing")).not_to_have_attribute("open", "")
    expect(_group(panel, "Tumult")).not_to_have_attribute("open", "")

    # …and a reload too.
    page.reload()
    expect(page.locator("[data-live-status]")).to_have_text("Live")
    expect(_group(panel, "Peril & Rest")).to_have_attribute("open", "")
    expect(_group(panel, "Dangers")).not_to_have_attribute("open", "")

    # A Tumult begins (from the Director's other device): its group opens by itself.
    alice = Visitor(asgi_server, playing["adventure"].director, password)
    alice.get(playing["url"])
    for action in ("resume/", "tumult/start/"):
        status, _ = alice.post(playing["url"] + action)
        assert status == 200
    tumult = _group(panel, "Tumult")
    expect(tumult).to_have_attribute("open", "")
    expect(tumult.get_by_role("button", name="Enemies' turn")).to_be_visible()
    expect(_group(panel, "Dangers")).not_to_have_attribute("open", "")
    expect(_group(panel, "Pacing")).not_to_have_attribute("open", "")

    tv = _at_the_table(new_page, playing, "alice", password, TV)
    panel = tv.get_by_role("region", name="Director")
    assert panel.bounding_box()["x"] >= tv.locator(".table-main").bounding_box()["x"] + 900
    screenshot(tv, "director-laptop-1920")


def test_the_keyboard_stays_in_the_panel_after_a_director_action(
    new_page, asgi_server, playing, password
):
    page = _at_the_table(new_page, playing, "alice", password, LAPTOP)
    panel = page.get_by_role("region", name="Director")
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

    # End the Scene: that button is gone from the redrawn panel; focus lands in its group.
    _group(panel, "Pacing").locator(":scope > summary").click()
    end = panel.get_by_role("button", name="End Scene")
    end.focus()
    page.keyboard.press("Enter")
    expect(panel.get_by_role("button", name="End Scene")).to_have_count(0)
    expect(_group(panel, "Pacing").locator(":scope > summary")).to_be_focused()

    # Start the next Scene the same way: the keyboard is still where the Director works.
    start = panel.get_by_role("button", name="Start Scene")
    start.focus()
    page.keyboard.press("Enter")
    expect(panel.get_by_role("button", name="End Scene")).to_be_visible()
    assert not page.evaluate(FOCUS_LOST)
    assert panel.evaluate("p => p.contains(document.activeElement)")


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
