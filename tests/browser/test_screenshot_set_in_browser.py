"""The pages a group uses on game night, at every size they meet them: two phones, a laptop and
two TVs. Nothing spills sideways anywhere; the shared screen never scrolls, even with 200 rows
in its log. Each view is saved to artifacts/ (screenshots looked at before a release)."""

import pytest
from playwright.sync_api import expect

from sessions.models import TableEvent
from tests.browser.conftest import log_in, screenshot, shared_screen

pytestmark = [pytest.mark.browser, pytest.mark.looks, pytest.mark.django_db(transaction=True)]

SIZES = [(360, 780), (390, 844), (1366, 768), (1280, 720), (1920, 1080)]


def _sizes(page) -> dict:
    return page.evaluate(
        """() => ({
            width: document.documentElement.scrollWidth, innerWidth: window.innerWidth,
            height: document.documentElement.scrollHeight, innerHeight: window.innerHeight,
        })"""
    )


def _look(page, name: str, size: tuple[int, int], *, scrolls: bool = True) -> None:
    width, height = size
    sizes = _sizes(page)
    assert sizes["width"] <= sizes["innerWidth"], (name, size, sizes)
    if not scrolls:
        assert sizes["height"] <= sizes["innerHeight"], (name, size, sizes)
    screenshot(page, f"set-{name}-{width}x{height}")


def test_every_page_of_game_night_at_every_size(new_page, asgi_server, playing, password):
    adventure = playing["adventure"]
    TableEvent.objects.bulk_create(
        TableEvent(adventure=adventure, kind="note", summary=f"Event {n}: the rain goes on")
        for n in range(200)
    )
    screen_path = shared_screen(asgi_server, playing, password)

    player, laptop, tv = new_page(), new_page(), new_page()
    log_in(player, "bob", password)
    log_in(laptop, adventure.director.username, password)
    for width, height in SIZES:
        size = (width, height)
        for page in (player, laptop, tv):
            page.set_viewport_size({"width": width, "height": height})

        player.goto("/characters/new/")
        expect(player.get_by_role("heading", level=1)).to_be_visible()
        _look(player, "creation", size)
        player.goto(playing["url"])
        expect(player.locator("[data-live-status]")).to_have_text("Live")
        _look(player, "table-player", size)

        laptop.goto(f"/adventures/{adventure.pk}/")
        expect(laptop.get_by_role("heading", level=1)).to_contain_text(adventure.title)
        _look(laptop, "outline", size)
        laptop.goto(playing["url"])
        expect(laptop.locator("[data-live-status]")).to_have_text("Live")
        expect(laptop.get_by_role("region", name="Corrections")).to_be_visible()
        _look(laptop, "table-director", size)

        tv.goto(screen_path)
        expect(tv.locator("[data-live-status]")).to_have_text("Live")
        expect(tv.locator("#log-list > li").first).to_contain_text("Event 199")
        _look(tv, "screen", size, scrolls=width < 1280)
