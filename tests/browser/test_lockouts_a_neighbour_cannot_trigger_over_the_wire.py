"""Lock-outs a hostile neighbour at the table's shared address can't use against a player, over
the wire to the real server: everyone here comes from 127.0.0.1, one address, as a table behind
one router does. The browser a player has logged in from before carries a signed device cookie
that lets the right password through a lock-out others ran up (OWASP's device cookie), with its
own few tries; and a look-alike of someone's username is refused at sign-up."""

import copy
import time

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from tests.browser.conftest import screenshot
from tests.browser.http import Visitor

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

DEVICE_COOKIE = "enigma_device"
WORDS = "brass-idol-monsoon-77"
LOCKED = 429


def _log_in(visitor: Visitor, username: str, password: str) -> tuple[int, str]:
    visitor.get("/accounts/login/")
    return visitor.post("/accounts/login/", {"username": username, "password": password})


def _logged_in_as(visitor: Visitor, username: str, password: str) -> bool:
    status, page = _log_in(visitor, username, password)
    return status == 200 and f'Log out <span class="visually-hidden">{username}' in page


def _device_cookie(visitor: Visitor):
    return next((cookie for cookie in visitor.jar if cookie.name == DEVICE_COOKIE), None)


def _own_browser(server: str, username: str, password: str) -> Visitor:
    """A browser that has logged in as ``username`` before, and logged out since."""
    browser = Visitor(server)
    assert _logged_in_as(browser, username, password)
    browser.post("/accounts/logout/")
    return browser


def _fail(server: str, username: str, times: int) -> list[int]:
    """A neighbour's wrong passwords for ``username``: the answers (400, or 429 as the last
    one locks it)."""
    neighbour = Visitor(server)
    return [_log_in(neighbour, username, "not-my-password")[0] for _ in range(times)]


def _lock_out(server: str, username: str) -> None:
    tries = settings.AXES_FAILURE_LIMIT
    assert _fail(server, username, tries) == [400] * (tries - 1) + [LOCKED]


def test_a_login_leaves_a_long_lived_signed_device_cookie_scripts_cannot_read(
    asgi_server, make_user, password
):
    make_user("sam")
    phone = Visitor(asgi_server)
    assert _device_cookie(phone) is None
    assert _logged_in_as(phone, "sam", password)
    cookie = _device_cookie(phone)
    assert cookie is not None
    assert cookie.has_nonstandard_attr("HttpOnly")
    assert cookie.get_nonstandard_attr("SameSite") == "Lax"
    assert cookie.expires > time.time() + 300 * 24 * 3600


def test_my_own_browser_gets_through_a_lockout_a_neighbour_ran_up(asgi_server, make_user, password):
    make_user("sam")
    make_user("ada")
    phone = _own_browser(asgi_server, "sam", password)
    adas_phone = _own_browser(asgi_server, "ada", password)
    _lock_out(asgi_server, "sam")
    # The lock-out holds for every other browser at the address, even with the right password.
    status, page = _log_in(Visitor(asgi_server), "sam", password)
    assert status == LOCKED
    assert "Too many failed attempts" in page
    # Ada's phone vouches for Ada, not for Sam.
    assert _log_in(adas_phone, "sam", password)[0] == LOCKED
    # A copy of Sam's cookie with its signature changed vouches for nobody.
    forged = Visitor(asgi_server)
    cookie = copy.copy(_device_cookie(phone))
    cookie.value = cookie.value[:-2] + ("BB" if cookie.value.endswith("AA") else "AA")
    forged.jar.set_cookie(cookie)
    assert _log_in(forged, "sam", password)[0] == LOCKED
    # Sam's own phone, which has logged in as Sam before, gets in.
    assert _logged_in_as(phone, "sam", password)
    # And that hands the neighbour no fresh tries: the lock-out still holds for them.
    assert _log_in(Visitor(asgi_server), "sam", password)[0] == LOCKED


def test_my_own_browser_gets_through_the_address_s_lockout_too(asgi_server, make_user, password):
    make_user("sam")
    make_user("ada")
    phone = _own_browser(asgi_server, "sam", password)
    per_name = settings.AXES_FAILURE_LIMIT - 1  # never one username's lock-out
    answers = []
    for number in range(settings.LOGIN_FAILURE_LIMIT_PER_ADDRESS // per_name):
        answers += _fail(asgi_server, f"someone{number}", per_name)
    assert answers[-1] == LOCKED
    assert _log_in(Visitor(asgi_server), "ada", password)[0] == LOCKED
    assert _logged_in_as(phone, "sam", password)


def test_my_browser_has_its_own_few_tries_and_they_lock_no_one_else_out(
    asgi_server, make_user, password
):
    make_user("sam")
    phone = _own_browser(asgi_server, "sam", password)
    for _ in range(settings.AXES_FAILURE_LIMIT - 1):
        assert _log_in(phone, "sam", "not-my-password")[0] == 400
    assert _log_in(phone, "sam", "not-my-password")[0] == LOCKED
    status, page = _log_in(phone, "sam", password)
    assert status == LOCKED
    assert "Too many failed attempts" in page
    # The phone's failures were its own: Sam's laptop at the same address still gets in.
    assert _logged_in_as(Visitor(asgi_server), "sam", password)


def test_a_look_alike_of_a_username_is_refused_at_sign_up(phone, make_user):
    make_user("dirA")
    look_alike = "d\N{CYRILLIC SMALL LETTER BYELORUSSIAN-UKRAINIAN I}rA"
    phone.goto("/accounts/signup/")
    phone.get_by_label("Username").fill(look_alike)
    phone.get_by_label("Password", exact=True).fill(WORDS)
    phone.get_by_label("Password confirmation").fill(WORDS)
    phone.get_by_role("button", name="Sign up").click()
    expect(phone.get_by_text("That name looks just like someone else’s here")).to_be_visible()
    screenshot(phone, "sign-up-look-alike-phone")
    assert not get_user_model().objects.filter(username=look_alike).exists()


def test_failures_at_a_look_alike_count_against_the_username_it_copies(
    asgi_server, make_user, password
):
    make_user("dirA")
    _lock_out(asgi_server, "d\N{CYRILLIC SMALL LETTER BYELORUSSIAN-UKRAINIAN I}rA")
    assert _log_in(Visitor(asgi_server), "dirA", password)[0] == LOCKED
