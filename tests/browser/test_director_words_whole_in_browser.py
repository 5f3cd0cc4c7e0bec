"""Words whole and once on the Director's screen (issue 35 item 5): Undo names the last move
whole, the Tumult's Peril table names every hero and enemy whole, ending a Scene with a Gamble
open warns once, every fold shows an arrow that says it folds, the Live badge never lies over
the crib, and each hero's card in the Cast has its own "Roll for <hero>"."""

import pytest
from playwright.sync_api import expect

from characters.models import Character
from sessions.actions import dangers, gambles
from sessions.models import CastMember
from sessions.rules import DangerTemplate, LoadedDice
from tests.browser.conftest import screenshot, seated

pytestmark = [pytest.mark.browser, pytest.mark.looks, pytest.mark.django_db(transaction=True)]

LAPTOP = {"width": 1366, "height": 768}
LONG_HERO = "Kit Marlowe-Fairweather"
LONG_FOE = "Lieutenant Augustus Kray"


def _long_names(playing, make_user) -> None:
    adventure = playing["adventure"]
    kit = Character.objects.create(owner=make_user("kit"), name=LONG_HERO, archetype="explorer")
    CastMember.objects.create(adventure=adventure, character=kit)
    dangers.add_danger(adventure, LONG_FOE, DangerTemplate.LIEUTENANT, adventure.director)


def _director(new_page, playing, password):
    page = seated(new_page, LAPTOP, "alice", password, playing["url"])
    return page


def _not_cut(locator) -> None:
    """The element shows all it holds: nothing hidden past its edge, no ellipsis."""
    cut = locator.evaluate(
        "el => el.scrollWidth > el.clientWidth + 1"
        " || getComputedStyle(el).textOverflow === 'ellipsis'"
    )
    assert not cut, locator


def test_undo_and_the_tumult_table_name_everyone_whole(new_page, playing, password, make_user):
    _long_names(playing, make_user)
    page = _director(new_page, playing, password)
    page.get_by_role("button", name=f"+1 Peril to {LONG_HERO}").click()
    undo = page.locator(".corrections .undo-next")
    expect(undo).to_contain_text(f"{LONG_HERO}: Peril +1. Undo: Peril back to 0.")
    _not_cut(undo)
    _not_cut(page.locator(".corrections .undo-summary"))
    page.locator(".corrections").screenshot(path="artifacts/corrections-undo-peril.png")

    page.get_by_role("button", name="Start a Tumult").click()

    page.get_by_role("button", name="Yes, start the Tumult").click()
    table = page.locator(".director-tumult .split-table")
    expect(table.get_by_role("columnheader", name=LONG_HERO, exact=True)).to_be_visible()
    expect(table.get_by_role("rowheader", name=f"{LONG_FOE} up to 3")).to_be_visible()
    for header in table.locator("th").all():
        _not_cut(header)
    assert "…" not in table.inner_text()
    screenshot(page, "director-words-whole-tumult")
    page.locator(".director-tumult").screenshot(path="artifacts/director-tumult-table.png")


def test_ending_a_scene_with_a_gamble_open_warns_once(new_page, playing, password):
    adventure, sam = playing["adventure"], playing["sam"]
    gambles.roll_gamble(
        adventure,
        sam,
        gambles.GambleRequest("kick the door in", [], [], [], 0, [], 0),
        "words-roll-1",
        sam.owner,
        LoadedDice([6]),
    )
    page = _director(new_page, playing, password)
    page.get_by_role("button", name="End Scene").click()
    pacing = page.get_by_role("region", name="Legs & Scenes")
    expect(pacing.get_by_role("button", name="Lock them in and end the Scene")).to_be_visible()
    expect(page.get_by_text("Sam Okafor still has a Gamble open")).to_have_count(1)


def test_every_fold_shows_an_arrow(new_page, playing, password):
    page = _director(new_page, playing, password)
    folds = page.locator("details > summary")
    assert folds.count() > 5
    arrows = folds.evaluate_all(
        "summaries => summaries.filter(s => s.checkVisibility()).map(s =>"
        " [s.textContent.trim().slice(0, 40), getComputedStyle(s, '::before').content])"
    )
    missing = [name for name, content in arrows if "▸" not in content and "▾" not in content]
    assert not missing, missing
    # Open and closed say so differently.
    end = page.locator("#director-finish > summary")
    assert "▸" in end.evaluate("s => getComputedStyle(s, '::before').content")
    end.click()
    assert "▾" in end.evaluate("s => getComputedStyle(s, '::before').content")

    # The hero's own "More" on the roll-for page too.
    page.goto(playing["url"] + f"for/{playing['sam'].pk}/")
    more = page.locator("details.gamble-extras > summary")
    expect(more).to_contain_text("More")
    assert "▸" in more.evaluate("s => getComputedStyle(s, '::before').content")


def test_the_live_badge_never_lies_over_the_crib(new_page, playing, password):
    page = _director(new_page, playing, password)
    badge = page.locator("[data-live-status]")
    crib = page.get_by_role("region", name="Your crib")
    for where in (0, 200, 400, 800):
        page.evaluate(f"window.scrollTo(0, {where})")
        b, c = badge.bounding_box(), crib.bounding_box()
        apart = (
            b["x"] + b["width"] <= c["x"]
            or c["x"] + c["width"] <= b["x"]
            or b["y"] + b["height"] <= c["y"]
            or c["y"] + c["height"] <= b["y"]
        )
        assert apart, (where, b, c)


def test_each_heros_card_has_its_own_roll_for(new_page, playing, password, make_user):
    _long_names(playing, make_user)
    page = _director(new_page, playing, password)
    cast = page.get_by_role("region", name="The Cast")
    for hero in ("Sam Okafor", "Ada", LONG_HERO):
        card = cast.locator(".cockpit-hero", has_text=hero)
        expect(card.get_by_role("link", name=f"Roll for {hero}", exact=True)).to_be_visible()
    screenshot(page, "director-cast-roll-for")
    cast.get_by_role("link", name="Roll for Ada", exact=True).click()
    expect(page.get_by_role("heading", name="Rolling for Ada")).to_be_visible()
