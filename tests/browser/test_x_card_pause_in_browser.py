"""The X-card on a phone: the table pauses, every button that moves the game on is greyed out
with the reason beside it, and once the Director resumes they work again."""

import pytest
from playwright.sync_api import expect

from sessions.models import SafetyNote
from tests.browser.conftest import HAND_SIZES, gamble_panel, screenshot, seated
from tests.browser.http import Visitor

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PAUSED = "The table is paused (X-card)"


def test_a_paused_table_on_a_phone_waits_for_the_director(
    new_page, asgi_server, playing, password, load_dice
):
    SafetyNote.objects.create(adventure=playing["adventure"], kind="line", text="No spiders")
    phone = seated(new_page, None, "bob", password, playing["url"])
    expect(phone.get_by_role("region", name="Lines & Veils")).to_contain_text("No spiders")
    panel = gamble_panel(phone, "Sam Okafor")
    roll = panel.get_by_role("button", name="Roll!")
    expect(roll).to_be_enabled()

    phone.get_by_role("button", name="X-card").first.click()
    expect(phone.get_by_role("alert").filter(has_text="Paused.")).to_be_visible()
    expect(roll).to_be_disabled()
    expect(panel.get_by_role("note").filter(has_text=PAUSED)).to_have_text(
        PAUSED + ": nothing moves on until the Director resumes the game."
    )
    # The hero bar at the phone's foot (inside the panel) says it too, in place of its Gamble.
    expect(panel.locator("[data-hero-bar]").get_by_role("note")).to_contain_text("Paused (X-card)")
    screenshot(phone, "x-card-paused-phone")

    director = Visitor(asgi_server, playing["adventure"].director, password)
    director.get(playing["url"])
    status, _ = director.post(playing["url"] + "resume/")
    assert status == 200

    expect(roll).to_be_enabled(timeout=5_000)
    expect(panel.get_by_role("note")).to_have_count(0)
    load_dice(5, 6)
    panel.get_by_label("What are you attempting?").fill("dash past the spiders")
    roll.click()
    expect(panel.get_by_role("button", name="Lock in")).to_be_enabled()
    screenshot(phone, "x-card-resumed-phone")


def test_the_x_card_looks_the_same_on_every_phone_after_it_was_pressed(
    in_hand, asgi_server, playing, password
):
    """A fresh-eyes evening: after the pause, the presser's X-card read yellow (a tap's hover
    stays on a touch screen), the others' white: a neighbour could tell who pressed it."""
    look = (
        "el => { const s = getComputedStyle(el); return [s.color, s.backgroundColor,"
        " s.outlineStyle, s.boxShadow, s.borderColor].join('|'); }"
    )
    sam = seated(in_hand, HAND_SIZES[0], "bob", password, playing["url"])
    ada = seated(in_hand, HAND_SIZES[1], "carol", password, playing["url"])
    # Pressed as a finger does on a real phone, which keeps a hover where it tapped.
    sam.get_by_role("button", name="X-card").first.click()
    for phone in (sam, ada):
        expect(phone.get_by_role("alert").filter(has_text="Paused.")).to_be_visible()
    # Paused: Fast-forward stands where the X-card was, under the presser's finger.
    fast = [phone.get_by_role("button", name="Fast-forward").evaluate(look) for phone in (sam, ada)]
    assert fast[0] == fast[1]
    director = Visitor(asgi_server, playing["adventure"].director, password)
    director.get(playing["url"])
    assert director.post(playing["url"] + "resume/")[0] == 200
    card = [phone.get_by_role("button", name="X-card").first for phone in (sam, ada)]
    for button in card:
        expect(button).to_be_enabled()
    assert card[0].evaluate(look) == card[1].evaluate(look)
