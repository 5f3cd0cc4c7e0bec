"""The prep outline measured (issue 35, item 6, after a fresh-eyes 8/10): a two-Leg Adventure
of three Scenes each fits in about two screens of a 1366×768 laptop with its Legs folded, and
one Leg open reads in a little more; each Leg offers "Add a Scene" once, after its last Scene;
a phone scrolls nothing sideways."""

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import PHONE, screenshot
from tests.browser.test_prep_outline_folds_in_browser import (
    FOLD,
    LAPTOP,
    LEGS,
    _director,
    _height,
    _is_open,
    _leg,
    two_legs,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
__all__ = ["two_legs"]  # the fixture, shared with the outline's own tests

FOLDED_MOST = 1536  # two screens of 768
# One Leg open, its Scenes, Key Locations and Dangers: 2,732 px before the Scene rows and the
# Dangers' tools were made compact, 2,364 after; a guard, not a goal.
OPEN_MOST = 2400


def test_the_outline_measured_folded_and_with_one_leg_open(new_page, two_legs, password):
    page = _director(new_page, password)
    page.goto(two_legs.get_absolute_url())
    for title in LEGS:
        assert not _is_open(_leg(page, title))
    folded = _height(page)
    screenshot(page, "prep-measured-folded-1366")
    _leg(page, "The Train North").locator(FOLD).click()
    expect(page.locator("li.prep-item strong", has_text="A murder at dinner")).to_be_visible()
    one_open = _height(page)
    screenshot(page, "prep-measured-one-open-1366")
    print(f"\nprep outline at 1366x768: folded {folded} px, one Leg open {one_open} px")
    assert folded <= FOLDED_MOST, f"folded, the outline is {folded} px: over two screens"
    assert one_open <= OPEN_MOST, f"one Leg open, the outline is {one_open} px"


@pytest.mark.parametrize("viewport", [LAPTOP, PHONE], ids=["1366", "phone-390"])
def test_each_leg_offers_add_a_scene_once_after_its_last_scene(
    new_page, two_legs, password, viewport
):
    page = _director(new_page, password, viewport)
    page.goto(two_legs.get_absolute_url())
    for title in LEGS:
        leg = _leg(page, title)
        # Once in the page, not a second copy in a folded Leg's heading (nor found by Ctrl+F):
        # folded, that one is at the heading, where the Leg's tools are.
        assert leg.locator("a", has_text="Add a Scene").count() == 1
        expect(
            leg.locator(".leg-folded-tools").get_by_role("link", name="Add a Scene")
        ).to_be_visible()
        leg.locator(FOLD).click()
        add = leg.get_by_role("link", name=f"Add a Scene to {title}")
        expect(add).to_have_count(1)
        expect(add).to_be_visible()
        last = leg.locator("ol.scenes > li").last.bounding_box()
        box = add.bounding_box()
        assert box["y"] >= last["y"] + last["height"], "Add a Scene is not after the last Scene"
        assert leg.locator("a", has_text="Add a Scene").count() == 1
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= viewport["width"], f"the outline is {width} px wide"
    screenshot(page, f"prep-measured-all-open-{viewport['width']}")
