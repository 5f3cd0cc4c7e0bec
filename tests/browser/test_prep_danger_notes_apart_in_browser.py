"""A prepared Danger reads in lines (a fresh-eyes defect: its notes ran on after its stats, in
one run of text, hard to read): its name and stats first, its notes on a line of their own
below, at a phone's 360 px and on a laptop. Screenshots for a person to look at."""

import pytest
from playwright.sync_api import expect

from sessions.models import Danger
from tests.browser.conftest import ARTIFACTS, log_in, screenshot
from tests.browser.test_prep_outline_folds_in_browser import FOLD, _is_open, _leg, two_legs

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
__all__ = ["two_legs"]  # the fixture, shared with the outline's own tests

NOTES = "Brass knuckles, a grudge against the harbour police; runs when two of his men fall."

# How the row is laid out: the notes' first line box against the stats' last one, and the
# notes' left edge against the name's.
APART = """(row) => {
  const name = row.querySelector("strong").getBoundingClientRect();
  const stats = [...row.querySelector(".muted").getClientRects()].at(-1);
  const notes = row.querySelector(".danger-notes").getClientRects()[0];
  return {below: notes.top - stats.bottom, indent: notes.left - name.left};
}"""


@pytest.mark.parametrize(
    "viewport", [{"width": 360, "height": 780}, {"width": 1280, "height": 800}], ids=str
)
def test_a_dangers_notes_read_on_a_line_of_their_own(new_page, two_legs, password, viewport):
    Danger.objects.filter(name="Brass Jack").update(notes=NOTES)
    page = new_page(viewport)
    log_in(page, "director", password)
    page.goto(two_legs.get_absolute_url())
    leg = _leg(page, "A Ticking in the Rain")
    if not _is_open(leg):
        leg.locator(FOLD).click()
    row = leg.locator("li[id^=danger-]").filter(has_text="Brass Jack")
    expect(row.get_by_text(NOTES)).to_be_visible()
    row.scroll_into_view_if_needed()
    layout = row.evaluate(APART)
    assert layout["below"] >= 0, f"the notes run on the stats' line: {layout}"
    assert abs(layout["indent"]) <= 2, f"the notes don't start a line of their own: {layout}"
    # Edit and Delete still there, under the notes.
    expect(row.get_by_role("link", name="Edit Brass Jack")).to_be_visible()
    size = f"{viewport['width']}x{viewport['height']}"
    screenshot(page, f"prep-danger-notes-{size}")  # the whole page
    page.screenshot(path=ARTIFACTS / f"prep-danger-notes-view-{size}.png")  # what's in sight
    row.screenshot(path=ARTIFACTS / f"prep-danger-notes-row-{size}.png")

    # The place's prep beside it: Obstacles marked secret, as its clues are.
    more = leg.locator("li.prep-item", has_text="Harbourmaster's Office").locator("details")
    more.get_by_text("Wide Shot, NPCs, obstacles, clues").click()
    expect(more.locator("dt", has_text="Obstacles")).to_have_text("Obstacles secret")
    more.screenshot(path=ARTIFACTS / f"prep-location-secrets-{size}.png")


LOOK = """(el) => {
  const style = getComputedStyle(el);
  return [style.borderTopWidth, style.borderTopStyle, style.boxShadow, style.fontSize,
          style.paddingTop, Math.round(el.getBoundingClientRect().height)].join(" ");
}"""


def test_a_dangers_edit_and_delete_are_small_buttons_like_its_places(new_page, two_legs, password):
    """Fresh-eyes review: a Danger's Edit and Delete were plain words in a run of text, where
    every other Edit and Delete of the outline is a small button."""
    page = new_page({"width": 1366, "height": 768})
    log_in(page, "director", password)
    page.goto(two_legs.get_absolute_url())
    leg = _leg(page, "A Ticking in the Rain")
    if not _is_open(leg):
        leg.locator(FOLD).click()
    place = leg.locator("li.prep-item", has_text="Harbourmaster's Office")
    place_edit = place.get_by_role("link", name="Edit Key Location Harbourmaster's Office")
    place_delete = place.get_by_role("link", name="Delete Harbourmaster's Office")
    row = leg.locator("li[id^=danger-]").filter(has_text="Brass Jack")
    edit = row.get_by_role("link", name="Edit Brass Jack")
    delete = row.get_by_role("link", name="Delete Brass Jack")
    expect(edit).to_be_visible()
    assert edit.evaluate(LOOK) == place_edit.evaluate(LOOK)
    assert delete.evaluate(LOOK) == place_delete.evaluate(LOOK)
    # Side by side, apart, on the line under the Danger.
    edit_box, delete_box = edit.bounding_box(), delete.bounding_box()
    assert abs(edit_box["y"] - delete_box["y"]) < 2
    assert delete_box["x"] >= edit_box["x"] + edit_box["width"] + 4
    row.screenshot(path=ARTIFACTS / "prep-danger-buttons-row.png")
