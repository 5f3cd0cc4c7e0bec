"""A player's phone through a Tumult round (a fresh-eyes review, 390x844 and 360x780, touch):
the waiting line sits clear of the Gamble card, never over it; once the hero has acted,
Roll! is off with the reason (as the waiting line says), on again in the next round; and
after the enemies' turn only the truth shows: the enemies have acted, nothing of them
"striking" still. And a handout's call says which handout is on show."""

import re

import pytest
from playwright.sync_api import expect

from sessions.models import Adventure
from tests.browser.conftest import (
    ARTIFACTS,
    HAND_IDS,
    HAND_SIZES,
    THREE,
    foes_in_sight,
    gamble_panel,
    seated,
    tumult_against_them_all,
)
from tests.browser.http import Visitor
from tests.browser.test_tv_stage_in_browser import _moves
from tests.images import handout

pytestmark = [pytest.mark.browser, pytest.mark.looks, pytest.mark.django_db(transaction=True)]


def _size(viewport) -> str:
    return f"{viewport['width']}x{viewport['height']}"


def _apart(page, one, other) -> bool:
    """Whether the parts of the two in sight lie apart (one off the screen covers nothing)."""
    height = page.evaluate("innerHeight")
    a, b = one.bounding_box(), other.bounding_box()
    a_top, a_foot = max(a["y"], 0), min(a["y"] + a["height"], height)
    b_top, b_foot = max(b["y"], 0), min(b["y"] + b["height"], height)
    return a_foot <= a_top or b_foot <= b_top or a_foot <= b_top + 0.5 or b_foot <= a_top + 0.5


@pytest.mark.parametrize("viewport", HAND_SIZES, ids=HAND_IDS)
def test_the_round_is_told_true_on_the_phone(in_hand, viewport, asgi_server, playing, password):
    foes_in_sight(playing["adventure"], *THREE)
    roll, lock, direct = _moves(asgi_server, playing, password)
    tumult_against_them_all(asgi_server, playing, password)
    page = seated(in_hand, viewport, "bob", password, playing["url"])
    page.get_by_role("link", name="Sam Okafor: your turn in the Tumult").tap()
    panel = gamble_panel(page, "Sam Okafor")
    roll_button = panel.get_by_role("button", name="Roll!")
    expect(roll_button).to_be_enabled()

    # Sam acts; Ada is still to act.
    roll(playing["sam"], "Leap the gap")
    lock(playing["sam"])
    waiting = page.locator(".turn-wait")
    expect(waiting).to_contain_text("You have acted this round.")
    # Roll! is off, saying why (the server would refuse a second Gamble this round).
    expect(roll_button).to_be_disabled()
    reason = panel.locator(".roll-wait")
    expect(reason).to_contain_text("You have acted this round")
    # The waiting line sits in the page's flow: never over the Gamble card, wherever the
    # player is scrolled (pinned, it lay over the card's top at 390x844).
    for scrolled in (None, 0, 120, 300):
        if scrolled is not None:
            page.evaluate(f"window.scrollTo(0, {scrolled})")
            page.wait_for_timeout(150)
        assert _apart(page, waiting, panel), (
            scrolled,
            waiting.bounding_box(),
            panel.bounding_box(),
        )
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=ARTIFACTS / f"phone-told-true-acted-{_size(viewport)}.png")

    # Ada acts; the enemies strike.
    roll(playing["ada"], "Punch the guard")
    lock(playing["ada"])
    direct("tumult/enemies/", {})
    expect(waiting).to_contain_text("The enemies have acted.")
    # Only the true state: nothing says the enemies are still striking.
    expect(page.get_by_text("The enemies are striking")).to_have_count(0)
    expect(page.get_by_text("when they're done")).to_have_count(0)
    expect(roll_button).to_be_disabled()
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=ARTIFACTS / f"phone-told-true-enemies-acted-{_size(viewport)}.png")

    # The next round: Roll! live again, no reason left.
    direct("tumult/next/")
    expect(page.get_by_role("link", name="Sam Okafor: your turn in the Tumult")).to_be_visible()
    expect(roll_button).to_be_enabled()
    expect(reason).to_have_count(0)


@pytest.mark.parametrize("caption", ["The harbour map", "The map of the old docks, 1891"])
@pytest.mark.parametrize("viewport", HAND_SIZES, ids=HAND_IDS)
def test_a_handouts_call_says_what_is_on_show(
    in_hand, viewport, caption, asgi_server, playing, password
):
    """A fresh-eyes phone: the handout's call said only that one was on show. A caption short
    enough to title it reads whole in the call, on its one row, the picture beside it a tap
    from full screen."""
    shown = handout(playing["adventure"], caption)
    page = seated(in_hand, viewport, "bob", password, playing["url"])
    director = Visitor(asgi_server, playing["adventure"].director, password)
    assert director.post(playing["url"] + "handouts/reveal/", {"handout": shown.pk})[0] == 200
    banner = page.get_by_role("navigation", name="Waiting on you")
    call = banner.get_by_role("link", name=f"Handout: {caption}")
    expect(call).to_be_visible()
    expect(banner.locator(".call-handout .call-text")).to_have_text(f"Handout: {caption}")
    assert call.locator("xpath=..").bounding_box()["height"] <= 48
    page.screenshot(path=ARTIFACTS / f"phone-handout-titled-{len(caption)}-{_size(viewport)}.png")
    banner.get_by_role("link", name=f"Full screen: {caption}").tap()
    expect(page.get_by_role("dialog", name=caption)).to_be_visible()


@pytest.mark.parametrize("by_qr", [False, True], ids=["plain", "qr"])
def test_a_sign_up_goes_on_to_a_page_of_its_own(in_hand, by_qr, asgi_server, playing, password):
    """Signed up, the phone is on the page it goes on to (the address too, not the sign-up's
    answered in place): a reload sends nothing again. From the TV's QR code, that is making
    a hero for its table."""
    phone = in_hand(HAND_SIZES[0])
    code = Adventure.objects.get(pk=playing["adventure"].pk).join_code
    phone.goto(f"/join/{code}/" if by_qr else "/accounts/signup/")
    phone.get_by_label("Username").fill("nell")
    phone.get_by_label("Password", exact=True).fill(password)
    phone.get_by_label("Password confirmation").fill(password)
    phone.get_by_role("button", name="Sign up").tap()
    expect(phone).to_have_url(re.compile(rf"/join/{code}/hero/$" if by_qr else r"/home/$"))
    posts = []
    phone.on("request", lambda request: posts.append(request) if request.method == "POST" else None)
    phone.reload()
    expect(phone).to_have_url(re.compile(rf"/join/{code}/hero/$" if by_qr else r"/home/$"))
    assert posts == []
