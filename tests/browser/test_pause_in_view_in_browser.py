"""The pause can't be missed (issue 35 item 1): while the X-card holds the table, a bar stays in
view at every scroll position on the Director's laptop and on a player's phone, the page's
title says "Paused · …", and the Director resumes from the bar wherever they are on the page;
then the bar goes and the title is plain again. The TV's title says it too."""

import re

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import (
    ARTIFACTS,
    HAND_IDS,
    HAND_SIZES,
    PHONE,
    screenshot,
    seated,
    shared_screen,
)
from tests.browser.http import Visitor

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LAPTOP = {"width": 1366, "height": 768}
PAUSED_TITLE = re.compile(r"^Paused · ")


def _bar_in_view(page) -> None:
    """The bar at the top, at the top of the page, in its middle and at its foot."""
    bar = page.get_by_role("alert").filter(has_text="Paused.")
    height = page.evaluate("document.documentElement.scrollHeight")
    assert height > 1.5 * page.viewport_size["height"], (
        "the page must scroll for this to mean anything"
    )
    for where in (0, height // 2, height):
        page.evaluate(f"window.scrollTo(0, {where})")
        expect(bar).to_be_in_viewport(ratio=1)
        box = bar.bounding_box()
        # Pinned at the top; at the very top of the page, in its place under the header (on a
        # phone under the Live badge too: beside it, pinned, it left page text showing past it).
        assert 0 <= box["y"] < (80 if where else 130), (where, box)


def _press_x_card(asgi_server, playing, password) -> None:
    player = Visitor(asgi_server, playing["sam"].owner, password)
    player.get(playing["url"])
    status, _ = player.post(playing["url"] + "x-card/")
    assert status == 200


def test_the_director_sees_the_pause_wherever_they_are_and_resumes_from_the_bar(
    new_page, asgi_server, playing, password
):
    page = seated(new_page, LAPTOP, "alice", password, playing["url"])
    plain = page.title()
    assert not PAUSED_TITLE.match(plain)
    page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")

    _press_x_card(asgi_server, playing, password)

    expect(page).to_have_title(f"Paused · {plain}")
    _bar_in_view(page)
    screenshot(page, "pause-bar-director-scrolled")
    page.screenshot(path=ARTIFACTS / "pause-bar-director-view.png")  # what the Director sees
    page.get_by_role("alert").filter(has_text="Paused.").get_by_role(
        "button", name="Resume the game"
    ).click()
    expect(page.get_by_role("alert").filter(has_text="Paused.")).to_have_count(0)
    expect(page).to_have_title(plain)


def test_a_player_sees_the_pause_on_a_phone_wherever_they_are(
    new_page, asgi_server, playing, password
):
    phone = seated(new_page, PHONE, "bob", password, playing["url"])
    plain = phone.title()
    hero_bar = phone.locator("[data-hero-bar]")
    expect(hero_bar.get_by_role("link", name=re.compile("^Gamble"))).to_be_visible()
    phone.evaluate("window.scrollTo(0, document.documentElement.scrollHeight / 2)")

    _press_x_card(asgi_server, playing, password)

    expect(phone).to_have_title(f"Paused · {plain}")
    _bar_in_view(phone)
    # The hero bar at the foot offers no Gamble while paused, and says why (issue 34).
    expect(hero_bar.get_by_role("link")).to_have_count(0)
    expect(hero_bar.get_by_role("note")).to_have_text(
        "Paused (X-card): no Gambles until the Director resumes the game."
    )
    expect(hero_bar.get_by_role("note")).to_be_in_viewport(ratio=1)
    expect(phone.get_by_role("button", name=re.compile("^(Roll!|Enter the roll)"))).to_be_disabled()
    screenshot(phone, "pause-bar-phone-scrolled")
    phone.screenshot(path=ARTIFACTS / "pause-hero-bar-phone-view.png")
    expect(phone.get_by_role("button", name="Resume the game")).to_have_count(0)

    director = Visitor(asgi_server, playing["adventure"].director, password)
    director.get(playing["url"])
    status, _ = director.post(playing["url"] + "resume/")
    assert status == 200
    expect(phone.get_by_role("alert").filter(has_text="Paused.")).to_have_count(0)
    expect(phone).to_have_title(plain)
    # Back live: the hero bar offers the Gamble again.
    expect(hero_bar.get_by_role("link", name=re.compile("^Gamble"))).to_be_visible()
    expect(hero_bar.get_by_role("note")).to_have_count(0)


def test_the_tv_title_says_the_table_is_paused(new_page, asgi_server, playing, password):
    path = shared_screen(asgi_server, playing, password)
    director = Visitor(asgi_server, playing["adventure"].director, password)
    tv = new_page({"width": 1280, "height": 720})
    tv.goto(path)
    expect(tv.locator("[data-live-status]")).to_have_text("Live")
    plain = tv.title()

    _press_x_card(asgi_server, playing, password)
    expect(tv).to_have_title(f"Paused · {plain}")
    status, _ = director.post(playing["url"] + "resume/")
    assert status == 200
    expect(tv).to_have_title(plain)


def _whole_on_screen(phone, locator) -> None:
    """Every line of ``locator`` inside the screen as the phone shows it (its visual viewport:
    what a thumb sees, not the layout's box)."""
    box = locator.bounding_box()
    seen = phone.evaluate(
        "({top: visualViewport.offsetTop, height: visualViewport.height, inner: innerHeight})"
    )
    assert box is not None
    assert box["y"] >= seen["top"] - 1, (box, seen)
    assert box["y"] + box["height"] <= seen["top"] + min(seen["height"], seen["inner"]) + 1, (
        box,
        seen,
    )


@pytest.mark.parametrize("viewport", HAND_SIZES, ids=HAND_IDS)
def test_the_pause_strip_at_the_foot_is_whole_when_the_pause_comes_live(
    in_hand, asgi_server, playing, password, viewport
):
    """A fresh-eyes phone (touch, 390x844): the X-card pressed while scrolled, the foot's
    "Paused (X-card): no Gambles until the Director…" ran its second line off the screen."""
    phone = seated(in_hand, viewport, "bob", password, playing["url"])
    hero_bar = phone.locator("[data-hero-bar]")
    director = Visitor(asgi_server, playing["adventure"].director, password)
    director.get(playing["url"])
    height = phone.evaluate("document.documentElement.scrollHeight")
    for where in (height // 2, height, 0):
        phone.evaluate(f"window.scrollTo(0, {where})")
        expect(hero_bar.get_by_role("link", name=re.compile("^Gamble"))).to_be_visible()
        _press_x_card(asgi_server, playing, password)
        note = hero_bar.get_by_role("note")
        expect(note).to_have_text(
            "Paused (X-card): no Gambles until the Director resumes the game."
        )
        expect(note).to_be_in_viewport(ratio=1)
        _whole_on_screen(phone, hero_bar)
        _whole_on_screen(phone, phone.get_by_role("alert").filter(has_text="Paused."))
        size = f"{viewport['width']}x{viewport['height']}"
        phone.screenshot(path=ARTIFACTS / f"pause-live-foot-{size}-{where}.png")
        status, _ = director.post(playing["url"] + "resume/")
        assert status == 200
        expect(note).to_have_count(0)


# A phone's toolbar coming back over the foot of the page (the browser's own, which headless
# Chromium has not): the visible part of the page (`visualViewport`) is that much shorter than
# the page's window, as on a phone whose address bar shows again as the page changes under it.
TOOLBAR = """(() => {
  const real = window.visualViewport;
  const events = new EventTarget();
  window.toolbarHeight = 0;
  const seen = {
    get height() { return real.height - window.toolbarHeight; },
    get width() { return real.width; },
    get offsetTop() { return real.offsetTop; },
    get offsetLeft() { return real.offsetLeft; },
    get pageTop() { return real.pageTop; },
    get pageLeft() { return real.pageLeft; },
    get scale() { return real.scale; },
    addEventListener: (...args) => events.addEventListener(...args),
    removeEventListener: (...args) => events.removeEventListener(...args),
    dispatchEvent: (event) => events.dispatchEvent(event),
  };
  Object.defineProperty(window, "visualViewport", { get: () => seen });
})();"""


def test_the_pause_at_the_foot_stays_whole_above_a_toolbar_come_back(
    in_hand, asgi_server, playing, password
):
    """The bar at the foot is lifted over what covers the foot of the page (a toolbar come
    back), so the pause's two lines, drawn live, are whole on the screen."""
    phone = seated(
        lambda size: _with_toolbar(in_hand(size)), HAND_SIZES[0], "bob", password, playing["url"]
    )
    hero_bar = phone.locator("[data-hero-bar]")
    phone.evaluate("window.scrollTo(0, document.documentElement.scrollHeight / 2)")
    expect(hero_bar.get_by_role("link", name=re.compile("^Gamble"))).to_be_visible()
    phone.evaluate("window.toolbarHeight = 56; visualViewport.dispatchEvent(new Event('resize'))")
    _press_x_card(asgi_server, playing, password)
    note = hero_bar.get_by_role("note")
    expect(note).to_have_text("Paused (X-card): no Gambles until the Director resumes the game.")
    phone.wait_for_function(
        """() => {
          const bar = document.querySelector("[data-hero-bar]").getBoundingClientRect();
          return bar.bottom <= visualViewport.offsetTop + visualViewport.height + 1;
        }"""
    )
    _whole_on_screen(phone, hero_bar)
    # The toolbar gone again: the bar back at the very foot.
    phone.evaluate("window.toolbarHeight = 0; visualViewport.dispatchEvent(new Event('resize'))")
    phone.wait_for_function(
        "() => document.querySelector('[data-hero-bar]').getBoundingClientRect().bottom"
        " >= innerHeight - 1"
    )


def _with_toolbar(page):
    page.add_init_script(TOOLBAR)
    return page
