"""The phone in the hand (issue 24 item 8): a banner at the top when something asks for the
player, the page's title saying it too; the Gamble builder's Roll on the first screen; the Live
badge clear of the content; fieldset legends that wrap well on a small phone."""

import re

import pytest
from playwright.sync_api import expect

from characters.models import Equipment, Knack
from sessions.models import Leg, Scene
from tests.browser.conftest import DESKTOP, gamble_panel, log_in, screenshot, tool_group

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}
SMALL_PHONE = {"width": 360, "height": 740}


@pytest.fixture
def under_way(game):
    Leg.objects.update(status=Leg.Status.PLAYING)
    Scene.objects.update(status=Scene.Status.PLAYING)
    return game


def _table(game) -> str:
    return f"/adventures/{game['adventure'].pk}/table/"


def test_the_phone_calls_the_player_when_the_director_asks_for_their_roll(
    new_page, password, under_way, load_dice
):
    director = new_page(DESKTOP)
    log_in(director, "director", password)
    sam, ada = new_page(PHONE), new_page(PHONE)
    log_in(sam, "bob", password)
    log_in(ada, "carol", password)
    for page in (director, sam, ada):
        page.goto(_table(under_way))
        expect(page.locator("[data-live-status]")).to_have_text("Live")
    plain = sam.title()
    sam.evaluate("window.scrollTo(0, document.body.scrollHeight)")  # reading the log

    tool_group(director, "Group & Investigate")
    panel = director.locator(".cockpit")
    panel.get_by_label("Who takes a closer look?").select_option(label="Sam")
    panel.get_by_label("At what?").fill("the torn ledger")
    panel.get_by_role("button", name="Ask to investigate").click()

    call = sam.get_by_role("link", name=re.compile("Sam: the Director asks you to investigate"))
    expect(call).to_be_in_viewport()  # at the top of the screen, wherever Sam had scrolled to
    expect(sam).to_have_title(f"(1) Sam: the Director asks you to investigate · {plain}")
    screenshot(sam, "phone-call-banner")
    expect(ada.locator(".call-banner")).to_have_count(0)
    expect(ada).to_have_title(plain)

    call.click()
    roll = gamble_panel(sam, "Sam").get_by_role("button", name="Investigate (roll 1d6)")
    expect(roll).to_be_in_viewport()
    banner = sam.locator(".call-banner").bounding_box()
    assert roll.bounding_box()["y"] >= banner["y"] + banner["height"]  # not under the banner
    load_dice(4)
    roll.click()
    expect(sam.locator(".call-banner")).to_have_count(0)
    expect(sam).to_have_title(plain)

    # A Group Gamble asks each of them; the call goes once their roll is in.
    panel.get_by_label("What does the whole Cast attempt?").fill("Outrun the flood")
    panel.get_by_role("button", name="Call a Group Gamble").click()
    for page, name in ((sam, "Sam"), (ada, "Ada")):
        expect(page.get_by_role("link", name=f"{name}: roll for the Group Gamble")).to_be_visible()
    load_dice(5)
    gamble_panel(sam, "Sam").get_by_role("button", name="Roll!").click()
    expect(sam.locator(".call-banner")).to_have_count(0)
    expect(ada.get_by_role("link", name="Ada: roll for the Group Gamble")).to_be_visible()


def test_roll_is_on_the_first_screen_with_two_knacks_and_equipment_chosen(
    new_page, password, under_way
):
    sam = under_way["sam"]
    Knack.objects.create(character=sam, text="Talking my way past a doorman")
    Equipment.objects.create(character=sam, text="A crowbar wrapped in newspaper")
    Equipment.objects.create(character=sam, text="A pocket torch")
    page = new_page(PHONE)
    log_in(page, "bob", password)
    page.goto(_table(under_way))
    expect(page.locator("[data-live-status]")).to_have_text("Live")
    mine = gamble_panel(page, "Sam")
    mine.get_by_label("Brawling in cramped places").check()
    mine.get_by_label("Talking my way past a doorman").check()
    mine.get_by_label("A crowbar wrapped in newspaper").check()
    expect(mine.locator(".odds")).to_contain_text("4 dice")  # 1 + two Knacks + one Equipment
    page.evaluate("window.scrollTo(0, 0)")
    roll = mine.get_by_role("button", name="Roll!")
    box = roll.bounding_box()
    # On the first screen, above the hero bar pinned to the bottom of the phone.
    bar = page.locator(".hero-bar").first.bounding_box()
    limit = bar["y"] if bar and bar["y"] > 0 else PHONE["height"]
    assert box["y"] + box["height"] <= limit, (box, limit)
    screenshot(page, "phone-gamble-builder-390")


@pytest.mark.parametrize("viewport", [PHONE, SMALL_PHONE], ids=["390", "360"])
def test_the_live_badge_never_covers_what_a_player_reads(new_page, password, under_way, viewport):
    page = new_page(viewport)
    log_in(page, "bob", password)
    page.goto(_table(under_way))
    badge = page.locator("[data-live-status]")
    expect(badge).to_have_text("Live")
    height = page.evaluate("document.documentElement.scrollHeight")
    for y in range(0, height, viewport["height"] // 2):
        page.evaluate(f"window.scrollTo(0, {y})")
        covered = page.evaluate(
            """(badge) => {
              const b = badge.getBoundingClientRect();
              if (b.bottom < 0 || b.top > innerHeight) return [];
              const hit = [];
              for (const el of document.querySelectorAll("main *")) {
                if (el === badge || badge.contains(el) || el.contains(badge)) continue;
                if (![...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim())
                    && !el.matches("button, input, select, textarea, img, svg")) continue;
                const r = el.getBoundingClientRect();
                if (!r.width || !r.height || getComputedStyle(el).visibility === "hidden") continue;
                if (r.left < b.right && r.right > b.left && r.top < b.bottom && r.bottom > b.top)
                  hit.push(el.outerHTML.slice(0, 80));
              }
              return hit;
            }""",
            badge.element_handle(),
        )
        assert covered == [], (y, covered)


def test_fieldset_legends_wrap_well_on_a_small_phone(new_page, password, under_way):
    sam = under_way["sam"]
    Knack.objects.create(character=sam, text="Talking my way past a doorman")
    Equipment.objects.create(character=sam, text="A crowbar wrapped in newspaper")
    page = new_page(SMALL_PHONE)
    log_in(page, "bob", password)
    page.goto(_table(under_way))
    expect(page.locator("[data-live-status]")).to_have_text("Live")
    legends = page.evaluate(
        """() => [...document.querySelectorAll("main legend")].filter((l) => l.offsetParent)
          .map((l) => {
            const line = parseFloat(getComputedStyle(l).lineHeight) || 20;
            const set = l.parentElement.getBoundingClientRect();
            const box = l.getBoundingClientRect();
            const notes = [...l.querySelectorAll(".muted")];
            return {text: l.textContent.trim(), lines: Math.round(box.height / line),
                    split: notes.some((note) => note.getClientRects().length > 1),
                    inside: box.left >= set.left - 1 && box.right <= set.right + 1,
                    overflow: l.scrollWidth > l.clientWidth + 1};
          })"""
    )
    assert legends, "the Gamble builder has fieldsets"
    for legend in legends:
        assert legend["inside"], legend
        assert not legend["overflow"], legend
        assert legend["lines"] <= 2, legend
        assert not legend["split"], legend  # "(you have / 1)" is the bad wrap
    screenshot(page, "phone-legends-360")
