"""A fresh-eyes evening (dice59): the roll-for page's Lock in sits as the form's own last move,
not beside "Re-rolling by hand?"; a success is asked about before the Catchphrase throws it
away (on the phone and on the roll-for page, by keyboard too, at 360 px); the player's phone
watches a Gamble the Director is rolling for its hero, no moves of its own on it; and the
Blammo! Die is marked among the dice, on the phone and the TV's spotlight."""

import pytest
from playwright.sync_api import expect

from sessions.models import Adventure, Gamble
from tests.browser.conftest import (
    ARTIFACTS,
    HAND_IDS,
    HAND_SIZES,
    drawn,
    gamble_panel,
    log_in,
    more_dice,
    seated,
    shared_screen,
    try_and_roll,
)
from tests.browser.http import Visitor
from tests.browser.test_tv_stage_in_browser import SIZES

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LAPTOP = {"width": 1366, "height": 768}
ASKED = "Your roll already succeeds. Re-roll anyway?"


def _shot(page, name: str, *, whole: bool = True) -> None:
    drawn(page)
    page.screenshot(path=ARTIFACTS / f"{name}.png", full_page=whole)


def _roll_for_sam(new_page, playing, password, load_dice, *faces):
    """The Director on Sam's roll-for page at 1366×768 (real dice or the app's), the app's
    dice rolled for him; his panel there."""
    Adventure.objects.update(real_dice="either")
    page = seated(new_page, LAPTOP, "alice", password, playing["url"])
    page.goto(playing["url"] + f"for/{playing['sam'].pk}/")
    expect(page.get_by_role("heading", name="Rolling for Sam Okafor")).to_be_visible()
    panel = gamble_panel(page, "Sam Okafor")
    load_dice(*faces)
    try_and_roll(panel, "Climb the crane to the wheelhouse")
    expect(panel.get_by_role("img", name=f"Die 1: {faces[0]}")).to_be_visible()
    return page, gamble_panel(page, "Sam Okafor")


def test_lock_in_is_the_roll_for_forms_own_last_move(
    new_page, asgi_server, playing, password, load_dice
):
    page, panel = _roll_for_sam(new_page, playing, password, load_dice, 2)
    faces = panel.get_by_label("Re-rolling by hand? The new faces")
    reroll = panel.get_by_role("button", name="Catchphrase re-roll")
    lock = panel.get_by_role("button", name="Lock in")
    expect(lock).to_be_visible()
    _shot(page, "roll-for-lock-in-own-row-1366")
    by_hand, button, locking = (x.bounding_box() for x in (faces, reroll, lock))
    group = panel.locator(".reroll-form").bounding_box()
    # Below the whole re-roll group, never level with its by-hand line...
    assert locking["y"] >= group["y"] + group["height"], (group, locking)
    assert locking["y"] > by_hand["y"] + by_hand["height"]
    # ...and left-aligned with the re-roll's group and the panel's words, as the page's other
    # primary buttons are (Roll! before it).
    title = panel.get_by_role("heading", name="Sam Okafor: Gamble").bounding_box()
    assert abs(locking["x"] - group["x"]) <= 2, (group, locking)
    assert abs(locking["x"] - title["x"]) <= 2, (title, locking)
    assert button["x"] < group["x"] + group["width"]


def test_the_roll_for_page_asks_before_rerolling_a_success(
    new_page, asgi_server, playing, password, load_dice
):
    page, panel = _roll_for_sam(new_page, playing, password, load_dice, 5)
    panel.get_by_role("button", name="Catchphrase re-roll").click()
    question = panel.get_by_role(
        "group", name="Sam Okafor's roll already succeeds. Re-roll anyway?"
    )
    expect(question).to_be_visible()
    _shot(page, "roll-for-reroll-asks-1366")
    load_dice(3)
    question.get_by_role("button", name="Yes, re-roll").click()
    panel = gamble_panel(page, "Sam Okafor")
    expect(panel.get_by_role("img", name="Die 1: 3")).to_be_visible()
    assert Gamble.objects.get().catchphrase_used


@pytest.mark.parametrize("size", HAND_SIZES, ids=HAND_IDS)
def test_the_phone_asks_before_the_catchphrase_throws_a_success_away(
    in_hand, asgi_server, playing, password, load_dice, size
):
    phone = seated(in_hand, size, "bob", password, playing["url"])
    panel = gamble_panel(phone, "Sam Okafor")
    load_dice(6)
    try_and_roll(panel)
    reroll = panel.get_by_role("button", name="Catchphrase re-roll")
    expect(reroll).to_have_attribute("aria-expanded", "false")
    question = panel.get_by_role("group", name=ASKED)
    expect(question).to_be_hidden()

    # By keyboard: the question opens with its yes focused; "No" shuts it, the focus back.
    reroll.focus()
    phone.keyboard.press("Enter")
    expect(question).to_be_visible()
    expect(reroll).to_have_attribute("aria-expanded", "true")
    yes = question.get_by_role("button", name="Yes, re-roll")
    expect(yes).to_be_focused()
    question.scroll_into_view_if_needed()
    _shot(phone, f"phone-reroll-asks-{size['width']}", whole=False)
    for button in (yes, question.get_by_role("button", name="No, keep it")):
        box = button.bounding_box()
        assert box["x"] >= 0, box
        assert box["x"] + box["width"] <= size["width"], box
    phone.keyboard.press("Tab")
    phone.keyboard.press("Enter")  # "No, keep it"
    expect(question).to_be_hidden()
    expect(reroll).to_be_focused()
    assert not Gamble.objects.get().catchphrase_used

    phone.keyboard.press("Enter")
    load_dice(2)
    expect(yes).to_be_focused()
    phone.keyboard.press("Enter")
    expect(panel.get_by_role("img", name="Die 1: 2")).to_be_visible()
    assert Gamble.objects.get().catchphrase_used


