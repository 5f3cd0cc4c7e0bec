"""Rules at hand (issue 13, item 10), in a real browser: the "?" by a table control opens its
rule in place, Escape closes it and the player is back where they were on the live table;
a rule's address opens the rules page at that rule."""

import re

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import ARTIFACTS, dole_out_peril, gamble_panel, log_in

pytestmark = [pytest.mark.browser, pytest.mark.looks, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1366, "height": 768}


def _csp_errors(page) -> list[str]:
    errors: list[str] = []
    page.on(
        "console",
        lambda message: (
            errors.append(message.text)
            if "Content Security Policy" in message.text or "Refused to" in message.text
            else None
        ),
    )
    return errors


def _shot(page, name: str) -> None:
    """What the person sees on their screen (not the whole long page)."""
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=ARTIFACTS / f"{name}.png")


@pytest.mark.parametrize("viewport", [PHONE, LAPTOP], ids=["phone", "laptop"])
def test_the_question_mark_by_lucky_saves_opens_the_rule_in_place(
    new_page, playing, password, viewport
):
    size = f"{viewport['width']}x{viewport['height']}"
    director = new_page(LAPTOP)
    log_in(director, "alice", password)
    director.goto(playing["url"])
    page = new_page(viewport)
    errors = _csp_errors(page)
    log_in(page, "bob", password)
    page.goto(playing["url"])
    expect(page.locator("[data-live-status]")).to_have_text("Live")
    expect(director.locator("[data-live-status]")).to_have_text("Live")
    panel = gamble_panel(page, "Sam Okafor")
    panel.get_by_label("What are you attempting?").fill("kick the door in")

    help_link = panel.get_by_role("link", name="Rule: Lucky Saves")
    help_link.scroll_into_view_if_needed()
    box = help_link.bounding_box()
    assert box["width"] >= 44, box
    assert box["height"] >= 44, box
    url_before = page.url
    help_link.click()

    dialog = page.get_by_role("dialog", name="Rule: Lucky Saves")
    expect(dialog).to_be_visible()
    expect(dialog.get_by_role("heading", name=re.compile("^Lucky Saves"))).to_be_visible()
    expect(dialog).to_contain_text("sheer dumb luck")
    expect(dialog).to_contain_text("How Enigma Table reads this")
    expect(dialog.get_by_role("button", name="Close")).to_be_focused()
    assert page.url == url_before  # the table page stays; nothing navigated

    # The table is still live under the dialog: the Director's Peril redraws Sam's panel.
    dole_out_peril(director, "Sam Okafor", 1)
    expect(panel).to_contain_text("Peril 1/6")
    expect(dialog).to_be_visible()

    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    # Back where they were: on the "?" they pressed, in sight, on the same live page.
    expect(panel.get_by_role("link", name="Rule: Lucky Saves")).to_be_focused()
    expect(panel.get_by_role("link", name="Rule: Lucky Saves")).to_be_in_viewport()
    expect(page.locator("[data-live-status]")).to_have_text("Live")
    assert page.url == url_before

    # And from the keyboard: Enter on a "?" opens its rule, Escape closes it.
    peril = panel.get_by_role("link", name="Rule: Peril")
    peril.focus()
    page.keyboard.press("Enter")
    expect(page.get_by_role("dialog", name="Rule: Peril")).to_contain_text("ranges from 0–6")
    page.keyboard.press("Escape")
    expect(peril).to_be_focused()
    assert not errors, errors

    # Last, as a screenshot leaves traces a later live redraw trips over in the CSP checks.
    panel.get_by_role("link", name="Rule: Lucky Saves").click()
    expect(dialog).to_contain_text("sheer dumb luck")
    _shot(page, f"rules-help-{size}")


@pytest.mark.parametrize("viewport", [PHONE, LAPTOP], ids=["phone", "laptop"])
def test_a_rules_address_opens_the_rules_page_at_that_rule(new_page, viewport):
    size = f"{viewport['width']}x{viewport['height']}"
    page = new_page(viewport)
    errors = _csp_errors(page)
    page.goto("/rules/")
    expect(page.get_by_role("heading", name="The rules", level=1)).to_be_visible()
    expect(page.get_by_text("ENIGMA SRD v0.7.0 by Andrew Pelham").first).to_be_visible()
    expect(page.get_by_role("navigation", name="Contents")).to_be_visible()
    _shot(page, f"rules-page-{size}")

    page.goto("/rules/#lucky-saves")
    heading = page.locator("#lucky-saves")
    expect(heading).to_be_in_viewport()
    expect(page.locator("#reading-lucky-saves")).to_be_in_viewport()
    _shot(page, f"rules-lucky-saves-{size}")

    # The contents lead to a rule; its "#" is the address to share.
    page.goto("/rules/")
    page.get_by_role("navigation", name="Contents").get_by_role("link", name="Dangers").click()
    expect(page.locator("#dangers")).to_be_in_viewport()
    assert page.url.endswith("/rules/#dangers")
    permalink = page.get_by_role("link", name="Link to Dangers")
    assert permalink.get_attribute("href") == "#dangers"
    assert not errors, errors
