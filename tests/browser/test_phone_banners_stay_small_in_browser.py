"""The banners pinned at the top of a player's phone stay small (a fresh-eyes phone, item 1:
the Scene ending on Sam's Gamble and a handout on show took ~150 px at 390x844, a quarter of
the screen with the hero bar): a handout's call is one row beside a small picture, a pointer
to the handout read whole in its panel; what is read
scrolls out from under the banners, and a jump lands below them, with the X-card's pause up
too. At 390x844 and 360x740."""

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import ARTIFACTS, gamble_panel, seated, try_and_roll
from tests.browser.http import Visitor
from tests.images import handout

pytestmark = [pytest.mark.browser, pytest.mark.looks, pytest.mark.django_db(transaction=True)]

PHONES = [{"width": 390, "height": 844}, {"width": 360, "height": 740}]
PHONE_IDS = ["390x844", "360x740"]
CAPTION = "A receipt from Tock & Daughters: one brass regulator, paid in gold"
ANONYMOUS = "Add anonymously (nobody, not even the Director, sees who)"

# The foot of the lowest banner held at the top of the screen (0: none).
PINNED_BOTTOM = """() => Math.max(0, ...[...document.querySelectorAll(
    '.calls, #pause-panel, .pause-banner')]
  .filter(el => getComputedStyle(el).position === 'sticky')
  .map(el => el.getBoundingClientRect())
  .filter(box => box.height && box.top <= 1)
  .map(box => box.bottom))"""


def _clear_of_the_banners(page, locator) -> None:
    expect(locator).to_be_in_viewport(ratio=1)
    top, pinned = locator.bounding_box()["y"], page.evaluate(PINNED_BOTTOM)
    assert top >= pinned - 0.5, (top, pinned)


@pytest.mark.parametrize("viewport", PHONES, ids=PHONE_IDS)
def test_two_calls_and_the_pause_leave_the_phone_its_screen(
    in_hand, asgi_server, playing, password, viewport
):
    adventure = playing["adventure"]
    size = f"{viewport['width']}x{viewport['height']}"
    receipt = handout(adventure, CAPTION)
    # Sam has said what he sees on the Wide Shot: two calls come, not three.
    bob = Visitor(asgi_server, playing["sam"].owner, password)
    said = {"text": "Sawdust on the floor"}
    assert bob.post(playing["url"] + f"wideshot/{playing['sam'].pk}/", said)[0] == 200
    page = seated(in_hand, viewport, "bob", password, playing["url"])
    panel = gamble_panel(page, "Sam Okafor")
    panel.get_by_label("What are you attempting?").fill("Pick the harbourmaster's lock")
    try_and_roll(panel, tap=True)
    expect(panel.get_by_role("button", name="Lock in")).to_be_visible(timeout=20_000)

    director = Visitor(asgi_server, adventure.director, password)
    director.get(playing["url"])
    assert director.post(playing["url"] + "handouts/reveal/", {"handout": receipt.pk})[0] == 200
    end = {"part": "director-pacing", "tool": "end-scene"}
    # Asked once, the Director is warned: Sam's Gamble is open. Sam is called to lock it in.
    assert (
        "Sam Okafor still has a Gamble open" in director.post(playing["url"] + "scene/end/", end)[1]
    )
    banner = page.get_by_role("navigation", name="Waiting on you")
    expect(banner.get_by_role("link").first).to_contain_text(
        "Sam Okafor: lock in now, the Scene is ending"
    )
    call = banner.get_by_role("link", name=f"A handout is on show: {CAPTION}")
    expect(call).to_be_visible()
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=ARTIFACTS / f"phone-banners-small-{size}.png")

    # The handout's call beside its picture, one row: a pointer to the handout, whose caption
    # reads whole in its panel (a later look: four lines of it kept ~170 px with the pause).
    assert call.bounding_box()["height"] <= 48, call.bounding_box()
    assert banner.get_by_role("link", name=f"Full screen: {CAPTION}").is_visible()
    # Both calls in well under 150 px.
    assert banner.bounding_box()["height"] <= 130, banner.bounding_box()

    # What is read scrolls out from under them; a jump lands below them.
    page.get_by_text("Add a Line or a Veil").tap()
    anonymous = page.get_by_text(ANONYMOUS)
    anonymous.evaluate("el => el.scrollIntoView({block: 'start'})")
    _clear_of_the_banners(page, anonymous)
    page.screenshot(path=ARTIFACTS / f"phone-banners-small-scrolled-{size}.png")

    # The X-card: the pause's bar above the calls; the call to lock in lands Lock in below both.
    carol = Visitor(asgi_server, playing["ada"].owner, password)
    carol.get(playing["url"])
    assert carol.post(playing["url"] + "x-card/")[0] == 200
    expect(page.get_by_role("alert").filter(has_text="Paused.")).to_be_visible()
    _clear_of_the_banners(page, anonymous)
    banner.get_by_role("link").first.tap()
    _clear_of_the_banners(page, panel.get_by_role("button", name="Lock in"))
    page.screenshot(path=ARTIFACTS / f"phone-banners-small-paused-{size}.png")
    pinned = page.evaluate(PINNED_BOTTOM)
    # The pause's bar and the calls under it: under a quarter of the screen.
    assert pinned <= viewport["height"] / 4 - 20, pinned
