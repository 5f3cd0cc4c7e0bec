"""A player's phone in play, a fresh-eyes review (390x844, 360x780, touch): the Director's words,
a Danger's blow and the enemies' strike pinned at the top read whole, never cut with "…", in
small type, not a quarter of the screen over the Gamble being built, the player's own hero's
news first; the turn's call in a Tumult lands on the Gamble with
Roll! on the same screen at 360x780, the enemy to aim at chosen on one row; one X-card, on the
hero bar; and Roll! counts the dice the moment a box is ticked, before the server answers."""

import re

import pytest
from playwright.sync_api import expect

from characters.models import Character, Knack
from sessions.models import Danger
from sessions.rules import DangerTemplate
from tests.browser.conftest import (
    ARTIFACTS,
    HAND_IDS,
    HAND_SIZES,
    LONG_FOE,
    foes_in_sight,
    gamble_panel,
    sams_turn_at_360,
    seated,
    tumult_against_them_all,
)
from tests.browser.http import Visitor

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SMALL = {"width": 360, "height": 780}
TOLD = (
    "The rain stops all at once. Somewhere below the office a ship's bell rings three times, "
    "and every lamp on the quay goes out together."
)
# The most of the screen's height a notice pinned at the top may take, its words whole.
STRIP = 0.2
LONG_DANGER = "Doctor Lazarus Vane's Clockwork Automaton of the Brass Lantern Society"
# Every word of an element in sight: nothing clipped, folded or cut with "…".
WHOLE = "el => el.scrollHeight <= el.clientHeight + 1 && el.scrollWidth <= el.clientWidth + 1"


def _size(viewport) -> str:
    return f"{viewport['width']}x{viewport['height']}"


def _strip(page, notice, viewport) -> None:
    box = notice.bounding_box()
    assert box["height"] <= viewport["height"] * STRIP, (box, viewport)


@pytest.mark.parametrize("viewport", HAND_SIZES, ids=HAND_IDS)
def test_the_directors_words_pin_whole_and_small(in_hand, viewport, asgi_server, playing, password):
    page = seated(in_hand, viewport, "bob", password, playing["url"])
    panel = gamble_panel(page, playing["sam"].name)
    panel.get_by_label("What are you attempting?").fill("Swing across on the crane's chain")
    director = Visitor(asgi_server, playing["adventure"].director, password)
    director.get(playing["url"])
    assert director.post(playing["url"] + "narrate/", {"note": TOLD})[0] == 200
    told = page.get_by_role("status").filter(has_text="The Director tells the table")
    expect(told).to_contain_text(TOLD)
    page.evaluate("document.activeElement.blur()")
    page.wait_for_function("() => !document.documentElement.classList.contains('typing')")
    page.screenshot(path=ARTIFACTS / f"phone-told-whole-{_size(viewport)}.png")
    # Every word on the screen, no "Read it all" to tap: small, and still a strip.
    assert told.get_by_text(TOLD).evaluate(WHOLE)
    expect(told.get_by_role("button", name="Read it all")).to_have_count(0)
    _strip(page, told, viewport)


def test_the_enemies_strike_reads_whole_with_the_knockout_first(
    in_hand, asgi_server, playing, password
):
    """A fresh-eyes phone at 360x780: "THE ENEMIES STRIKE! Doctor Lazarus Vane's Clockwork…",
    the hero's knockout cut away behind "Read it all"."""
    adventure, sam = playing["adventure"], playing["sam"]
    (vane, kray) = foes_in_sight(
        adventure,
        (LONG_DANGER, DangerTemplate.VILLAIN),
        ("Lieutenant Kray", DangerTemplate.LIEUTENANT),
    )
    Character.objects.filter(pk=sam.pk).update(peril=5)
    page = seated(in_hand, SMALL, "bob", password, playing["url"])
    tumult_against_them_all(asgi_server, playing, password)
    director = Visitor(asgi_server, adventure.director, password)
    director.get(playing["url"])
    split = {f"split-{vane.pk}-{sam.pk}": 2, f"split-{kray.pk}-{playing['ada'].pk}": 1}
    assert director.post(playing["url"] + "tumult/enemies/", split)[0] == 200
    struck = page.get_by_role("alert").filter(has_text="The enemies strike!")
    mine = struck.get_by_text(re.compile(f"^{re.escape(LONG_DANGER)} strikes"))
    expect(mine).to_contain_text("KNOCKOUT! You are out")
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=ARTIFACTS / "phone-enemies-strike-knockout-360x780.png")
    # The hero's own news whole, first under the title, the rest of the turn after it.
    assert mine.evaluate(WHOLE)
    for words in struck.locator("p").all():
        assert words.evaluate(WHOLE), words.text_content()
    expect(struck.get_by_role("button", name="Read it all")).to_have_count(0)
    first = struck.locator("p:not(.peril-banner-title)").first
    expect(first).to_have_text(re.compile(f"^{re.escape(LONG_DANGER)} strikes"))
    _strip(page, struck, SMALL)


