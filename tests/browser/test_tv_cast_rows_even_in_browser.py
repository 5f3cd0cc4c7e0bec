"""The TV's Cast at 1920×1080 and 1280×720: a hero with a portrait gets a row as tall as a
hero with an initials badge (a fresh-eyes reviewer saw the portrait's row stand taller)."""

import pytest
from playwright.sync_api import expect

from characters import pictures
from tests.browser.conftest import shared_screen
from tests.browser.test_tv_reads_whole_in_browser import SIZES, _settled
from tests.images import picture, upload

pytestmark = [pytest.mark.browser, pytest.mark.looks, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize("size", ["720p", "1080p"])
def test_a_hero_with_a_portrait_has_a_row_as_tall_as_one_with_initials(
    new_page, asgi_server, playing, password, size
):
    path = shared_screen(asgi_server, playing, password)
    stored = pictures.store(
        pictures.open_picture(upload(picture())), "portraits", square=True, display=512, thumb=128
    )
    playing["sam"].set_portrait(stored)
    tv = new_page(SIZES[size])
    _settled(tv, path)
    face = tv.locator(".cast-panel img.portrait")
    expect(face).to_be_visible()
    face.evaluate("img => img.decode()")
    cast = tv.get_by_role("region", name="The Cast")
    sam = cast.locator(".cast-card", has_text="Sam").bounding_box()
    ada = cast.locator(".cast-card", has_text="Ada").bounding_box()
    badge = cast.locator(".cast-card", has_text="Ada").locator(".portrait").bounding_box()
    drawn = face.bounding_box()
    cast.screenshot(path=f"artifacts/tv-cast-rows-even-{size}.png")
    assert abs(sam["height"] - ada["height"]) < 1, (sam, ada)
    assert abs(drawn["height"] - badge["height"]) < 1, (drawn, badge)
    assert abs(drawn["width"] - drawn["height"]) < 0.5, drawn  # still a whole circle
