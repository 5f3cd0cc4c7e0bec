"""The hero bar pinned to the foot of a player's phone (a fresh-eyes evening's defect, step 7, a
Tumult at 390x844: the bar grew to 399 px, the page scrolled sideways and cut "3/6" and "4" in
half) stays within the screen at 390x844 and 360x780 with the most it can carry: a long hero
name, Peril, Lucky Saves, Blammo! Dice and a Knockout, in a Tumult, the hero having acted with
a Blammo! die, the enemies striking. What widened it was the page: one long word typed at the
table (a Blammo! sound effect, shown big in the Latest Gamble) widened the one-column grid of
the phone's table, and the page with it, and the bar pinned across the page's width."""

import pytest
from playwright.sync_api import expect

from characters.models import Character
from sessions.actions import dangers
from sessions.models import Danger
from sessions.rules import DangerTemplate
from tests.browser.conftest import ARTIFACTS, HAND_IDS, HAND_SIZES, gamble_panel, seated
from tests.browser.http import Visitor

pytestmark = [pytest.mark.browser, pytest.mark.looks, pytest.mark.django_db(transaction=True)]

LONG_NAME = "Sam 'Anvil' Okafor-Whitlock"
LONG_DANGER = "Lieutenant Kray of the Brass Citadel and her Clockwork Bodyguards"
SOUND = "SKRAAAAAAAAAAAAAAAAAAAAAAANG!"

# What of the page reaches past the phone's screen (screen.width: the page's own width grows
# with what overflows it).
PAST_THE_SCREEN = """() => [...document.querySelectorAll('body *')]
  .filter(el => el.checkVisibility() && el.getBoundingClientRect().right > screen.width + 0.5)
  .map(el => el.outerHTML.slice(0, 90))"""

# What of the hero bar is cut or broken: its content wider than it, a part of it past the
# screen's edge, a stat's label on two lines ("LUCK" over "Y").
BAR_WRONG = """() => {
  const bar = [...document.querySelectorAll('[data-hero-bar]')].find(b => b.checkVisibility());
  const wrong = [];
  if (bar.scrollWidth > bar.clientWidth) wrong.push(['bar', bar.scrollWidth, bar.clientWidth]);
  bar.querySelectorAll('.stat-label, .stat-value, .hero-bar-jump').forEach(el => {
    const box = el.getBoundingClientRect();
    const size = parseFloat(getComputedStyle(el).fontSize);
    const label = !el.matches('.hero-bar-jump');
    if (label && box.height > 2 * size) wrong.push([el.textContent, box.height]);
    if (box.left < 0 || box.right > screen.width) wrong.push([el.textContent, box.left, box.right]);
  });
  return wrong;
}"""


def _size(viewport) -> str:
    return f"{viewport['width']}x{viewport['height']}"


def _fits(page, viewport) -> None:
    assert page.evaluate(PAST_THE_SCREEN) == []
    assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
    bar = page.locator("[data-hero-bar]").first.bounding_box()
    assert bar["x"] >= 0, bar
    assert bar["x"] + bar["width"] <= viewport["width"], bar
    assert page.evaluate(BAR_WRONG) == []


@pytest.mark.parametrize("viewport", HAND_SIZES, ids=HAND_IDS)
def test_the_hero_bar_stays_within_the_screen_in_a_tumult(
    in_hand, viewport, asgi_server, playing, password, load_dice
):
    adventure, sam = playing["adventure"], playing["sam"]
    Character.objects.filter(pk=sam.pk).update(
        name=LONG_NAME, peril=3, lucky_saves=4, blammo=2, knockouts=1
    )
    Character.objects.filter(pk=playing["ada"].pk).update(
        name="Ada Quill-Farthingale", incapacitated=True, knockouts=2
    )
    dangers.add_danger(adventure, LONG_DANGER, DangerTemplate.LIEUTENANT, None)
    dangers.add_danger(adventure, "Brass Monkeys", DangerTemplate.MINION, None)
    Danger.objects.update(revealed=True)
    page = seated(in_hand, viewport, "bob", password, playing["url"])
    director = Visitor(asgi_server, adventure.director, password)
    director.get(playing["url"])
    assert director.post(playing["url"] + "tumult/start/")[0] == 200
    expect(page.get_by_role("link", name=f"{LONG_NAME}: your turn in the Tumult")).to_be_visible()
    _fits(page, viewport)

    # Sam acts with a Blammo! die, its sound effect one long word.
    panel = gamble_panel(page, LONG_NAME)
    load_dice(6, 6, 6)
    panel.get_by_label("What are you attempting?").fill("swing from the chandelier at Kray")
    # Two foes in the Tumult: the hero says which one the Gamble is aimed at.
    panel.get_by_label("Aimed at an enemy?").select_option(label=LONG_DANGER)
    panel.locator("details.gamble-blammo > summary").tap()
    panel.get_by_label("Sound effect 1").fill(SOUND)
    panel.get_by_role("button", name="Roll!").tap()
    expect(page.get_by_role("region", name="Latest Gamble").get_by_text(SOUND)).to_be_visible()
    lock = panel.get_by_role("button", name="Lock in")
    expect(lock).to_be_visible()
    _fits(page, viewport)
    lock.tap()
    expect(panel.get_by_text("Your last Gamble:")).to_be_visible()
    expect(page.get_by_text(f"Acted: {LONG_NAME}.")).to_be_visible()
    _fits(page, viewport)

    # The enemies strike back: Peril, and the banner saying so.
    kray = Danger.objects.get(name=LONG_DANGER)
    assert (
        director.post(playing["url"] + "tumult/enemies/", {f"split-{kray.pk}-{sam.pk}": 1})[0]
        == 200
    )
    expect(page.get_by_role("alert").filter(has_text="The enemies strike!")).to_be_visible()
    expect(page.locator("[data-hero-bar] .hero-bar-peril")).to_contain_text("4/6")
    _fits(page, viewport)
    page.screenshot(path=ARTIFACTS / f"phone-bar-tumult-acted-{_size(viewport)}.png")


# The text and background colours of an element, as drawn.
COLOURS = """(el) => {
  const style = getComputedStyle(el);
  return [style.color, style.backgroundColor];
}"""


@pytest.mark.parametrize("viewport", HAND_SIZES, ids=HAND_IDS)
def test_the_bar_s_gamble_button_still_reads_after_a_tap(in_hand, viewport, playing, password):
    # A fresh-eyes phone: tapped, the bar's "Gamble" went blank, its words as red as its ground
    # (a touch screen keeps the link "hovered", and the links' red hover won over the button).
    page = seated(in_hand, viewport, "bob", password, playing["url"])
    gamble_panel(page, "Sam Okafor")
    jump = page.locator("[data-hero-bar] .hero-bar-jump")
    expect(jump).to_have_text("Gamble: back to Sam Okafor's panel")
    jump.tap()
    words, ground = jump.evaluate(COLOURS)
    assert words != ground
    assert words == "rgb(255, 255, 255)", (words, ground)