@pytest.mark.parametrize("viewport", HAND_SIZES, ids=HAND_IDS)
def test_a_dangers_blow_pins_a_strip(in_hand, viewport, asgi_server, playing, password):
    adventure, sam = playing["adventure"], playing["sam"]
    (kray,) = foes_in_sight(adventure, ("Lieutenant Kray", DangerTemplate.LIEUTENANT))
    page = seated(in_hand, viewport, "bob", password, playing["url"])
    director = Visitor(asgi_server, adventure.director, password)
    director.get(playing["url"])
    peril = {"character": sam.pk, "delta": 2, "reason": f"danger-{kray.pk}", "detail": ""}
    assert director.post(playing["url"] + "peril/", peril)[0] == 200
    hit = page.get_by_role("alert").filter(has_text="A Danger strikes!")
    expect(hit).to_contain_text("Peril from Lieutenant Kray")
    page.screenshot(path=ARTIFACTS / f"phone-danger-strip-{_size(viewport)}.png")
    _strip(page, hit, viewport)


def test_the_turns_call_lands_on_the_gamble_with_roll_in_sight(
    in_hand, asgi_server, playing, password
):
    sam = playing["sam"]
    lurker = ("The Lurker", DangerTemplate.VILLAIN)
    page = sams_turn_at_360(in_hand, asgi_server, playing, password, lurker)
    call = page.get_by_role("link", name="Sam Okafor: your turn in the Tumult")
    call.tap()
    panel = gamble_panel(page, sam.name)
    roll = panel.get_by_role("button", name="Roll!")
    expect(roll).to_be_in_viewport(ratio=1)
    page.wait_for_timeout(100)  # the jump's smooth scroll, if any, settled
    bar = page.locator("[data-hero-bar]").first.bounding_box()
    box = roll.bounding_box()
    assert box["y"] + box["height"] <= bar["y"], (box, bar)
    expect(panel.get_by_role("heading", name="Sam Okafor: Gamble")).to_be_in_viewport(ratio=1)
    # The enemy to aim at: one row, its question beside the drop-down.
    aim = panel.get_by_label("Aimed at an enemy?")
    question = panel.get_by_text("Aimed at an enemy?", exact=True).bounding_box()
    chosen = aim.bounding_box()
    assert question["x"] + question["width"] <= chosen["x"], (question, chosen)
    # A long name chosen wraps in the drop-down, Roll! still above the bar.
    aim.select_option(label=LONG_FOE)
    box = roll.bounding_box()
    assert box["y"] >= 0, box
    assert box["y"] + box["height"] <= bar["y"], (box, bar)
    page.screenshot(path=ARTIFACTS / "phone-tumult-turn-roll-in-sight-360x780.png")


# How long the whole page is, scrolled.
PAGE_HEIGHT = "document.documentElement.scrollHeight"


@pytest.mark.parametrize("viewport", HAND_SIZES, ids=HAND_IDS)
def test_one_x_card_in_reach_during_play(in_hand, viewport, asgi_server, playing, password):
    foes_in_sight(playing["adventure"], ("Lieutenant Kray", DangerTemplate.LIEUTENANT))
    page = seated(in_hand, viewport, "bob", password, playing["url"])
    tumult_against_them_all(asgi_server, playing, password)
    expect(page.get_by_role("link", name="Sam Okafor: your turn in the Tumult")).to_be_visible()
    x_card = page.get_by_role("button", name="X-card")
    expect(x_card).to_have_count(1)
    for where in ("0", PAGE_HEIGHT):
        page.evaluate(f"window.scrollTo(0, {where})")
        expect(x_card).to_be_in_viewport(ratio=1)
    print(f"{_size(viewport)} page height mid-play:", page.evaluate(PAGE_HEIGHT))
    # Fast-forward stays at the top, with its own words.
    page.evaluate("window.scrollTo(0, 0)")
    fast_forward = page.get_by_role("button", name="Fast-forward")
    expect(fast_forward).to_be_in_viewport(ratio=1)
    expect(page.get_by_text("Skip this moment: nobody is told who.", exact=True)).to_be_visible()
    x_card.tap()
    expect(page.get_by_role("alert").filter(has_text="Paused.")).to_be_visible()
    assert Danger.objects.count() == 1


@pytest.mark.parametrize("viewport", HAND_SIZES, ids=HAND_IDS)
def test_roll_counts_a_ticked_knack_at_once(in_hand, viewport, playing, password):
    Knack.objects.create(character=playing["sam"], text="Brawling in cramped places")
    page = seated(in_hand, viewport, "bob", password, playing["url"])
    panel = gamble_panel(page, "Sam Okafor")
    roll = panel.get_by_role("button", name="Roll!")
    odds = panel.locator(".odds")
    expect(roll).to_have_text("Roll! (1 die)")
    # The server's answer held back: what shows comes from the page itself.
    held = []
    page.route(re.compile(r"/table/odds/\d+/"), lambda route: held.append(route))
    panel.get_by_label("Brawling in cramped places").tap()
    expect(roll).to_have_text("Roll! (2 dice)", timeout=1000)
    expect(odds).to_contain_text("2 dice", timeout=1000)
    panel.get_by_label("Brawling in cramped places").tap()
    expect(roll).to_have_text("Roll! (1 die)", timeout=1000)
    panel.get_by_label("Brawling in cramped places").tap()
    expect(roll).to_have_text("Roll! (2 dice)", timeout=1000)
    assert held, "the odds were asked of the server too"
    # Let through: the server's line, its chances for two dice, agrees.
    for route in held:
        route.continue_()
    page.unroute(re.compile(r"/table/odds/\d+/"))
    expect(odds).to_contain_text(re.compile(r"2 dice: 56% to succeed"))
    expect(roll).to_have_text("Roll! (2 dice)")
