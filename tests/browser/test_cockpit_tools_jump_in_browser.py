"""A fresh-eyes reviewer at 1366x768: the Director's tools sat far down the right-hand column,
under the Tumult, a long list of Dangers and the pacing: Safety & Screen took a long scroll.
A "Jump to" row at the top of that column (at the top of the cockpit on a phone) reaches each
tool group in one tap, opening it if it was folded, its heading in sight and focused."""

import pytest
from playwright.sync_api import expect

from sessions.actions import dangers
from sessions.rules import DangerTemplate
from tests.browser.conftest import ARTIFACTS, seated

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LAPTOP = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}
SMALL_LAPTOP = {"width": 1280, "height": 720}


@pytest.mark.parametrize(
    "viewport", [LAPTOP, SMALL_LAPTOP, PHONE], ids=["laptop", "small-laptop", "phone"]
)
def test_the_tools_a_tap_away(new_page, playing, password, viewport):
    adventure = playing["adventure"]
    for name in ("Cistern Crocodile", "Harbour Police", "Dockhands", "The Brass Jack gang"):
        dangers.add_danger(adventure, name, DangerTemplate.MINION, adventure.director)
    page = seated(new_page, viewport, "alice", password, playing["url"])
    size = viewport["width"]
    jump = page.get_by_role("navigation", name="Jump to a tool")
    expect(jump).to_be_in_viewport()  # at the top, no scroll
    page.screenshot(path=ARTIFACTS / f"cockpit-jump-top-{size}.png")
    if size >= 1280:  # in the header's empty middle: over nothing of the cockpit
        header = page.locator("header.masthead").bounding_box()
        row = jump.bounding_box()
        assert row["y"] + row["height"] <= header["y"] + header["height"], (row, header)
        for link in page.locator("header.masthead nav a, header.masthead a").all():
            box = link.bounding_box()
            if box:
                assert row["x"] + row["width"] <= box["x"] or box["x"] + box["width"] <= row["x"]
    safety = page.get_by_role("heading", name="Safety & Screen", exact=True)
    expect(safety).not_to_be_in_viewport()
    # Folded (as the cockpit first draws it), it opens as it is jumped to.
    expect(page.locator("#director-safety")).not_to_have_attribute("open", "")

    jump.get_by_role("link", name="Safety & Screen").click()
    expect(safety).to_be_in_viewport()
    expect(page.locator("#director-safety")).to_have_attribute("open", "")
    expect(page.locator("#director-safety > summary")).to_be_focused()
    expect(page.get_by_role("button", name="Make a shared screen link")).to_be_in_viewport()
    page.screenshot(path=ARTIFACTS / f"cockpit-jump-safety-{size}.png")

    page.evaluate("window.scrollTo(0, 0)")
    jump.get_by_role("link", name="Peril & Rest").click()
    expect(page.get_by_role("button", name="Dole out Peril")).to_be_in_viewport()
