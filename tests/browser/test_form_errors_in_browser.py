"""Errors in place, in a real browser against a development server (DEBUG on, as `make run`
starts it): a Leg without a title, a custom Danger without numbers and a hero without a name
each come back where they were filled in, the message by the field, the page whole — masthead,
navigation, styles — and still working: put the mistake right and it saves."""

import re
import urllib.error
import urllib.request
from unittest import mock

import pytest
from playwright.sync_api import expect

from tests.browser import conftest
from tests.browser.conftest import DESKTOP, PHONE, log_in, running_server, screenshot

pytestmark = [pytest.mark.browser, pytest.mark.looks, pytest.mark.django_db(transaction=True)]


@pytest.fixture(scope="module")
def debug_server(django_db_setup, django_db_blocker):
    """The same ASGI server as the other browser tests, with DEBUG on like `make run`."""
    production_env = conftest._server_env

    def development_env() -> dict[str, str]:
        return {**production_env(), "DEBUG": "true"}

    conftest.ARTIFACTS.mkdir(exist_ok=True)
    with (
        conftest.shared_server_paused(),  # one server process to the SQLite file
        mock.patch.object(conftest, "_server_env", development_env),
        running_server("debug-server") as base_url,
    ):
        # Make sure it is a development server: an unknown address gets Django's debug 404.
        with pytest.raises(urllib.error.HTTPError) as missing:
            urllib.request.urlopen(base_url + "/no-such-page/", timeout=5)
        assert b"URLconf" in missing.value.read()
        yield base_url


@pytest.fixture
def dev_page(browser, debug_server, request):
    yield from conftest.pages(browser, debug_server, request, DESKTOP)


def expect_page_whole(page) -> None:
    """Masthead, navigation and the site's styles are all still there."""
    expect(page.locator("header.masthead")).to_be_visible()
    expect(page.get_by_role("navigation", name="Main")).to_be_visible()
    expect(page.locator("footer.site-footer")).to_be_attached()
    # (Waited for: on a busy machine the sheet may still be on its way as the text shows.)
    page.wait_for_function(
        "() => [...document.styleSheets].some(sheet => (sheet.href || '').includes('site'))",
        timeout=10_000,
    )
    # (htmx is a deferred script: on a page just loaded, it may run a moment after the text shows.)
    page.wait_for_function("() => typeof window.htmx === 'object'")


def expect_message_by(field, message: str) -> None:
    """The message is the field's own description, and sits right by it on screen."""
    expect(field).to_have_accessible_description(re.compile(re.escape(message)))
    error_id = field.get_attribute("aria-describedby").split()[-1]
    error = field.page.locator(f"#{error_id}")
    expect(error).to_be_visible()
    expect(error).to_contain_text(message)
    error_box, field_box = error.bounding_box(), field.bounding_box()
    assert abs(field_box["y"] - (error_box["y"] + error_box["height"])) < 80


def test_a_leg_without_a_title_then_with_one(dev_page, game, password):
    page = dev_page()
    log_in(page, "director", password)
    page.goto(game["adventure"].get_absolute_url())
    page.get_by_role("link", name="Add a Leg").click()
    form = page.locator("form.prep-form")
    form.get_by_label("Cold open").fill("A kidnapping on a train")
    form.get_by_role("button", name="Save", exact=True).click()

    expect_message_by(form.get_by_label("Title"), "Give the Leg a title.")
    expect_page_whole(page)
    expect(form.get_by_label("Cold open")).to_have_value("A kidnapping on a train")
    screenshot(page, "errors-in-place-leg")

    form.get_by_label("Title").fill("The Last Train to Cairo")
    form.get_by_role("button", name="Save", exact=True).click()
    expect(page.get_by_role("heading", name=re.compile("The Last Train to Cairo"))).to_be_visible()
    expect(page.locator("form.prep-form")).to_have_count(0)
    expect_page_whole(page)


def test_a_custom_danger_without_numbers_then_with_them(dev_page, game, password):
    page = dev_page()
    log_in(page, "director", password)
    page.goto(game["adventure"].get_absolute_url())
    page.get_by_role("link", name="Add a Danger at Harbourmaster's Office").click()
    form = page.locator("form.prep-form")
    form.get_by_label("Name").fill("Clockwork owl")
    form.get_by_label("Template").select_option(label="Custom")
    form.get_by_role("button", name="Save", exact=True).click()

    message = "A custom Danger needs its own numbers."
    expect_message_by(form.get_by_label("Success threshold"), message)
    expect_message_by(form.get_by_label("Danger rating"), message)
    expect_page_whole(page)
    screenshot(page, "errors-in-place-danger")

    form.get_by_label("Success threshold").fill("3")
    form.get_by_label("Danger rating").fill("2")
    form.get_by_role("button", name="Save", exact=True).click()
    expect(page.locator("strong", has_text="Clockwork owl")).to_be_visible()
    expect(page.locator("form.prep-form")).to_have_count(0)
    expect_page_whole(page)


def test_a_hero_without_a_name_then_with_one(dev_page, game, password):
    page = dev_page(PHONE)
    log_in(page, "bob", password)
    page.goto("/characters/new/")
    page.get_by_role("radio", name="The Investigator").check()
    expect(page.get_by_role("heading", name="The Investigator")).to_be_visible()
    page.get_by_label("Profession").fill("Reporter")
    page.get_by_role("button", name="Create character").click()

    expect_message_by(page.get_by_label("Name"), "Every hero needs a name.")
    expect(page.get_by_role("alert")).to_contain_text("Every hero needs a name.")
    expect_page_whole(page)
    expect(page.get_by_label("Profession")).to_have_value("Reporter")
    screenshot(page, "errors-in-place-hero")

    # The page still works: a roll on the way, then the save.
    page.get_by_role("button", name="Roll a drive (1d6)").click()
    expect(page.get_by_text("Drive roll (1d6):")).to_be_visible()
    page.get_by_label("Name").fill("Tintin")
    page.get_by_role("button", name="Create character").click()
    expect(page.get_by_role("heading", level=1, name="Tintin")).to_be_visible()
    expect_page_whole(page)
