"""A handout the Director reveals shows on a player's phone as a picture, not only as a line
(the review: "phones show a revealed handout only as a banner link"): small beside its call
at the top of the phone, on the first screen with no tap or scroll; a tap on it opens it full
screen, to pinch; it goes when the Director puts it away and when the Scene ends. At 390x844
and 360x780."""

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import ARTIFACTS, HAND_IDS, HAND_SIZES, seated
from tests.browser.http import Visitor
from tests.images import handout

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

CAPTION = "The harbourmaster's ledger, its torn pages pasted back in"


def _picture_in_sight(page, thumb) -> None:
    expect(thumb).to_be_in_viewport(ratio=1)
    picture = thumb.locator("img")
    page.wait_for_function(
        "(img) => img.complete && img.naturalWidth > 0", arg=picture.element_handle()
    )
    # A picture big enough to see what it is, whatever its shape (a tall telegram read as a
    # sliver: fresh-eyes phone), and a finger's target round it.
    box = picture.bounding_box()
    assert box["height"] >= 42, box
    assert box["width"] >= 42, box
    target = thumb.bounding_box()
    assert target["height"] >= 44, target
    assert target["width"] >= 44, target
    # Nothing of the banner runs off the side of the phone.
    banner = page.get_by_role("navigation", name="Waiting on you").bounding_box()
    assert banner["x"] >= 0, banner
    assert banner["x"] + banner["width"] <= page.viewport_size["width"] + 0.5, banner


@pytest.mark.parametrize("viewport", HAND_SIZES, ids=HAND_IDS)
def test_a_revealed_handout_shows_on_the_phone_until_it_is_put_away(
    in_hand, asgi_server, playing, password, viewport
):
    adventure = playing["adventure"]
    ledger = handout(adventure, CAPTION)
    secret = handout(adventure, "Veil's secret letter")
    page = seated(in_hand, viewport, "bob", password, playing["url"])
    banner = page.get_by_role("navigation", name="Waiting on you")
    thumb = banner.get_by_role("link", name=f"Full screen: {CAPTION}")
    size = f"{viewport['width']}x{viewport['height']}"

    director = Visitor(asgi_server, adventure.director, password)
    assert director.post(playing["url"] + "handouts/reveal/", {"handout": ledger.pk})[0] == 200
    _picture_in_sight(page, thumb)
    expect(banner.get_by_role("link", name=f"A handout is on show: {CAPTION}")).to_be_visible()
    expect(page.locator(f"img[src*='/pictures/handouts/{secret.pk}/']")).to_have_count(0)
    page.screenshot(path=ARTIFACTS / f"phone-handout-banner-{size}.png")

    # A tap: the whole screen, the picture as large as it fits, free to pinch.
    thumb.tap()
    zoom = page.get_by_role("dialog", name=CAPTION)
    expect(zoom).to_be_visible()
    page.wait_for_function("document.querySelector('.zoom-dialog img').naturalWidth > 0")
    box = zoom.bounding_box()
    assert box["width"] >= viewport["width"] - 1, box
    assert box["height"] >= viewport["height"] - 1, box
    shown = zoom.get_by_role("img", name=CAPTION).bounding_box()
    assert shown["width"] >= viewport["width"] - 1, shown
    actions = page.evaluate(
        """() => [".zoom-dialog", ".zoom-frame", ".zoom-dialog img"].map(
          (s) => getComputedStyle(document.querySelector(s)).touchAction)"""
    )
    assert all(a == "auto" or "pinch-zoom" in a for a in actions), actions
    page.screenshot(path=ARTIFACTS / f"phone-handout-zoom-{size}.png")
    zoom.get_by_role("button", name="Close").tap()
    expect(zoom).to_be_hidden()

    # Put away: the picture leaves the phone's banner, live.
    assert director.post(playing["url"] + "handouts/away/")[0] == 200
    expect(thumb).to_have_count(0)
    expect(banner.locator("img")).to_have_count(0)

    # Shown again, then the Scene ends: it goes with the Scene.
    assert director.post(playing["url"] + "handouts/reveal/", {"handout": ledger.pk})[0] == 200
    _picture_in_sight(page, thumb)
    assert director.post(playing["url"] + "scene/end/")[0] == 200
    expect(thumb).to_have_count(0)
    expect(page.locator(".calls img")).to_have_count(0)


@pytest.mark.parametrize("viewport", HAND_SIZES, ids=HAND_IDS)
def test_the_handouts_caption_opens_it_and_so_does_the_keyboard(
    in_hand, asgi_server, playing, password, viewport
):
    """Its "(tap to zoom)" does what it says: a tap on the caption under the picture opens it
    full screen, as a tap on the picture does, and so does Enter on the picture's link."""
    adventure = playing["adventure"]
    ledger = handout(adventure, CAPTION)
    page = seated(in_hand, viewport, "bob", password, playing["url"])
    director = Visitor(asgi_server, adventure.director, password)
    director.get(playing["url"])
    assert director.post(playing["url"] + "handouts/reveal/", {"handout": ledger.pk})[0] == 200
    shown = page.locator("#handouts-panel .handout-show")
    expect(shown).to_contain_text("(tap to zoom)")
    zoom = page.get_by_role("dialog", name=CAPTION)

    shown.get_by_text("(tap to zoom)").tap()
    expect(zoom).to_be_visible()
    zoom.get_by_role("button", name="Close").tap()
    expect(zoom).to_be_hidden()
    shown.locator("figcaption").tap(position={"x": 5, "y": 5})  # the caption's first words
    expect(zoom).to_be_visible()
    page.keyboard.press("Escape")
    expect(zoom).to_be_hidden()

    # With the keyboard: the picture's link, named by its caption, opens it with Enter.
    picture = page.locator("#handouts-panel").get_by_role("link", name=CAPTION, exact=True)
    picture.focus()
    page.keyboard.press("Enter")
    expect(zoom).to_be_visible()
    expect(zoom.get_by_role("img", name=CAPTION)).to_be_visible()
