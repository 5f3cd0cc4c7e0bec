"""A fresh-eyes Director counted a page load for each Leg, Key Location, Scene and Danger
added. On the outline every "Add …" opens its form in place (htmx): the page stays, the first
field is ready to type, Cancel closes the form and gives the focus back to the "Add …" that
opened it, Save puts the item into the outline where the form was, and a refusal is said in
the same form with the focus on the field to fix. Its link still goes to a page of its own:
without JavaScript that page is the form, and saving comes back to the outline."""

import pytest
from playwright.sync_api import expect

from sessions.models import Leg
from tests.browser.conftest import PHONE, screenshot
from tests.browser.test_prep_dangers_found_and_leg_form_in_browser import _director
from tests.browser.test_prep_outline_folds_in_browser import FOLD, LAPTOP, _leg, two_legs

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
__all__ = ["two_legs"]

TRAIN = "The Train North"
PLACE = "The Roof of the Train"
VIEWPORTS = pytest.mark.parametrize("viewport", [LAPTOP, PHONE], ids=["laptop", "phone"])

# Each "Add …" on the outline: its link's name, its form's heading, its first field, a name
# to save and where it shows once saved.
ADDS = {
    "Leg": ("Add a Leg", "Add a Leg", "Title", "The Sunken Exchange", "article.leg"),
    "Scene": (
        f"Add a Scene to {TRAIN}",
        f"Add a Scene to {TRAIN}",
        "Story beat",
        "Smoke in the tunnel",
        "li.prep-item[id^=scene-]",
    ),
    "Key Location": (
        f"Add a Key Location to {TRAIN}",
        f"Add a Key Location to {TRAIN}",
        "Name",
        "The Mail Van",
        "li.prep-item[id^=location-]",
    ),
    "Danger at a place": (
        f"Add a Danger at {PLACE}",
        f"Add a Danger at {PLACE}",
        "Name",
        "A brakeman with a grudge",
        "li[id^=danger-]",
    ),
    "Danger in a Scene": (
        "Add a Danger to the Scene A murder at dinner",
        "Add a Danger to A murder at dinner",
        "Name",
        "A poisoner at the captain's table",
        "li[id^=danger-]",
    ),
}


def _page(new_page, password, viewport, adventure, kind):
    page = _director(new_page, password, viewport)
    page.goto(adventure.get_absolute_url())
    if kind != "Leg":
        _leg(page, TRAIN).locator(FOLD).click()
    # A page load would wipe this: the form must come into the page as it stands.
    page.evaluate("window.stillTheSamePage = true")
    return page


def _same_page(page):
    assert page.evaluate("window.stillTheSamePage === true"), "the form came as a page load"


@pytest.mark.parametrize("kind", ADDS)
@VIEWPORTS
def test_each_add_opens_in_place_and_cancel_gives_the_focus_back(
    new_page, two_legs, password, viewport, kind
):
    link_name, heading, first_field, _name, _items = ADDS[kind]
    page = _page(new_page, password, viewport, two_legs, kind)
    url = page.url
    add = page.get_by_role("link", name=link_name, exact=True)
    add.click()
    form = page.locator("form.prep-form")
    expect(form.get_by_role("heading", name=heading, level=2)).to_be_visible()
    expect(form.get_by_label(first_field)).to_be_focused()
    expect(form).to_be_in_viewport()
    assert page.url == url
    _same_page(page)
    form.get_by_role("link", name="Cancel").click()
    expect(page.locator("form.prep-form")).to_have_count(0)
    add = page.get_by_role("link", name=link_name, exact=True)
    expect(add).to_be_visible()
    expect(add).to_be_focused()
    _same_page(page)


@pytest.mark.parametrize("kind", ADDS)
@VIEWPORTS
def test_each_add_saves_in_place_and_a_refusal_is_said_in_the_form(
    new_page, two_legs, password, viewport, kind
):
    link_name, heading, first_field, name, items = ADDS[kind]
    page = _page(new_page, password, viewport, two_legs, kind)
    page.get_by_role("link", name=link_name, exact=True).click()
    form = page.locator("form.prep-form")
    expect(form.get_by_role("heading", name=heading, level=2)).to_be_visible()
    expect(form.get_by_label(first_field)).to_be_focused()
    form.get_by_role("button", name="Save", exact=True).click()
    expect(form.get_by_role("alert")).to_contain_text("Some of this needs fixing")
    expect(form.get_by_label(first_field)).to_be_focused()
    expect(form.get_by_label(first_field)).to_be_in_viewport()
    screenshot(
        page, f"prep-add-in-place-refused-{kind.lower().replace(' ', '-')}-{viewport['width']}"
    )
    form.get_by_label(first_field).fill(name)
    form.get_by_role("button", name="Save", exact=True).click()
    saved = page.locator(items, has_text=name)
    expect(saved).to_be_visible()
    expect(saved).to_be_in_viewport()
    expect(page.locator("form.prep-form")).to_have_count(0)
    _same_page(page)


@VIEWPORTS
def test_without_javascript_an_add_is_a_page_of_its_own(
    browser, asgi_server, two_legs, password, viewport
):
    context = browser.new_context(
        base_url=asgi_server, viewport=viewport, java_script_enabled=False
    )
    try:
        page = context.new_page()
        page.goto("/accounts/login/")
        page.get_by_label("Username").fill("director")
        page.get_by_label("Password").fill(password)
        page.get_by_role("button", name="Log in").click()
        page.goto(two_legs.get_absolute_url())
        page.get_by_text(TRAIN, exact=False).first.wait_for()
        _leg(page, TRAIN).locator(FOLD).click()
        page.get_by_role("link", name=f"Add a Key Location to {TRAIN}").click()
        leg = Leg.objects.get(title=TRAIN)
        expect(page).to_have_url(
            f"{asgi_server}/adventures/{two_legs.pk}/legs/{leg.pk}/locations/new/"
        )
        expect(
            page.get_by_role("heading", name=f"Add a Key Location to {TRAIN}", level=1)
        ).to_be_visible()
        page.get_by_label("Name").fill("The Mail Van")
        page.get_by_role("button", name="Save", exact=True).click()
        expect(page.locator("li.prep-item[id^=location-]", has_text="The Mail Van")).to_be_visible()
        assert leg.key_locations.filter(name="The Mail Van").exists()
    finally:
        context.close()
