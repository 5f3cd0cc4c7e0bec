"""The cockpit's first hint to the TV leads to its control (fresh-eyes review at 1366x768: "make
a shared screen link under Shared screen" pointed into Tools › Safety & Screen, folded, low in
the right column). The hint is a link: it opens the fold, brings "Make a shared screen link"
into view and focuses it, ready to press."""

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import screenshot, seated

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LAPTOP = {"width": 1366, "height": 768}


def test_the_tv_hint_opens_the_fold_and_focuses_the_screen_link_button(new_page, playing, password):
    page = seated(new_page, LAPTOP, "alice", password, playing["url"])
    fold = page.locator("details#director-safety")
    expect(fold).not_to_have_attribute("open", "")  # folded on a first visit
    hint = page.get_by_role("region", name="On the TV now").get_by_role(
        "link", name="make a shared screen link"
    )
    expect(hint).to_be_in_viewport(ratio=1)
    hint.click()
    make = page.get_by_role("button", name="Make a shared screen link")
    expect(fold).to_have_attribute("open", "")
    expect(make).to_be_focused()
    expect(make).to_be_in_viewport(ratio=1)
    screenshot(page, "cockpit-tv-hint-leads-to-its-button")
    page.screenshot(path="artifacts/cockpit-tv-hint-leads-to-its-button-seen.png")
    # Focused as it is, in the tab order: a key makes the link.
    assert make.get_attribute("tabindex") is None
    page.keyboard.press("Enter")
    expect(page.get_by_role("link", name="Open the shared screen")).to_be_visible()
