"""Phone first (issue 13, item 4): a player with a phone in one hand, 360 to 390 px wide. The
header is one row, nothing is wider than the screen, buttons are big enough for a thumb, and at
the table the player's own hero and Gamble are always at hand, live."""

import re

import pytest
from playwright.sync_api import expect

from characters.archetypes import ARCHETYPES
from sessions.models import Leg, Scene
from tests.browser.conftest import (
    ARTIFACTS,
    DESKTOP,
    dole_out_peril,
    gamble_panel,
    log_in,
    screenshot,
)

pytestmark = [pytest.mark.browser, pytest.mark.looks, pytest.mark.django_db(transaction=True)]

PHONES = [{"width": 360, "height": 780}, {"width": 390, "height": 844}]
LAPTOP = {"width": 1366, "height": 768}

# What the fit check measures: the page's width against the window's, the header's height, and
# every visible thing a thumb presses (buttons, the bars' links, check box and radio labels)
# that is shorter than 44 px.
MEASURE = """() => {
  const shown = (el) => el.getClientRects().length > 0 && !el.closest('.visually-hidden')
    && getComputedStyle(el).visibility !== 'hidden';
  const targets = 'button, .button, summary, .nav-list a, .hero-bar a, '
    + 'label:has(> input[type=checkbox]), label:has(> input[type=radio]), .checkbox label';
  const small = [...document.querySelectorAll(targets)].filter(shown)
    .map((el) => [el.textContent.trim().slice(0, 40), el.getBoundingClientRect().height])
    .filter(([, height]) => height < 44)
    .map(([text, height]) => `${text} (${Math.round(height)} px)`);
  return {
    scroll: document.documentElement.scrollWidth,
    width: window.innerWidth,
    header: document.querySelector('header.masthead').getBoundingClientRect().height,
    small,
  };
}"""


def _shoot(page, name: str) -> None:
    """The whole page, and what the phone shows first, for a person to look at."""
    screenshot(page, name)
    page.screenshot(path=ARTIFACTS / f"{name}-screen.png")


def _fits_a_phone(page, where: str) -> None:
    page.wait_for_load_state("load")
    measured = page.evaluate(MEASURE)
    assert measured["scroll"] <= measured["width"], f"{where} is wider than the phone: {measured}"
    assert measured["header"] <= 64, f"{where}: the header takes {measured['header']} px"
    assert not measured["small"], f"{where}: too small for a thumb: {measured['small']}"


@pytest.fixture
def under_way(game):
    """Leg 1 and its Scene under way, so the Director's tools and the players' Gambles are live."""
    Leg.objects.update(status=Leg.Status.PLAYING)
    Scene.objects.update(status=Scene.Status.PLAYING)
    return game


