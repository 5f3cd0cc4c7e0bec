import re

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import open_menu, screenshot

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_sign_up_log_out_log_in_on_a_phone(phone, password):
    phone.goto("/")
    expect(phone.get_by_role("heading", level=1)).to_contain_text("Play Enigma together")
    screenshot(phone, "landing-phone")

    phone.get_by_role("link", name="Sign up and make a hero").click()
    phone.get_by_label("Username").fill("nancy")
    phone.get_by_label("Password", exact=True).fill(password)
    phone.get_by_label("Password confirmation").fill(password)
    phone.get_by_role("button", name="Sign up").click()

    expect(phone).to_have_url(re.compile(r"/home/$"))
    expect(phone.get_by_role("heading", name="Your characters")).to_be_visible()
    expect(phone.get_by_role("heading", name="Your adventures")).to_be_visible()
    screenshot(phone, "home-phone")

    open_menu(phone)
    phone.get_by_role("button", name="Log out").click()
    expect(phone.get_by_text("You slipped out quietly")).to_be_visible()

    phone.get_by_role("link", name="Log in").first.click()
    phone.get_by_label("Username").fill("nancy")
    phone.get_by_label("Password").fill(password)
    phone.get_by_role("button", name="Log in").click()
    expect(phone.get_by_role("heading", name="Howdy, nancy!")).to_be_visible()


def test_pages_fit_a_360px_phone_without_sideways_scrolling(new_page):
    page = new_page({"width": 360, "height": 740})
    for path in ["/", "/accounts/signup/", "/accounts/login/", "/about/"]:
        page.goto(path)
        overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
        assert overflow <= 0, f"{path} scrolls sideways by {overflow}px at 360px"


def test_keyboard_user_can_skip_to_content_and_see_focus(desktop):
    desktop.goto("/about/")
    desktop.keyboard.press("Tab")
    skip = desktop.get_by_role("link", name="Skip to content")
    expect(skip).to_be_focused()
    outline = skip.evaluate("el => getComputedStyle(el).outlineStyle")
    assert outline != "none"
    desktop.keyboard.press("Enter")
    expect(desktop.locator("main")).to_be_focused()
    desktop.goto("/accounts/login/")
    screenshot(desktop, "login-desktop")


def test_wrong_password_shows_a_clear_error(phone, alice):
    phone.goto("/accounts/login/")
    phone.get_by_label("Username").fill("alice")
    phone.get_by_label("Password").fill("not-the-password")
    phone.get_by_role("button", name="Log in").click()
    expect(phone.get_by_role("alert")).to_contain_text("correct username and password")


def test_too_many_wrong_passwords_show_when_to_try_again(phone, alice, password):
    phone.goto("/accounts/login/")
    for _ in range(5):
        phone.get_by_label("Username").fill("alice ")
        phone.get_by_label("Password").fill("not-the-password")
        phone.get_by_role("button", name="Log in").click()
    alert = phone.get_by_role("alert")
    expect(alert).to_contain_text("Too many failed attempts")
    expect(alert).to_contain_text(re.compile(r"try again in 15 minutes, after \d\d:\d\d"))
    # Even the right password waits: nothing is checked while locked out.
    phone.get_by_label("Password").fill(password)
    phone.get_by_role("button", name="Log in").click()
    expect(phone.get_by_role("alert")).to_contain_text("Too many failed attempts")
    screenshot(phone, "login-locked-out-phone")
