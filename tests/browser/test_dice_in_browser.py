"""Dice that feel like dice: fresh dice tumble onto every screen, a Success, a Blunder and a
Knockout land as moments, people who asked for less motion get none, and the dice can be
heard — only where someone turned the sound on."""

import pytest
from playwright.sync_api import expect

from characters.models import Character
from sessions.models import Adventure
from tests.browser.conftest import (
    DESKTOP,
    gamble_panel,
    log_in,
    more_dice,
    screenshot,
    try_and_roll,
)
from tests.browser.http import Visitor
from tests.browser.test_tv_screen_in_browser import _fits_without_scrolling

pytestmark = [pytest.mark.browser, pytest.mark.looks, pytest.mark.django_db(transaction=True)]

TV = {"width": 1920, "height": 1080}
# Note the sounds a page tries to play (by name, without the static files' hash), playing none.
COUNT_PLAYS = """
window.dicePlays = [];
HTMLMediaElement.prototype.play = function () {
  window.dicePlays.push(this.src.split("/").pop().split(".")[0]);
  return Promise.resolve();
};
"""


def _console_errors(page) -> list[str]:
    errors: list[str] = []
    page.on(
        "console", lambda message: errors.append(message.text) if message.type == "error" else None
    )
    page.on("pageerror", lambda error: errors.append(str(error)))
    return errors


def _animation(locator) -> str:
    return locator.evaluate("element => getComputedStyle(element).animationName")


def _plays(page) -> list[str]:
    return page.evaluate("() => window.dicePlays")


def _roll(panel, advantages: int) -> None:
    more_dice(panel)
    panel.get_by_label("External advantages (+1d6 each)").fill(str(advantages))
    try_and_roll(panel)


def test_the_dice_tumble_the_verdict_lands_and_the_sound_is_opt_in(
    new_page, asgi_server, playing, password, load_dice
):
    director = Visitor(asgi_server, playing["adventure"].director, password)
    assert director.post(playing["url"] + "screen/", {"enabled": "1"})[0] == 200
    tv = new_page(TV)
    tv.add_init_script(COUNT_PLAYS)
    tv_errors = _console_errors(tv)
    tv.goto(f"/screen/{Adventure.objects.get().screen_token}/")
    phone = new_page()
    phone.add_init_script(COUNT_PLAYS)
    phone_errors = _console_errors(phone)
    log_in(phone, "bob", password)
    phone.goto(playing["url"])
    for page in (tv, phone):
        expect(page.locator("[data-live-status]")).to_have_text("Live")
        # Off until someone turns it on.
        toggle = page.get_by_role("button", name="Sound: off")
        expect(toggle).to_have_attribute("aria-pressed", "false")

    # The TV's room wants to hear the dice; the choice survives a reload.
    tv.get_by_role("button", name="Sound: off").click()
    expect(tv.get_by_role("button", name="Sound: on")).to_have_attribute("aria-pressed", "true")
    tv.reload()
    expect(tv.locator("[data-live-status]")).to_have_text("Live")
    expect(tv.get_by_role("button", name="Sound: on")).to_have_attribute("aria-pressed", "true")

    sam = playing["sam"].name
    panel = gamble_panel(phone, sam)
    load_dice(6, 5)
    _roll(panel, 1)
    tv_latest = tv.locator("#latest-panel")
    for dice in (
        panel.locator(".die"),
        phone.locator("#latest-panel .die"),
        tv_latest.locator(".die"),
    ):
        expect(dice).to_have_count(2)
        expect(dice.first).to_have_class("die die-hit die-roll")
        assert _animation(dice.first) == "die-tumble"
    # The dice keep their words for a screen reader.
    expect(tv_latest.get_by_label("Die 1: 6")).to_be_visible()
    tv.wait_for_function("() => window.dicePlays.length === 1")
    assert _plays(tv) == ["rattle"]
    phone.wait_for_timeout(1_000)  # the dice have landed
    screenshot(phone, "dice-rolled-phone")

    panel.get_by_role("button", name="Lock in").click()
    for latest in (tv_latest, phone.locator("#latest-panel")):
        verdict = latest.locator(".verdict-word")
        expect(verdict).to_have_text("Success!")
        assert _animation(verdict) == "verdict-stamp"
        # Locked dice lie still: the moment is the verdict's.
        expect(latest.locator(".die-roll")).to_have_count(0)
    tv.wait_for_function("() => window.dicePlays.length === 2")
    assert _plays(tv) == ["rattle", "success"]

    # One Peril short of a Knockout, Sam rolls a 1.
    Character.objects.filter(pk=playing["sam"].pk).update(peril=5)
    load_dice(1, 2)
    _roll(panel, 1)
    expect(tv_latest.locator(".die-roll")).to_have_count(2)
    panel.get_by_role("button", name="Lock in").click()
    for page in (tv, phone):
        latest = page.locator("#latest-panel")
        expect(latest.locator(".verdict-word")).to_have_text("Blunder!")
        banner = latest.locator(".knockout-banner")
        expect(banner).to_have_text(f"KNOCKOUT! {sam} is out for the rest of the Scene.")
        assert _animation(banner) == "knockout-slam"
        expect(page.locator("#log-list > li").first).to_have_class(
            "event event-gamble_locked event-knockout"
        )
    tv.wait_for_function("() => window.dicePlays.length === 4")
    assert _plays(tv)[2:] == ["rattle", "knockout"]
    tv.wait_for_timeout(1_200)  # the moments have landed
    screenshot(tv, "dice-knockout-tv")
    screenshot(phone, "dice-knockout-phone")
    # The Knockout's banner still fits a small TV's one frame.
    tv.set_viewport_size({"width": 1280, "height": 720})
    _fits_without_scrolling(tv)
    screenshot(tv, "dice-knockout-tv-720")

    # Nobody turned the phone's sound on: it stayed quiet all evening.
    assert _plays(phone) == []

    # Less motion, asked for: nothing moves, and everything still says what happened.
    for page in (tv, phone):
        page.emulate_media(reduced_motion="reduce")
        latest = page.locator("#latest-panel")
        assert _animation(latest.locator(".knockout-banner")) == "none"
        assert _animation(latest.locator(".verdict-word")) == "none"
        expect(latest.locator(".verdict-word")).to_be_visible()
    assert tv_errors == []
    assert phone_errors == []


def test_dice_stay_still_for_those_who_asked_for_less_motion(
    new_page, playing, password, load_dice
):
    phone = new_page(DESKTOP)
    phone.emulate_media(reduced_motion="reduce")
    log_in(phone, "bob", password)
    phone.goto(playing["url"])
    expect(phone.locator("[data-live-status]")).to_have_text("Live")
    load_dice(6, 1)
    _roll(gamble_panel(phone, playing["sam"].name), 1)
    dice = phone.locator("#latest-panel .die-roll")
    expect(dice).to_have_count(2)
    assert _animation(dice.first) == "none"
    expect(phone.locator("#latest-panel").get_by_label("Die 2: 1")).to_be_visible()
