"""A player's phone in a Tumult (a fresh-eyes review, 390x844 and 360x780, touch): a notice (the
Director's words, the enemies' strike) never lies over the Gamble being built: come while the
player is scrolled down, it is seen where they are and moves the Gamble down below it; their
next touch lets it go up with the page, above the calls, where a labelled "×" puts it away;
and while none of the player's heroes is to act, a calm line at the top says whose turn
it is and that theirs comes next, drawn live as the turn goes round: above the calls, in the page's
flow, never over the Gamble card."""

import pytest
from playwright.sync_api import expect

from sessions.models import Danger
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
from tests.browser.test_tv_stage_in_browser import _moves

pytestmark = [pytest.mark.browser, pytest.mark.looks, pytest.mark.django_db(transaction=True)]

TOLD = (
    "The rain stops all at once. Somewhere below the office a ship's bell rings three times, "
    "and every lamp on the quay goes out together."
)
# What is on top at the middle of an element (the element itself, or what lies over it).
ON_TOP = """el => {
  const box = el.getBoundingClientRect();
  const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
  return Boolean(top) && (el === top || el.contains(top));
}"""


def _size(viewport) -> str:
    return f"{viewport['width']}x{viewport['height']}"


def _reachable(*locators) -> None:
    for locator in locators:
        expect(locator).to_be_in_viewport(ratio=1)
        assert locator.evaluate(ON_TOP), locator


@pytest.mark.parametrize("viewport", HAND_SIZES, ids=HAND_IDS)
def test_a_notice_leaves_the_gamble_clear(in_hand, viewport, asgi_server, playing, password):
    foes_in_sight(playing["adventure"], *THREE)
    _roll, _lock, direct = _moves(asgi_server, playing, password)
    tumult_against_them_all(asgi_server, playing, password)
    page = seated(in_hand, viewport, "bob", password, playing["url"])
    page.get_by_role("link", name="Sam Okafor: your turn in the Tumult").tap()
    panel = gamble_panel(page, "Sam Okafor")
    heading = panel.get_by_role("heading", name="Sam Okafor: Gamble")
    field = panel.get_by_label("What are you attempting?")
    roll = panel.get_by_role("button", name="Roll!")
    _reachable(heading, field, roll)
    page.screenshot(path=ARTIFACTS / f"phone-notice-before-{_size(viewport)}.png")

    direct("narrate/", {"note": TOLD})
    told = page.get_by_role("status").filter(has_text="The Director tells the table")
    expect(told).to_contain_text(TOLD)
    page.wait_for_timeout(300)
    page.screenshot(path=ARTIFACTS / f"phone-notice-arrives-{_size(viewport)}.png")
    # Come while the player is down at their Gamble: seen where they are, whole, and the
    # Gamble's top moved down below it, nothing over it.
    expect(told).to_be_in_viewport(ratio=1)
    _reachable(heading, field)
    # Their next touch (the Gamble's field) lets it go up with the page: only the calls stay
    # pinned, the whole Gamble theirs.
    field.tap()
    expect(field).to_be_focused()
    page.wait_for_timeout(300)
    page.screenshot(path=ARTIFACTS / f"phone-notice-let-go-{_size(viewport)}.png")
    _reachable(field)
    # Gone up with the page, or at its place in the page above the Gamble: never over it.
    told_foot = page.evaluate(
        "() => document.querySelector('.told-banner').getBoundingClientRect().bottom"
    )
    panel_top = panel.bounding_box()["y"]
    assert told_foot <= max(1, panel_top), (told_foot, panel_top)
    field.fill("Swing across on the chandelier")
    field.blur()
    page.evaluate("window.scrollBy(0, 120)")
    page.wait_for_timeout(100)
    box = told.bounding_box()
    assert box["y"] + box["height"] <= 1, box
    _reachable(roll)

    # Up at the top of the page, the notice reads whole above the Gamble, its "×" labelled.
    page.evaluate("window.scrollTo(0, 0)")
    expect(told).to_be_in_viewport(ratio=1)
    page.screenshot(path=ARTIFACTS / f"phone-notice-at-the-top-{_size(viewport)}.png")
    notice_foot = told.bounding_box()["y"] + told.bounding_box()["height"]
    assert heading.bounding_box()["y"] >= notice_foot, (told.bounding_box(), heading.bounding_box())
    close = told.get_by_role("button", name="Got it: put this away")
    _reachable(close)
    close.tap()
    expect(told).to_be_hidden()


