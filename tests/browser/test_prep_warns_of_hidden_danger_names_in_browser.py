"""The Director types a hidden Danger's name into a Scene's "Who" in the prep outline: the form
says so by the field, saves nothing, and saves once "Show it anyway" is ticked."""

import pytest
from playwright.sync_api import expect

from sessions.models import Danger, KeyLocation, Scene
from tests.browser.conftest import DESKTOP, log_in, screenshot
from tests.browser.test_polish_in_browser import _console_errors

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WARNING = "“The Baron” is a hidden Danger: players will read this name when the Scene starts."


def test_the_director_is_warned_before_a_hidden_name_goes_into_who(new_page, game, password):
    adventure = game["adventure"]
    office = KeyLocation.objects.get(leg__adventure=adventure)
    Danger.objects.create(
        key_location=office, name="The Baron", template="boss", success_threshold=4,
        danger_rating=3,
    )  # fmt: skip
    scene = Scene.objects.get(leg__adventure=adventure)
    page = new_page(DESKTOP)
    errors = _console_errors(page)
    log_in(page, "director", password)
    page.goto(adventure.get_absolute_url())

    page.get_by_role("link", name="Edit Scene Questions for the harbourmaster").click()
    form = page.locator("form.prep-form")
    form.get_by_label("Who").fill("Mr Pillai and the baron")
    form.get_by_role("button", name="Save", exact=True).click()

    expect(form.get_by_text(WARNING)).to_be_visible()
    show_anyway = form.get_by_label("Show it anyway")
    expect(show_anyway).not_to_be_checked()
    expect(form.get_by_label("Who")).to_have_value("Mr Pillai and the baron")
    scene.refresh_from_db()
    assert scene.framing_who == ""  # nothing saved yet
    # The form's 400 (sent back to be looked at again) is the only thing the console reports.
    assert [e for e in errors if "status of 400" not in e] == []
    # Taken after the checks: Playwright's own styles for a screenshot trip the page's CSP.
    screenshot(page, "prep-hidden-name-warned")

    show_anyway.check()
    form.get_by_role("button", name="Save", exact=True).click()
    expect(page.locator("form.prep-form")).to_have_count(0)
    expect(page.locator(f"#scene-{scene.pk}")).to_contain_text("Mr Pillai and the baron")
    scene.refresh_from_db()
    assert scene.framing_who == "Mr Pillai and the baron"
