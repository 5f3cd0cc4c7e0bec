"""A handout on a player's phone reads whole (a fresh-eyes game night, 360x780 and 390x844):
the handouts' list after the Adventure finished cropped each picture, cutting the words written
on it. The banner's call is one row beside the picture, a pointer to the handout (a later look:
its four lines of caption with the pause's bar kept ~170 px of 844), the caption read whole in
the handouts' panel, and every handout picture on the phone is whole, letterboxed rather than
cropped."""

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from sessions.actions import legs
from tests.browser.conftest import ARTIFACTS, HAND_IDS, HAND_SIZES, seated
from tests.browser.http import Visitor
from tests.images import handout

pytestmark = [pytest.mark.browser, pytest.mark.looks, pytest.mark.django_db(transaction=True)]

CAPTION = "A letter from the harbourmaster, torn in two and pasted back"
# A wide picture (a strip of writing) and a tall one (a note): cropping cuts either.
WIDE, TALL = (1200, 300), (300, 900)


# The whole picture in its box: the box has the picture's shape, or the picture is fitted in it.
PICTURE_WHOLE = """img => {
  const box = img.getBoundingClientRect();
  const fit = getComputedStyle(img).objectFit;
  const shape = (box.width / box.height) / (img.naturalWidth / img.naturalHeight);
  return fit === 'contain' || fit === 'scale-down' || Math.abs(shape - 1) < 0.05;
}"""


def _loaded(page, img) -> None:
    page.wait_for_function("img => img.complete && img.naturalWidth > 0", arg=img.element_handle())


@pytest.mark.parametrize("viewport", HAND_SIZES, ids=HAND_IDS)
def test_the_handouts_call_reads_whole_with_its_picture_whole(
    in_hand, asgi_server, playing, password, viewport
):
    adventure = playing["adventure"]
    letter = handout(adventure, CAPTION, size=WIDE)
    page = seated(in_hand, viewport, "bob", password, playing["url"])
    size = f"{viewport['width']}x{viewport['height']}"
    director = Visitor(asgi_server, adventure.director, password)
    assert director.post(playing["url"] + "handouts/reveal/", {"handout": letter.pk})[0] == 200

    banner = page.get_by_role("navigation", name="Waiting on you")
    call = banner.get_by_role("link", name=f"A handout is on show: {CAPTION}")
    expect(call).to_be_visible()
    page.evaluate("window.scrollTo(0, 0)")
    thumb = banner.get_by_role("link", name=f"Full screen: {CAPTION}").locator("img")
    _loaded(page, thumb)
    page.screenshot(path=ARTIFACTS / f"phone-handout-call-whole-{size}.png")
    assert thumb.evaluate(PICTURE_WHOLE)
    # Compact: one row beside the picture, the caption whole in the handouts' panel; the
    # banner with the Wide Shot's call above it leaves the Gamble its first screen.
    assert call.bounding_box()["height"] <= 48, call.bounding_box()
    expect(page.locator("#handouts-panel")).to_contain_text(CAPTION)
    assert banner.bounding_box()["height"] <= 140, banner.bounding_box()
    roll = page.get_by_role("button", name="Roll!")
    expect(roll).to_be_in_viewport(ratio=1)


@pytest.mark.parametrize("viewport", HAND_SIZES, ids=HAND_IDS)
def test_the_handouts_list_shows_each_picture_whole(
    in_hand, asgi_server, playing, password, viewport
):
    adventure = playing["adventure"]
    strip = handout(adventure, "The strip of writing", size=WIDE, revealed=timezone.now())
    note = handout(adventure, "The note in the drawer", size=TALL, revealed=timezone.now())
    page = seated(in_hand, viewport, "bob", password, playing["url"])
    size = f"{viewport['width']}x{viewport['height']}"
    legs.finish_adventure(adventure, adventure.director)
    page.reload()
    panel = page.get_by_role("region", name="Handouts")
    for shown in (strip, note):
        link = panel.get_by_role("link", name=shown.caption)
        expect(link).to_be_visible()
        picture = link.locator("img")
        picture.scroll_into_view_if_needed()
        _loaded(page, picture)
        assert picture.evaluate(PICTURE_WHOLE), shown.caption
    panel.scroll_into_view_if_needed()
    page.screenshot(path=ARTIFACTS / f"phone-handouts-list-whole-{size}.png")