@pytest.mark.parametrize("viewport", PHONES, ids=["360", "390"])
def test_every_page_fits_a_phone_under_a_one_row_header(new_page, password, under_way, viewport):
    size = f"{viewport['width']}"
    adventure = under_way["adventure"]
    page = new_page(viewport)

    # Sign-up says what a password needs before anyone gets it wrong.
    page.goto("/accounts/signup/")
    expect(page.get_by_text("at least 8 characters")).to_be_visible()
    _fits_a_phone(page, "sign-up")
    _shoot(page, f"phone-signup-{size}")

    log_in(page, "bob", password)
    _fits_a_phone(page, "home")

    # The links wait behind the Menu, and the Menu answers to the keyboard.
    menu = page.get_by_text("Menu", exact=True)
    characters = page.get_by_role("link", name="Characters", exact=True)
    expect(characters).to_be_hidden()
    menu.click()
    expect(characters).to_be_visible()
    _fits_a_phone(page, "home with the Menu open")
    page.keyboard.press("Escape")
    expect(characters).to_be_hidden()
    expect(page.locator("[data-nav-menu] > summary")).to_be_focused()

    # Creation: every archetype says what it is before it is chosen (a line; the rest folded).
    page.goto("/characters/new/")
    for archetype in ARCHETYPES.values():
        radio = page.get_by_role("radio", name=archetype.name)
        expect(radio).to_have_accessible_description(archetype.summary)
        expect(page.get_by_text(archetype.pitch, exact=True)).to_be_visible()
    _fits_a_phone(page, "creation")
    _shoot(page, f"phone-creation-{size}")
    page.get_by_role("radio", name="The Investigator").check()
    expect(page.get_by_role("heading", name="The Investigator")).to_be_visible()
    # The d66 table stays open after a pick, so the second pick is one more tap.
    page.get_by_text("Equipment table (d66)").click()
    first, second = ARCHETYPES["investigator"].equipment[0][:2]
    page.get_by_role("button", name=first).click()
    expect(page.get_by_label("Equipment 1")).to_have_value(first)
    expect(page.get_by_role("button", name=second)).to_be_visible()
    page.get_by_role("button", name=second).click()
    expect(page.get_by_label("Equipment 2")).to_have_value(second)
    expect(page.locator("details.equipment-table")).to_have_attribute("open", "")
    _fits_a_phone(page, "creation with an archetype")
    _shoot(page, f"phone-creation-picked-{size}")

    page.goto(f"/characters/{under_way['sam'].pk}/")
    _fits_a_phone(page, "the sheet")
    _shoot(page, f"phone-sheet-{size}")

    # The invite: Sam is busy in this Cast, so the page offers a new hero and a way back.
    page.goto(f"/join/{adventure.invite_code}/")
    expect(page.get_by_role("link", name="Make a hero")).to_be_visible()
    expect(page.get_by_role("link", name=re.compile("back to your home page"))).to_be_visible()
    _fits_a_phone(page, "the invite")
    _shoot(page, f"phone-join-{size}")

    page.goto(f"/adventures/{adventure.pk}/")
    _fits_a_phone(page, "the adventure as a player")

    table = f"/adventures/{adventure.pk}/table/"
    page.goto(table)
    expect(page.locator("[data-live-status]")).to_have_text("Live")
    _fits_a_phone(page, "the table as a player")
    _shoot(page, f"phone-table-player-{size}")
    # The player's own Gamble comes before every other section of the table.
    gamble_top = gamble_panel(page, "Sam").bounding_box()["y"]
    others = page.locator(".table section.panel:not(.gamble)")
    assert others.count() >= 4
    for index in range(others.count()):
        other = others.nth(index)
        if other.is_visible():
            assert gamble_top < other.bounding_box()["y"], other.get_attribute("aria-labelledby")

    director = new_page(viewport)
    log_in(director, "director", password)
    director.goto(f"/adventures/{adventure.pk}/")
    _fits_a_phone(director, "the adventure outline")
    _shoot(director, f"phone-outline-{size}")
    director.goto(table)
    expect(director.locator("[data-live-status]")).to_have_text("Live")
    _fits_a_phone(director, "the table as the Director")
    _shoot(director, f"phone-table-director-{size}")


@pytest.mark.parametrize("viewport", PHONES, ids=["360", "390"])
def test_the_hero_bar_keeps_the_players_hero_in_sight_live(new_page, password, under_way, viewport):
    table = f"/adventures/{under_way['adventure'].pk}/table/"
    director = new_page(DESKTOP)
    log_in(director, "director", password)
    director.goto(table)
    sam = new_page(viewport)
    log_in(sam, "bob", password)
    sam.goto(table)
    for page in (director, sam):
        expect(page.locator("[data-live-status]")).to_have_text("Live")

    # At the foot of a long page the bar is still there, with the hero's trackers.
    sam.keyboard.press("End")
    sam.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    bar = sam.locator("[data-hero-bar]").first
    expect(bar).to_be_in_viewport()
    expect(bar).to_contain_text("Sam")
    expect(bar).to_contain_text("Peril 0/6")
    expect(bar).to_contain_text("Lucky 1")
    expect(bar).to_contain_text("Blammo! 1")
    expect(bar).to_contain_text("KO 0/4")
    box = bar.bounding_box()
    assert box["y"] + box["height"] <= viewport["height"] + 1, box

    # The Director doles out Peril: the bar shows it at once, without a reload or a scroll.
    dole_out_peril(director, "Sam", 2)
    expect(bar).to_contain_text("Peril 2/6")
    expect(bar).to_be_in_viewport()
    sam.screenshot(path=ARTIFACTS / f"phone-table-bar-{viewport['width']}.png")

    # Its jump lands on the Gamble, with Roll! in reach.
    bar.get_by_role("link", name=re.compile("Gamble")).click()
    expect(gamble_panel(sam, "Sam").get_by_role("heading", name="Sam: Gamble")).to_be_in_viewport()


def test_a_laptop_keeps_its_plain_nav_and_no_hero_bar(new_page, password, under_way):
    page = new_page(LAPTOP)
    log_in(page, "bob", password)
    nav = page.get_by_role("navigation", name="Main")
    expect(nav.get_by_role("link", name="Characters", exact=True)).to_be_visible()
    expect(page.get_by_text("Menu", exact=True)).to_be_hidden()
    header = page.locator("header.masthead").bounding_box()
    assert header["height"] <= 72, header
    page.goto(f"/adventures/{under_way['adventure'].pk}/table/")
    expect(page.locator("[data-live-status]")).to_have_text("Live")
    expect(page.locator("[data-hero-bar]")).to_be_hidden()
    expect(gamble_panel(page, "Sam")).to_be_visible()
    screenshot(page, "phone-laptop-table-player")
    page.goto("/characters/new/")
    screenshot(page, "phone-laptop-creation")
