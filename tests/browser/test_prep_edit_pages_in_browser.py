"""A Director opens a prep item's edit page on its own (a new tab, a reload), saves, and lands
back on the outline at that item; the in-place edit in the outline keeps working."""

import re

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import log_in
from tests.browser.test_polish_in_browser import _console_errors

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LAPTOP = {"width": 1366, "height": 768}


def _director(new_page, password):
    """The Director at a laptop, logged in, with every console error the page reports."""
    page = new_page(LAPTOP)
    errors = _console_errors(page)
    log_in(page, "director", password)
    return page, errors


def test_saving_a_leg_from_its_own_page_returns_to_the_outline_at_the_leg(new_page, game, password):
    adventure = game["adventure"]
    leg = adventure.legs.get()
    page, errors = _director(new_page, password)

    page.goto(f"/adventures/{adventure.pk}/legs/{leg.pk}/edit/")
    expect(page.get_by_role("heading", level=1)).to_have_text("Edit Leg: A Ticking in the Rain")
    page.get_by_label("Title").fill("Rain Over Kochi")
    page.get_by_role("button", name="Save", exact=True).click()

    page.wait_for_url(re.compile(rf"/adventures/{adventure.pk}/#leg-{leg.pk}$"))
    expect(page.locator(f"#leg-{leg.pk} h2")).to_contain_text("Rain Over Kochi")
    expect(page.locator(f"#leg-{leg.pk}")).to_be_in_viewport()
    assert errors == []


def test_a_mistake_on_a_full_page_edit_is_shown_on_that_page(new_page, game, password):
    adventure = game["adventure"]
    page, _errors = _director(new_page, password)
    page.goto(f"/adventures/{adventure.pk}/edit/")
    page.get_by_label("Title").fill("")
    page.get_by_role("button", name="Save", exact=True).click()
    expect(page.get_by_text("Every adventure needs a title.")).to_be_visible()
    page.get_by_label("Title").fill("The Brass Monsoon")
    page.get_by_role("button", name="Save", exact=True).click()
    page.wait_for_url(re.compile(rf"/adventures/{adventure.pk}/#adventure-head$"))
    expect(page.get_by_role("heading", level=1)).to_have_text("The Brass Monsoon")


def test_editing_a_leg_in_place_still_redraws_the_outline(new_page, game, password):
    adventure = game["adventure"]
    leg = adventure.legs.get()
    page, errors = _director(new_page, password)
    page.goto(adventure.get_absolute_url())
    page.get_by_role("link", name="Edit Leg A Ticking in the Rain").click()
    form = page.locator("form.prep-form")
    form.get_by_label("Title").fill("Rain Over Kochi")
    form.get_by_role("button", name="Save", exact=True).click()
    expect(page.locator(f"#leg-{leg.pk} h2")).to_contain_text("Rain Over Kochi")
    expect(form).to_have_count(0)
    assert page.url.endswith(adventure.get_absolute_url())  # stayed on the page: htmx
    assert errors == []
