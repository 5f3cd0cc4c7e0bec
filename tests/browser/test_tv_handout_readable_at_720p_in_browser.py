"""A TV at 1280×720 with a handout on show (issue 34, the room's screens, item 7): the handout
is big enough to read across a room (not a thumbnail), the Cast's trackers and the Latest Gamble
stay on screen, and the Lines & Veils show whole, every one, when the screen has the room."""

import pytest
from playwright.sync_api import expect

from sessions.models import SafetyNote
from tests.browser.conftest import drawn, shared_screen
from tests.browser.test_tv_reads_whole_in_browser import (
    NOT_WHOLE,
    PLAY,
    SHOWN,
    SIZES,
    _evening,
    _settled,
)

pytestmark = [pytest.mark.browser, pytest.mark.looks, pytest.mark.django_db(transaction=True)]


def _whole_in_view(tv, locator) -> None:
    expect(locator).to_be_visible()
    box = locator.bounding_box()
    size = tv.viewport_size
    assert box["y"] >= 0, box
    assert box["x"] >= 0, box
    assert box["y"] + box["height"] <= size["height"] + 1, box
    assert box["x"] + box["width"] <= size["width"] + 1, box


@pytest.mark.parametrize("size", ["720p", "1080p"])
def test_a_handout_reads_at_720p_beside_the_cast_the_latest_gamble_and_every_line_and_veil(
    new_page, asgi_server, playing, password, make_user, size
):
    path = shared_screen(asgi_server, playing, password)
    _evening(playing, make_user, handout_up=True)
    SafetyNote.objects.create(
        adventure=playing["adventure"], kind="veil", text="Drowning, off screen"
    )
    tv = new_page(SIZES[size])
    _settled(tv, path)
    tv.wait_for_function("() => document.querySelector('.handout-show img')?.complete")
    drawn(tv)
    tv.screenshot(path=f"artifacts/tv-handout-readable-{size}.png")
    picture = tv.locator(".screen-board .handout-show img")
    _whole_in_view(tv, picture)
    height = picture.bounding_box()["height"]
    # Readable across a room: at least a third of the screen's height.
    assert height >= tv.viewport_size["height"] / 3, height
    for hero in (playing["sam"], playing["ada"]):
        _whole_in_view(tv, tv.locator(".screen-board .cast-card", has_text=hero.name))
    _whole_in_view(tv, tv.locator("#latest-panel h2"))
    # Three Lines & Veils: all of them, and no page marker.
    assert len(tv.evaluate(SHOWN, ".safety-list > li")) == 3
    assert tv.evaluate(SHOWN, ".lines-veils .page-marker") == []
    assert tv.evaluate("document.documentElement.scrollHeight") <= tv.viewport_size["height"]
    assert tv.evaluate("document.documentElement.scrollWidth") <= tv.viewport_size["width"]
    expect(tv.get_by_role("region", name="The Cast")).to_be_in_viewport(ratio=1)
    expect(tv.get_by_role("region", name="Latest Gamble")).to_be_in_viewport(ratio=1)
    not_whole = tv.evaluate(NOT_WHOLE, PLAY)
    assert not_whole == [], "\n".join(not_whole)
