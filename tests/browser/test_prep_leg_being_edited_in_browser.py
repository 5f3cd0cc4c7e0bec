"""A fresh-eyes defect: preparing Leg 2, the Director came back to the outline and found its
forms folded away (Add a Scene, a Key Location, a Danger), as if missing. The Leg they last
added to comes back open, its forms in sight; a fold that hides a form says so with its
arrow."""

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import screenshot
from tests.browser.test_prep_outline_folds_in_browser import (
    FOLD,
    LAPTOP,
    _director,
    _is_open,
    _leg,
    two_legs,  # noqa: F401 (a fixture)
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _arrow(summary) -> str:
    return summary.evaluate("s => getComputedStyle(s, '::before').content")


def test_the_leg_last_added_to_comes_back_open_with_its_forms(new_page, two_legs, password):  # noqa: F811
    page = _director(new_page, password, LAPTOP)
    page.goto(two_legs.get_absolute_url())
    second = _leg(page, "The Train North")
    assert not _is_open(second)
    # Folded, the Leg's Danger chooser is a fold: it shows its arrow.
    chooser = second.locator(".danger-chooser > summary")
    expect(chooser).to_be_visible()
    assert "▸" in _arrow(chooser), "the Danger chooser doesn't show that it opens"

    second.get_by_role("link", name="Add a Scene to The Train North").first.click()
    form = page.locator("form.prep-form")
    form.get_by_label("Story beat").fill("The dining car goes dark")
    form.get_by_role("button", name="Save", exact=True).click()
    expect(page.locator("li.prep-item", has_text="The dining car goes dark")).to_be_visible()

    # Back later (a plain visit): the Leg being prepared is open, its forms in sight.
    page.goto(two_legs.get_absolute_url())
    second = _leg(page, "The Train North")
    assert _is_open(second), "the Leg last added to came back folded"
    assert not _is_open(_leg(page, "A Ticking in the Rain"))
    for name in ("Add a Scene to The Train North", "Add a Key Location to The Train North"):
        expect(second.get_by_role("link", name=name).first).to_be_visible()
    expect(second.get_by_role("link", name="Add a Danger at The Dining Car")).to_be_visible()
    # The folded Leg says it opens: its heading's arrow.
    assert "▸" in _arrow(_leg(page, "A Ticking in the Rain").locator(FOLD))
    second.locator(FOLD).scroll_into_view_if_needed()
    screenshot(page, "prep-leg-being-edited-1366")