@pytest.mark.parametrize("viewport", HAND_SIZES, ids=HAND_IDS)
def test_the_phone_waits_calmly_through_the_enemies_turn(
    in_hand, viewport, asgi_server, playing, password
):
    foes_in_sight(playing["adventure"], *THREE)
    roll, lock, direct = _moves(asgi_server, playing, password)
    tumult_against_them_all(asgi_server, playing, password)
    page = seated(in_hand, viewport, "bob", password, playing["url"])
    waiting = page.locator(".turn-wait")
    your_turn = page.get_by_role("link", name="Sam Okafor: your turn in the Tumult")
    expect(your_turn).to_be_visible()
    expect(waiting).to_have_count(0)
    your_turn.tap()
    panel = gamble_panel(page, "Sam Okafor")

    # Sam acts; Ada is still to act: said, pinned where the turn's call was.
    roll(playing["sam"], "Leap the gap")
    lock(playing["sam"])
    expect(waiting).to_have_attribute("role", "status")
    expect(waiting).to_contain_text("You have acted this round.")
    expect(waiting).to_contain_text("Still to act: Ada.")
    expect(your_turn).to_have_count(0)
    # In the page's flow above the calls, going up with it (pinned, it lay over the Gamble
    # card's top): by Roll!, the card says the same.
    expect(panel.locator(".roll-wait")).to_contain_text("You have acted this round")
    page.evaluate("window.scrollTo(0, 0)")
    expect(waiting).to_be_in_viewport(ratio=1)
    page.screenshot(path=ARTIFACTS / f"phone-wait-others-{_size(viewport)}.png")

    # Ada rolls: her action is done only once locked in (a Lucky Save may still come), so the
    # enemies wait for it.
    roll(playing["ada"], "Punch the guard")
    expect(waiting).to_contain_text("Still to lock in: Ada. Then the enemies act")
    expect(waiting).not_to_contain_text("The Director is telling")
    page.screenshot(path=ARTIFACTS / f"phone-wait-lock-in-{_size(viewport)}.png")
    # She locks in: the enemies' turn, the Director telling what they do.
    lock(playing["ada"])
    expect(waiting).to_contain_text(
        "The enemies act. The Director is telling what Brass Jack, Museum guards and The Lurker"
        " do. Your turn comes in the next round."
    )
    expect(waiting).to_be_in_viewport(ratio=1)
    page.screenshot(path=ARTIFACTS / f"phone-wait-enemies-{_size(viewport)}.png")

    # They strike: the blow is told (an alert) and the waiting line says the round is over.
    jack = Danger.objects.get(name="Brass Jack")
    direct("tumult/enemies/", {f"split-{jack.pk}-{playing['sam'].pk}": 2})
    struck = page.get_by_role("alert").filter(has_text="The enemies strike!")
    expect(struck).to_have_count(1)
    expect(waiting).to_contain_text("The enemies have acted. The next round starts")
    expect(waiting).to_be_in_viewport(ratio=1)
    # Nothing of the notice over the Gamble the player is looking at.
    top = page.evaluate("document.querySelector('.turn-wait').getBoundingClientRect().bottom")
    box = panel.bounding_box()
    probe = page.evaluate(
        f"""() => {{
        const el = document.elementFromPoint(innerWidth / 2, {top} + 20);
        return el ? el.closest('.peril-banner') === null : false;
    }}"""
    )
    assert probe, box
    page.screenshot(path=ARTIFACTS / f"phone-wait-struck-{_size(viewport)}.png")

    # The next round: Sam's turn again, the waiting line gone.
    direct("tumult/next/")
    expect(your_turn).to_be_visible()
    expect(waiting).to_have_count(0)
    page.screenshot(path=ARTIFACTS / f"phone-wait-over-{_size(viewport)}.png")


def test_a_laptop_reads_the_waiting_line_too(new_page, asgi_server, playing, password):
    foes_in_sight(playing["adventure"], *THREE)
    roll, lock, _direct = _moves(asgi_server, playing, password)
    tumult_against_them_all(asgi_server, playing, password)
    page = seated(new_page, {"width": 1366, "height": 768}, "bob", password, playing["url"])
    roll(playing["sam"], "Leap the gap")
    lock(playing["sam"])
    waiting = page.get_by_role("status").filter(has_text="You have acted this round.")
    expect(waiting).to_be_in_viewport(ratio=1)
    page.screenshot(path=ARTIFACTS / "laptop-wait-others-1366x768.png")
