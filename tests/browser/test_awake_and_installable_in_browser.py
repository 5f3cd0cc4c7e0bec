"""Awake and installable (issue 24 items 5 and 7): the TV and a phone at a Scene keep their
screens on with the Screen Wake Lock API, and a phone can add the site to its home screen.

Headless Chromium grants a screen wake lock on a page from 127.0.0.1, so nothing is stubbed:
the page's own requests are watched by wrapping `navigator.wakeLock.request`, which still asks
the browser for a real lock."""

import re

import pytest
from playwright.sync_api import expect

from sessions.models import Adventure
from tests.browser.conftest import log_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

TV = {"width": 1920, "height": 1080}
LAPTOP = {"width": 1366, "height": 900}

# Counts the page's wake lock requests and keeps the locks it got, to drop one as the browser
# does when a page is hidden (headless Chromium never hides a page).
WATCH = """
window.wakeLocksAsked = 0;
window.wakeLocksGot = [];
const ask = navigator.wakeLock.request.bind(navigator.wakeLock);
navigator.wakeLock.request = async (type) => {
  window.wakeLocksAsked += 1;
  const lock = await ask(type);
  window.wakeLocksGot.push(lock);
  return lock;
};
"""


def _watched(page):
    page.add_init_script(WATCH)
    return page


def _held(page) -> bool:
    return page.evaluate("wakeLocksGot.some((lock) => !lock.released)")


def test_the_tv_keeps_its_screen_on_and_asks_again_when_it_comes_back_into_view(game, new_page):
    Adventure.objects.filter(pk=game["adventure"].pk).update(screen_token="tv-awake")
    tv = _watched(new_page(TV))
    tv.goto("/screen/tv-awake/")
    expect(tv.locator("html")).to_have_attribute("data-wake-lock", "held")
    assert _held(tv)
    assert tv.evaluate("wakeLocksAsked") == 1
    # The browser lets go of the lock (the page was hidden); back in view, the page asks again.
    tv.evaluate("wakeLocksGot[0].release()")
    expect(tv.locator("html")).to_have_attribute("data-wake-lock", "released")
    tv.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
    expect(tv.locator("html")).to_have_attribute("data-wake-lock", "held")
    assert tv.evaluate("wakeLocksAsked") == 2
    assert _held(tv)


def test_a_phone_at_the_table_stays_awake_only_while_a_scene_is_in_play(game, new_page, password):
    adventure = game["adventure"]
    phone = _watched(new_page())
    log_in(phone, "bob", password)
    phone.goto(f"/adventures/{adventure.pk}/table/")
    expect(phone.locator("[data-live-status]")).to_have_text(re.compile("Live"))
    assert phone.evaluate("wakeLocksAsked") == 0  # before the first Scene the phone may sleep
    laptop = _watched(new_page(LAPTOP))
    log_in(laptop, "carol", password)
    laptop.goto(f"/adventures/{adventure.pk}/table/")
    expect(laptop.locator("[data-live-status]")).to_have_text(re.compile("Live"))

    director = new_page(LAPTOP)
    log_in(director, "director", password)
    director.goto(f"/adventures/{adventure.pk}/table/")
    director.get_by_role("button", name="Start Leg").click()
    director.get_by_role("button", name="Start Scene").click()
    expect(phone.locator("[data-scene-in-play]")).to_be_visible()
    expect(phone.locator("html")).to_have_attribute("data-wake-lock", "held")
    assert _held(phone)
    expect(laptop.locator("[data-scene-in-play]")).to_be_visible()
    assert laptop.evaluate("wakeLocksAsked") == 0  # a laptop on the table: its own settings

    director.get_by_role("button", name="End Scene").click()
    expect(phone.locator("[data-scene-in-play]")).to_have_count(0)
    expect(phone.locator("html")).to_have_attribute("data-wake-lock", "released")
    assert not _held(phone)


def test_a_phone_can_add_the_site_to_its_home_screen(phone):
    phone.goto("/")
    cdp = phone.context.new_cdp_session(phone)
    manifest = cdp.send("Page.getAppManifest")
    assert manifest["errors"] == []
    assert manifest["url"].endswith("/manifest.webmanifest")
    expect(phone.locator('meta[name="theme-color"]')).to_have_attribute("content", "#b3261e")
    for size in (192, 512):
        src = phone.evaluate(
            f"fetch('{manifest['url']}').then(r => r.json())"
            f".then(m => m.icons.find(i => i.sizes === '{size}x{size}').src)"
        )
        answer = phone.request.get(src)
        assert answer.status == 200
        assert answer.headers["content-type"] == "image/png"
        width = int.from_bytes(answer.body()[16:20], "big")  # the PNG's IHDR width
        assert width == size
    # No service worker: nothing of a live table is ever served from a cache.
    assert phone.evaluate("navigator.serviceWorker.getRegistrations().then(r => r.length)") == 0
