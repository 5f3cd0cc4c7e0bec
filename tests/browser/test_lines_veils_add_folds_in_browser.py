"""The Lines & Veils add form folds behind "▸ Add a Line or a Veil" (a fresh-eyes evening: it
took room when nobody was adding one): in the Director's cockpit at 1366x768, on a player's
phone at 360x780 and on the Cast's page. Opened, it adds; it comes back folded with its fields
empty, what was added said under it; a mistake comes back with the form open, by its field."""

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import ARTIFACTS, log_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LAPTOP = {"width": 1366, "height": 768}
SMALL_PHONE = {"width": 360, "height": 780}


def _add_and_fold_back(page, section, kind: str, text: str, name: str) -> None:
    fold = section.locator("details").filter(has_text="Add a Line or a Veil")
    summary = fold.locator("summary")
    what = section.get_by_label("What")
    add = section.get_by_role("button", name="Add to Lines & Veils")
    # Folded, its arrow in sight: only the summary takes room.
    summary.scroll_into_view_if_needed()
    expect(summary).to_be_visible()
    expect(summary).to_have_text("Add a Line or a Veil")
    arrow = summary.evaluate("s => getComputedStyle(s, '::before').content")
    assert "▸" in arrow, arrow
    expect(add).to_be_hidden()
    expect(what).to_be_hidden()
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"lines-veils-folded-{name}.png"))

    summary.click()
    section.get_by_label(kind, exact=True).check()
    what.fill(text)
    add.click()
    said = section.get_by_role("status").filter(has_text=f"{kind} added: {text}")
    expect(said).to_be_visible()
    expect(section.locator(".safety-list")).to_contain_text(text)
    expect(add).to_be_hidden()  # folded again
    said.scroll_into_view_if_needed()
    page.screenshot(path=str(ARTIFACTS / f"lines-veils-added-folded-{name}.png"))

    # Opened again: fresh, nothing of the last one left in it.
    summary.click()
    expect(what).to_have_value("")
    expect(section.get_by_label(kind, exact=True)).not_to_be_checked()
    # A mistake: the form stays open, the reason by its field.
    add.click()
    expect(section.get_by_text("Say what the Line or Veil is.")).to_be_visible()
    expect(add).to_be_visible()
    page.screenshot(path=str(ARTIFACTS / f"lines-veils-mistake-open-{name}.png"))


@pytest.mark.parametrize(
    ("username", "viewport", "kind", "text"),
    [("alice", LAPTOP, "Line", "No spiders, ever"), ("bob", SMALL_PHONE, "Veil", "Torture")],
    ids=["cockpit-1366x768", "phone-360x780"],
)
def test_the_tables_add_form_folds_and_comes_back_fresh(
    new_page, playing, password, username, viewport, kind, text
):
    page = new_page(viewport)
    log_in(page, username, password)
    page.goto(playing["url"])
    expect(page.locator("[data-live-status]")).to_have_text("Live")
    section = page.locator("#lines-veils-panel")
    size = f"{viewport['width']}x{viewport['height']}"
    _add_and_fold_back(page, section, kind, text, f"table-{username}-{size}")


def test_the_casts_page_add_form_folds_and_comes_back_fresh(new_page, playing, password):
    page = new_page(SMALL_PHONE)
    log_in(page, "bob", password)
    page.goto(playing["adventure"].get_absolute_url())
    section = page.locator("#safety")
    _add_and_fold_back(page, section, "Line", "No clowns", "casts-page-360x780")
