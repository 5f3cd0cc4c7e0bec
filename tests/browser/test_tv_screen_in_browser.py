"""The shared screen on a TV across the room: one frame that never scrolls, however long the
log, with the latest Gamble big, a dark theme for a dim room and a full-screen button."""

import pytest
from playwright.sync_api import expect

from sessions.models import Danger, TableEvent
from tests.browser.conftest import (
    gamble_panel,
    more_dice,
    screenshot,
    seated,
    shared_screen,
    try_and_roll,
)
from tests.browser.http import Visitor

pytestmark = [pytest.mark.browser, pytest.mark.looks, pytest.mark.django_db(transaction=True)]

TVS = ({"width": 1920, "height": 1080}, {"width": 1280, "height": 720})
TABLE_SIZES = [{"width": 390, "height": 844}, {"width": 1366, "height": 768}]
DARK_ROOM = "rgb(18, 16, 13)"
CREDIT = "ENIGMA SRD v0.7.0 by Andrew Pelham"


def _a_long_evening(adventure) -> None:
    TableEvent.objects.bulk_create(
        TableEvent(adventure=adventure, kind="note", summary=f"Event {n}") for n in range(200)
    )


def _sam_spends_his_blammo_die(new_page, playing, password, load_dice) -> None:
    phone = seated(new_page, None, "bob", password, playing["url"])
    load_dice(6, 5)
    panel = gamble_panel(phone, "Sam Okafor")
    panel.get_by_label("What are you attempting?").fill("punch through the boiler door")
    more_dice(panel)
    panel.get_by_label("Sound effect 1").fill("KA-BLAMMO!")
    try_and_roll(panel)
    panel.get_by_role("button", name="Lock in").click()
    expect(phone.locator("#log-list > li").first).to_contain_text("locks in: Success!")


def _console_errors(page) -> list[str]:
    """What the page reports as errors from now on (a CSP refusal among them)."""
    errors: list[str] = []

    def note(message) -> None:
        if message.type == "error":
            errors.append(message.text)

    page.on("console", note)
    return errors


def _fits_without_scrolling(page) -> None:
    sizes = page.evaluate(
        """() => ({
            height: document.documentElement.scrollHeight, innerHeight: window.innerHeight,
            width: document.documentElement.scrollWidth, innerWidth: window.innerWidth,
            bodyHeight: document.body.scrollHeight,
        })"""
    )
    assert sizes["height"] <= sizes["innerHeight"], sizes
    assert sizes["bodyHeight"] <= sizes["innerHeight"], sizes
    assert sizes["width"] <= sizes["innerWidth"], sizes


def test_the_tv_shows_the_whole_table_in_one_frame_at_any_log_length(
    new_page, asgi_server, playing, password, load_dice
):
    _a_long_evening(playing["adventure"])
    path = shared_screen(asgi_server, playing, password)
    _sam_spends_his_blammo_die(new_page, playing, password, load_dice)

    for viewport in TVS:
        size = f"{viewport['width']}x{viewport['height']}"
        tv = new_page(viewport)
        errors = _console_errors(tv)
        tv.goto(path)
        expect(tv.locator("[data-live-status]")).to_have_text("Live")
        latest = tv.get_by_role("region", name="Latest Gamble")
        expect(latest.get_by_text("Success!")).to_be_visible()
        expect(latest.get_by_label("Die 1: 6")).to_be_visible()
        expect(latest.locator(".sfx-big", has_text="KA-BLAMMO!")).to_be_in_viewport()
        # The newest row shows, at the top of the log; the page itself never scrolls.
        expect(tv.locator("#log-list > li").first).to_contain_text("locks in: Success!")
        expect(tv.locator("#log-list > li").first).to_be_in_viewport()
        _fits_without_scrolling(tv)
        # No navigation, no footer: the credit sits in a corner, linking to the About page.
        expect(tv.get_by_role("navigation")).to_have_count(0)
        expect(tv.locator("footer")).to_have_count(0)
        expect(tv.get_by_role("link", name=CREDIT)).to_be_in_viewport()
        expect(tv.get_by_role("button", name="Full screen")).to_be_in_viewport()
        # Dark unless this TV was told otherwise.
        expect(tv.get_by_role("button", name="Theme: dark")).to_be_visible()
        assert tv.evaluate("getComputedStyle(document.body).backgroundColor") == DARK_ROOM
        screenshot(tv, f"screen-{size}-dark")
        assert errors == []  # the CSP lets nothing of the screen's own go unrun or unstyled

    # The game goes on: a new row arrives at the top and the frame still fits.
    director = Visitor(asgi_server, playing["adventure"].director, password)
    status, _ = director.post(
        playing["url"] + "peril/",
        {"character": playing["sam"].pk, "delta": 1, "reason": "weird", "detail": "a steam leak"},
    )
    assert status == 200
    expect(tv.locator("#log-list > li").first).to_contain_text("a steam leak")
    _fits_without_scrolling(tv)