def test_a_blunder_rerolls_at_once(in_hand, asgi_server, playing, password, load_dice):
    phone = in_hand(HAND_SIZES[1])
    log_in(phone, "bob", password)
    phone.goto(playing["url"])
    panel = gamble_panel(phone, "Sam Okafor")
    load_dice(3)
    try_and_roll(panel)
    expect(panel.get_by_role("img", name="Die 1: 3")).to_be_visible()
    load_dice(5)
    panel.get_by_role("button", name="Catchphrase re-roll").click()
    expect(panel.get_by_role("img", name="Die 1: 5")).to_be_visible()
    expect(panel.get_by_text("Re-roll anyway?")).to_have_count(0)


@pytest.mark.parametrize("size", HAND_SIZES, ids=HAND_IDS)
def test_the_phone_watches_the_directors_roll_for_its_hero(
    in_hand, asgi_server, playing, password, load_dice, size
):
    phone = seated(in_hand, size, "bob", password, playing["url"])
    sam = playing["sam"]
    director = Visitor(asgi_server, playing["adventure"].director, password)
    director.get(playing["url"])
    load_dice(5, 2)
    roll = {"request_id": "for-sam-59", "intent": "climb the drainpipe", "advantages": 1}
    assert director.post(playing["url"] + f"roll/{sam.pk}/", roll)[0] == 200
    panel = gamble_panel(phone, "Sam Okafor")
    expect(panel.get_by_text("The Director is rolling for Sam Okafor.")).to_be_visible()
    expect(panel.get_by_role("img", name="Die 1: 5")).to_be_visible()
    expect(panel.get_by_text("climb the drainpipe")).to_be_visible()
    expect(
        panel.get_by_text("The Director re-rolls and locks it in from their page")
    ).to_be_visible()
    expect(panel.get_by_role("button", name="Catchphrase re-roll")).to_have_count(0)
    expect(panel.get_by_label("Re-rolling by hand? The new faces")).to_have_count(0)
    expect(panel.get_by_role("button", name="Lock in")).to_have_count(0)
    panel.scroll_into_view_if_needed()
    _shot(phone, f"phone-director-rolling-no-moves-{size['width']}", whole=False)


def test_the_blammo_die_is_marked_on_the_phone_and_the_tv(
    new_page, in_hand, asgi_server, playing, password, load_dice
):
    path = shared_screen(asgi_server, playing, password)
    tv = new_page(SIZES["1080p"])
    tv.goto(path)
    expect(tv.locator("[data-live-status]")).to_have_text("Live")
    spotlight = tv.locator(".spotlight-part")
    spotlight.evaluate("holder => holder.dataset.shownFor = 60000")

    phone = in_hand(HAND_SIZES[1])
    log_in(phone, "bob", password)
    phone.goto(playing["url"])
    panel = gamble_panel(phone, "Sam Okafor")
    panel.get_by_label("What are you attempting?").fill("Kick the boiler door in")
    more_dice(panel)
    panel.get_by_label("Sound effect 1").fill("KER-CHUNK!")
    load_dice(3, 6)
    panel.get_by_role("button", name="Roll!").click()

    blammo = panel.get_by_role("img", name="Die 2: 6 (Blammo! Die: KER-CHUNK!)")
    expect(blammo).to_be_visible()
    expect(panel.get_by_role("img", name="Die 1: 3")).to_be_visible()
    expect(panel.locator(".die-slot").nth(1).locator(".blammo-tag")).to_have_text("Blammo!")
    expect(panel.locator(".die-slot").nth(1).locator(".blammo-tag")).to_be_visible()
    expect(panel.locator(".blammo-tag")).to_have_count(1)
    panel.scroll_into_view_if_needed()
    _shot(phone, "phone-blammo-die-marked-360", whole=False)

    spot = spotlight.locator(".spotlight")
    expect(spot.get_by_role("img", name="Die 2: 6 (Blammo! Die: KER-CHUNK!)")).to_be_visible()
    expect(spot.locator(".blammo-tag")).to_have_text("Blammo!")
    tv.evaluate("document.getAnimations().forEach((a) => a.finish())")
    _shot(tv, "tv-blammo-die-marked-1080p")
