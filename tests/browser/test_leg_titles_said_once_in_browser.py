"""A Leg titled with its own number ("Leg 2: The Docks") showed it twice on every screen
("Leg 2: Leg 2: The Docks"), and between Scenes the phone and the TV named the Leg twice, in
the kicker and in the heading under it (a fresh-eyes evening). The prep page keeps the
Director's own words without the number, refuses a title that is only a number by its field,
and between Scenes the Leg is named once, in its heading: at a laptop, on a phone at 360x780
and on the TV."""

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import ARTIFACTS, log_in, shared_screen
from tests.browser.http import Visitor

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LAPTOP = {"width": 1366, "height": 768}
SMALL_PHONE = {"width": 360, "height": 780}
TV = {"width": 1920, "height": 1080}


def test_a_leg_typed_with_its_number_is_numbered_once(new_page, playing, password):
    adventure = playing["adventure"]
    page = new_page(LAPTOP)
    log_in(page, "alice", password)
    page.goto(adventure.get_absolute_url())
    page.get_by_role("link", name="Add a Leg").click()
    form = page.locator("form.prep-form")
    form.get_by_label("Title").fill("Leg 2: The Docks")
    form.get_by_role("button", name="Save", exact=True).click()
    heading = page.get_by_role("heading", name="Leg 2 The Docks", exact=True)
    expect(heading).to_be_visible()
    expect(page.locator("main")).not_to_contain_text("Leg 2: The Docks")
    expect(page.locator("main")).not_to_contain_text("Leg Leg")
    heading.scroll_into_view_if_needed()
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "leg-title-numbered-once-1366x768.png"))

    # Nothing but a number: refused by the field, what was typed kept to mend.
    page.get_by_role("link", name="Add a Leg").click()
    form = page.locator("form.prep-form")
    form.get_by_label("Title").fill("Leg 3")
    form.get_by_role("button", name="Save", exact=True).click()
    error = form.get_by_text("Give the Leg a name of its own")
    expect(error).to_be_visible()
    expect(form.get_by_label("Title")).to_have_value("Leg 3")
    page.screenshot(path=str(ARTIFACTS / "leg-title-only-a-number-1366x768.png"))


def test_between_scenes_the_leg_is_named_once(new_page, asgi_server, playing, password):
    adventure = playing["adventure"]
    path = shared_screen(asgi_server, playing, password)
    director = Visitor(asgi_server, adventure.director, password)
    tv = new_page(TV)
    tv.goto(path)
    expect(tv.locator("[data-live-status]")).to_have_text("Live")
    phone = new_page(SMALL_PHONE)
    log_in(phone, "bob", password)
    phone.goto(playing["url"])
    expect(phone.locator("[data-live-status]")).to_have_text("Live")

    assert director.post(playing["url"] + "scene/end/")[0] == 200
    for name, screen in (("phone-360x780", phone), ("tv-1920x1080", tv)):
        panel = screen.locator("section.scene-panel")
        heading = panel.get_by_role("heading", name="Leg 1: A Ticking in the Rain")
        expect(heading).to_be_visible()
        expect(panel).to_contain_text("Between Scenes")
        assert panel.inner_text().count("A Ticking in the Rain") == 1, panel.inner_text()
        screen.screenshot(path=str(ARTIFACTS / f"leg-named-once-between-scenes-{name}.png"))
