"""The call pinned at the top of a player's phone, at 360x740 (a fresh-eyes evening's
defects): the most pressing call reads whole at a glance, wrapped rather than cut with "…";
an urgent call (the Scene ending with the hero's Gamble open, their turn in a Tumult, the
Director asking them) comes before a handout on show; the card a call leads to lands with its
heading below the banner; and the Tumult's "acts without a Gamble" keeps a gap from the card
under it."""

import pytest
from playwright.sync_api import expect

from sessions.actions import investigations, tumults
from tests.browser.conftest import ARTIFACTS, gamble_panel, seated, try_and_roll
from tests.browser.http import Visitor
from tests.images import handout

pytestmark = [pytest.mark.browser, pytest.mark.looks, pytest.mark.django_db(transaction=True)]

SMALL_PHONE = {"width": 360, "height": 740}
CAPTION = "The harbourmaster's ledger, its torn pages pasted back in"

# Whether the words of the banner's first call are all drawn (none cut with "…").
FIRST_WHOLE = """banner => {
  const words = banner.querySelector('li .call-text');
  return words.scrollWidth <= words.clientWidth && words.scrollHeight <= words.clientHeight;
}"""


def _show_handout(asgi_server, playing, password) -> None:
    adventure = playing["adventure"]
    ledger = handout(adventure, CAPTION)
    director = Visitor(asgi_server, adventure.director, password)
    assert director.post(playing["url"] + "handouts/reveal/", {"handout": ledger.pk})[0] == 200


def _below(locator, banner) -> None:
    """``locator`` wholly on screen and not under the banner pinned at the top."""
    expect(locator).to_be_in_viewport(ratio=1)
    box, pinned = locator.bounding_box(), banner.bounding_box()
    assert box["y"] >= pinned["y"] + pinned["height"], (box, pinned)


def test_the_first_call_reads_whole_and_leads_to_its_card_below_the_banner(
    in_hand, asgi_server, playing, password
):
    adventure, sam = playing["adventure"], playing["sam"]
    investigations.ask_to_investigate(
        adventure, sam.pk, "The ledger's torn pages", adventure.director
    )
    page = seated(in_hand, SMALL_PHONE, "bob", password, playing["url"])
    _show_handout(asgi_server, playing, password)
    banner = page.get_by_role("navigation", name="Waiting on you")
    expect(banner).to_contain_text("2 more waiting on you")
    first = banner.get_by_role("link").first
    expect(first).to_contain_text("Sam Okafor: the Director asks you to investigate")
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=ARTIFACTS / "phone-first-call-whole-360x740.png")
    # Read whole at a glance: wrapped, not cut with "…", without a tap.
    assert banner.evaluate(FIRST_WHOLE)
    # Two lines or three for it, one for the rest folded: the banner stays small.
    assert banner.bounding_box()["height"] <= 150, banner.bounding_box()

    # Tapped: the hero's card below the banner, headed for what it asks, its heading in sight.
    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    first.tap()
    heading = gamble_panel(page, "Sam Okafor").get_by_role(
        "heading", name="Sam Okafor: Investigation"
    )
    _below(heading, banner)
    page.screenshot(path=ARTIFACTS / "phone-first-call-tapped-360x740.png")

    # The hero bar's jump back to the Gamble lands its heading below the banner too.
    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    page.locator(".hero-bar").get_by_role("link", name="Gamble").tap()
    _below(heading, banner)


def test_the_scene_ending_comes_before_a_handout_on_show(in_hand, asgi_server, playing, password):
    adventure = playing["adventure"]
    page = seated(in_hand, SMALL_PHONE, "bob", password, playing["url"])
    panel = gamble_panel(page, "Sam Okafor")
    panel.get_by_label("What are you attempting?").fill("Pick the harbourmaster's lock")
    try_and_roll(panel, tap=True)
    expect(panel.get_by_role("button", name="Lock in")).to_be_visible(timeout=20_000)
    _show_handout(asgi_server, playing, password)
    banner = page.get_by_role("navigation", name="Waiting on you")
    expect(banner).to_contain_text(f"A handout is on show: {CAPTION}")

    director = Visitor(asgi_server, adventure.director, password)
    director.get(playing["url"])
    end = {"part": "director-pacing", "tool": "end-scene"}
    _, body = director.post(playing["url"] + "scene/end/", end)
    assert "Sam Okafor still has a Gamble open" in body
    first = banner.get_by_role("link").first
    expect(first).to_contain_text("Sam Okafor: lock in now, the Scene is ending")
    page.evaluate("window.scrollTo(0, 0)")
    assert banner.evaluate(FIRST_WHOLE)
    page.screenshot(path=ARTIFACTS / "phone-scene-ending-call-first-360x740.png")
    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    first.tap()
    # It lands on what it asks for: the Gamble's moves, Lock in whole below the banner.
    _below(panel.get_by_role("button", name="Lock in"), banner)
    page.screenshot(path=ARTIFACTS / "phone-scene-ending-call-tapped-360x740.png")


def test_the_tumult_call_lands_the_gambles_heading_below_the_banner(
    in_hand, asgi_server, playing, password
):
    """The turn is taken on the hero's Gamble: the call lands there, its heading below the
    banner and Roll! in sight (a fresh-eyes phone: on the Tumult's card, Roll! was a screen
    further down)."""
    adventure = playing["adventure"]
    tumults.start_tumult(adventure, adventure.director)
    page = seated(in_hand, SMALL_PHONE, "bob", password, playing["url"])
    _show_handout(asgi_server, playing, password)
    banner = page.get_by_role("navigation", name="Waiting on you")
    expect(banner).to_contain_text(f"A handout is on show: {CAPTION}")
    first = banner.get_by_role("link").first
    expect(first).to_contain_text("Sam Okafor: your turn in the Tumult")
    page.evaluate("window.scrollTo(0, 0)")
    assert banner.evaluate(FIRST_WHOLE)
    first.tap()
    mine = gamble_panel(page, "Sam Okafor")
    _below(mine.get_by_role("heading", name="Sam Okafor: Gamble"), banner)
    expect(mine.get_by_role("button", name="Roll!")).to_be_in_viewport(ratio=1)
    page.screenshot(path=ARTIFACTS / "phone-tumult-call-tapped-360x740.png")
    # The Tumult's own move, further down: a gap between it and the card under it.
    acts = page.get_by_role("button", name="Sam Okafor acts without a Gamble")
    gap = acts.evaluate(
        """button => {
          const part = button.closest('[id=tumult-moves-panel]');
          let next = part.nextElementSibling;
          while (next && !next.getBoundingClientRect().height) next = next.nextElementSibling;
          return next.getBoundingClientRect().top - button.getBoundingClientRect().bottom;
        }"""
    )
    assert gap >= 8, gap

    # A folded call, tapped, opens whole as the page goes to its card: the banner grows, and
    # the card's heading still lands below it.
    banner.get_by_text("2 more waiting on you").tap()
    banner.get_by_role("link", name=f"A handout is on show: {CAPTION}").tap()
    _below(page.get_by_role("heading", name="Handout", exact=True), banner)
    page.screenshot(path=ARTIFACTS / "phone-folded-call-tapped-360x740.png")