def test_the_room_picks_its_theme_and_goes_full_screen(new_page, asgi_server, playing, password):
    _a_long_evening(playing["adventure"])
    path = shared_screen(asgi_server, playing, password)
    tv = new_page(TVS[0])
    tv.goto(path)
    # The button says the theme in use; a press switches.
    tv.get_by_role("button", name="Theme: dark").click()
    expect(tv.get_by_role("button", name="Theme: light")).to_be_visible()
    assert tv.evaluate("getComputedStyle(document.body).backgroundColor") != DARK_ROOM
    # Full screen and back, from the button in the corner.
    tv.get_by_role("button", name="Full screen").click()
    expect(tv.get_by_role("button", name="Leave full screen")).to_be_visible()
    assert tv.evaluate("document.fullscreenElement === document.documentElement")
    _fits_without_scrolling(tv)
    tv.get_by_role("button", name="Leave full screen").click()
    expect(tv.get_by_role("button", name="Full screen")).to_be_visible()
    tv.reload()
    expect(tv.locator("[data-live-status]")).to_have_text("Live")
    expect(tv.get_by_role("button", name="Theme: light")).to_be_visible()
    assert tv.evaluate("getComputedStyle(document.body).backgroundColor") != DARK_ROOM
    _fits_without_scrolling(tv)
    screenshot(tv, "screen-1920x1080-light")
    tv.get_by_role("button", name="Theme: light").click()
    expect(tv.get_by_role("button", name="Theme: dark")).to_be_visible()
    assert tv.evaluate("getComputedStyle(document.body).backgroundColor") == DARK_ROOM


@pytest.mark.parametrize("viewport", TABLE_SIZES)
def test_the_players_table_keeps_its_footer_and_its_log(new_page, playing, password, viewport):
    """The screen's frame is the screen's alone: the table page still scrolls, with its
    navigation, its log and the site footer."""
    _a_long_evening(playing["adventure"])
    page = seated(new_page, viewport, "bob", password, playing["url"])
    expect(page.get_by_role("navigation", name="Main")).to_be_visible()
    expect(page.locator("footer.site-footer")).to_contain_text(CREDIT)
    expect(page.locator("#log-list > li").first).to_contain_text("Event 199")
    screenshot(page, f"table-player-{viewport['width']}x{viewport['height']}")


def test_a_tumult_and_a_pause_stay_in_the_frame(new_page, asgi_server, playing, password):
    _a_long_evening(playing["adventure"])
    path = shared_screen(asgi_server, playing, password)
    director = Visitor(asgi_server, playing["adventure"].director, password)
    for name, template in (("Brass Jack", "lieutenant"), ("Dockside Goons", "minion")):
        status, _ = director.post(
            playing["url"] + "dangers/add/", {"name": name, "template": template}
        )
        assert status == 200
    for danger in Danger.objects.all():
        director.post(playing["url"] + "dangers/reveal/", {"danger": danger.pk, "revealed": "1"})
    for viewport in TVS:
        size = f"{viewport['width']}x{viewport['height']}"
        tv = new_page(viewport)
        tv.goto(path)
        expect(tv.locator("[data-live-status]")).to_have_text("Live")
        if viewport is TVS[0]:
            director.post(playing["url"] + "tumult/start/")
        expect(tv.get_by_role("region", name="Dangers")).to_contain_text("Brass Jack")
        expect(tv.get_by_role("heading", name="Tumult! Round 1")).to_be_in_viewport()
        _fits_without_scrolling(tv)
        screenshot(tv, f"screen-{size}-tumult")
    bob = Visitor(asgi_server, playing["sam"].owner, password)
    status, _ = bob.post(playing["url"] + "x-card/")
    assert status == 200
    # The pause holds the spotlight, calm, until the Director resumes.
    expect(tv.locator(".spotlight")).to_contain_text("Paused")
    expect(tv.locator(".spotlight")).to_be_in_viewport()
    _fits_without_scrolling(tv)
    screenshot(tv, "screen-1280x720-paused")
