"""The Director pauses the table from the cockpit (Tools › Safety & Screen): the pause's bar
is pinned in view on the Director's laptop wherever it is scrolled, every page's title says
"Paused · …", the phone and the TV say the Director paused it (never the X-card), and the
Resume in the Director's bar takes it off every screen."""

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import ARTIFACTS, PHONE, screenshot, seated, shared_screen, tool_group

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LAPTOP = {"width": 1366, "height": 768}
SAID = "The Director paused the table for a moment"


def _bar(page):
    return page.get_by_role("alert").filter(has_text="Paused.")


def test_the_director_pauses_the_table_on_every_screen_and_resumes_it(
    new_page, asgi_server, playing, password
):
    path = shared_screen(asgi_server, playing, password)
    tv = new_page({"width": 1280, "height": 720})
    tv.goto(path)
    expect(tv.locator("[data-live-status]")).to_have_text("Live")
    phone = seated(new_page, PHONE, "bob", password, playing["url"])
    laptop = seated(new_page, LAPTOP, "alice", password, playing["url"])
    plain = {page: page.title() for page in (tv, phone, laptop)}

    safety = tool_group(laptop, "Safety & Screen")
    safety.get_by_role("button", name="Pause the table").click()

    for page in (tv, phone, laptop):
        expect(page).to_have_title(f"Paused · {plain[page]}")
    expect(_bar(phone)).to_contain_text(SAID)
    expect(_bar(phone)).not_to_contain_text("X-card")
    expect(phone.locator("[data-hero-bar]").get_by_role("note")).to_have_text(
        "Paused by the Director: no Gambles until the Director resumes the game."
    )
    expect(tv.get_by_label("The moment")).to_contain_text(SAID)
    expect(tv.get_by_label("The moment")).not_to_contain_text("Take a breath")
    # A break is no reason to take the X-card away: it stays in the phone's hero bar.
    expect(phone.locator("[data-hero-bar]").get_by_role("button", name="X-card")).to_be_visible()
    expect(_bar(laptop)).to_contain_text("You paused the table")
    expect(safety.get_by_role("button", name="Pause the table")).to_have_count(0)
    expect(laptop.get_by_text("Paused (by you)")).to_be_visible()
    height = laptop.evaluate("document.documentElement.scrollHeight")
    assert height > 1.5 * LAPTOP["height"], "the page must scroll for this to mean anything"
    for where in (0, height // 2, height):
        laptop.evaluate(f"window.scrollTo(0, {where})")
        expect(_bar(laptop)).to_be_in_viewport(ratio=1)
    screenshot(phone, "director-pause-phone")
    screenshot(laptop, "director-pause-laptop")
    laptop.screenshot(path=ARTIFACTS / "director-pause-laptop-view.png")

    _bar(laptop).get_by_role("button", name="Resume the game").click()

    for page in (tv, phone, laptop):
        expect(_bar(page)).to_have_count(0)
        expect(page).to_have_title(plain[page])
    expect(laptop.locator(".director-stage-part")).not_to_contain_text("Paused")
    expect(laptop.locator(".director-stage-part")).to_contain_text("the board, no spotlight up")
    expect(safety.get_by_role("button", name="Pause the table")).to_be_visible()
