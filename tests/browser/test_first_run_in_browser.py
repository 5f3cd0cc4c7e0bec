"""The first visit to a brand-new site: its front page says what to do first, and the first
step (sign up) is a tap away; the footer says which version it is."""

import pytest
from playwright.sync_api import expect

from enigma_site import __version__
from tests.browser.conftest import DESKTOP, PHONE, screenshot
from tests.browser.test_accessibility_in_browser import axe_violations, describe

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize(("viewport", "name"), [(PHONE, "phone"), (DESKTOP, "desktop")])
def test_the_first_visitor_to_a_new_site_is_told_what_to_do_first(new_page, viewport, name):
    page = new_page(viewport)
    page.goto("/")
    first = page.get_by_role("region", name="A brand-new table: what to do first")
    expect(first).to_be_visible()
    expect(first.get_by_role("listitem")).to_have_count(4)
    expect(page.get_by_text(f"Enigma Table {__version__}")).to_be_attached()
    screenshot(page, f"first-run-landing-{name}")
    violations = axe_violations(page)
    assert not violations, describe(violations)
    first.get_by_role("link", name="Sign up").click()
    page.wait_for_url("**/accounts/signup/")
    expect(page.get_by_label("Username")).to_be_visible()
