"""The phone in the hand (issue 24 item 8): a banner at the top when something asks for the
player, the page's title saying it too; the Gamble builder's Roll on the first screen; the Live
badge clear of the content; fieldset legends that wrap well on a small phone.

Held in the hand at 390×844 and 360×780, touch on (issue 34 item 6): the hero bar pinned to the
foot of the screen never covers a control, Roll is above it on the first screen even with real
dice and two calls up, the Wide Shot asks by a banner that lands in its field, the odds line is
"the line above" the faces field, the dice pad folds away, a handout opens full screen."""

import re

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from characters.models import Equipment, Knack
from sessions.models import Adventure, Leg, Scene, WideShot
from tests.browser.conftest import (
    ARTIFACTS,
    DESKTOP,
    HAND_IDS,
    HAND_SIZES,
    gamble_panel,
    log_in,
    screenshot,
    tool_group,
    try_and_roll,
)
from tests.images import handout

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
    try_and_roll(gamble_panel(sam, "Sam"))
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


@pytest.fixture
def crowded(under_way):
    """Ada's phone at its most crowded: real dice or the app's, a Wide Shot waiting on what she
    sees and a handout on show (two calls in the banner)."""
    adventure = under_way["adventure"]
    Adventure.objects.filter(pk=adventure.pk).update(real_dice="either")
    scene = Scene.objects.get()
    WideShot.objects.create(
        scene=scene,
        key_location=scene.key_location,
        opening="Rain hammers a tin roof.",
        questions=[{"text": "What on the desk makes you uneasy?", "to": None}],
    )
    handout(adventure, "A map of the harbour", revealed=timezone.now(), on_show=True)
    return under_way


def _at_the_table(in_hand, viewport, game, password):
    page = in_hand(viewport)
    log_in(page, "carol", password)
    page.goto(_table(game))
    expect(page.locator("[data-live-status]")).to_have_text("Live")
    return page


# What a player taps or types in: every visible one on the page, but the bar's own.
TAPPABLE = (
    "main button, main input:not([type=hidden]), main select, main textarea, main summary, "
    "main a[href]"
)
CONTROLS = """() => [...document.querySelectorAll("__TAPPABLE__")]
  .filter((el) => !el.closest("[data-hero-bar]") && el.checkVisibility())
  .map((el) => el.outerHTML.slice(0, 90))""".replace("__TAPPABLE__", TAPPABLE)

# The bar's top and the box of the n-th control after it is scrolled to as a browser does (a
# Tab, a tap's scrollIntoView): with block "end" it lands as low as the page lets it.
SCROLLED_TO = """([n, block]) => {
  const el = [...document.querySelectorAll("__TAPPABLE__")]
    .filter((el) => !el.closest("[data-hero-bar]") && el.checkVisibility())[n];
  window.scrollTo(0, 0);
  el.scrollIntoView({block});
  const bar = [...document.querySelectorAll("[data-hero-bar]")]
    .find((b) => b.getClientRects().length);
  const r = el.getBoundingClientRect();
  return {bar: bar.getBoundingClientRect().top, top: r.top, bottom: r.bottom};
}""".replace("__TAPPABLE__", TAPPABLE)


@pytest.mark.looks
@pytest.mark.parametrize("viewport", HAND_SIZES, ids=HAND_IDS)
def test_roll_is_above_the_hero_bar_and_no_control_goes_under_it(
    in_hand, password, crowded, viewport
):
    page = _at_the_table(in_hand, viewport, crowded, password)
    size = f"{viewport['width']}x{viewport['height']}"
    mine = gamble_panel(page, "Ada")
    roll = mine.get_by_role("button", name="Roll!")
    expect(mine.get_by_label("Rolled your own? Enter the faces")).to_be_visible()
    bar = page.locator("[data-hero-bar]").first
    expect(bar).to_be_visible()
    screenshot_path = ARTIFACTS / f"phone-hand-first-screen-{size}.png"
    page.screenshot(path=screenshot_path)
    # On the first screen, whole, above the bar: no scrolling to reach Roll.
    box, top = roll.bounding_box(), bar.bounding_box()["y"]
    assert box["y"] >= 0, box
    assert box["y"] + box["height"] <= top, (box, top)
    # The page knows the bar's real height and pads for it.
    padded = page.evaluate(
        "parseFloat(getComputedStyle(document.documentElement).getPropertyValue('--hero-bar-height'))"
    )
    assert padded == pytest.approx(bar.bounding_box()["height"], abs=1)

    controls = page.evaluate(CONTROLS)
    assert len(controls) > 15, controls  # the whole page's controls, not a few
    for n, control in enumerate(controls):
        for block in ("end", "nearest"):
            at = page.evaluate(SCROLLED_TO, [n, block])
            assert at["bottom"] <= at["bar"] + 0.5, (block, control, at)
    # At the very end of the page, the last controls sit above the bar too.
    page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    under = page.evaluate(
        CONTROLS.replace(
            ".map((el) => el.outerHTML.slice(0, 90))",
            """.filter((el) => {
                const bar = [...document.querySelectorAll("[data-hero-bar]")]
                  .find((b) => b.getClientRects().length).getBoundingClientRect();
                const r = el.getBoundingClientRect();
                return r.bottom > bar.top + 0.5 && r.top < bar.bottom;
              }).map((el) => el.outerHTML.slice(0, 90))""",
        )
    )
    assert under == []
    screenshot(page, f"phone-hand-whole-page-{size}")


@pytest.mark.parametrize("viewport", HAND_SIZES, ids=HAND_IDS)
def test_the_wide_shot_asks_by_a_banner_that_lands_in_the_field(
    in_hand, password, crowded, viewport
):
    page = _at_the_table(in_hand, viewport, crowded, password)
    size = f"{viewport['width']}x{viewport['height']}"
    call = page.get_by_role("link", name=re.compile("Wide Shot: what does Ada see?"))
    expect(call).to_be_in_viewport()
    field = page.get_by_label("What does Ada see?")
    expect(field).not_to_be_in_viewport()  # far down the page
    call.tap()
    expect(field).to_be_focused()
    expect(field).to_be_in_viewport()
    box = field.bounding_box()
    banner = page.locator(".call-banner").bounding_box()
    bar = page.locator("[data-hero-bar]").first.bounding_box()
    assert box["y"] >= banner["y"] + banner["height"], (box, banner)  # not under the banner
    assert box["y"] + box["height"] <= bar["y"], (box, bar)  # nor under the bar
    page.screenshot(path=ARTIFACTS / f"phone-hand-wide-shot-{size}.png")
    field.fill("A wet footprint on the ledger")
    page.get_by_role("button", name="Add my detail").tap()
    expect(page.locator(".wideshot").get_by_text("A wet footprint on the ledger")).to_be_visible()
    expect(call).to_have_count(0)  # answered: the banner no longer asks
    expect(
        page.get_by_role("link", name=re.compile("A handout is on show|^Handout: "))
    ).to_be_visible()


@pytest.mark.parametrize("viewport", HAND_SIZES, ids=HAND_IDS)
def test_the_odds_line_is_the_line_above_the_faces_and_the_pad_folds_away(
    in_hand, password, crowded, viewport
):
    page = _at_the_table(in_hand, viewport, crowded, password)
    size = f"{viewport['width']}x{viewport['height']}"
    mine = gamble_panel(page, "Ada")
    faces = mine.get_by_label("Rolled your own? Enter the faces")
    odds = mine.get_by_role("status").filter(has_text="to succeed")
    expect(odds).to_contain_text("Roll 1 die")
    help_text = mine.get_by_text("Roll as many dice as the odds line says")
    expect(help_text).to_be_visible()
    # "The line above": the odds line is the last thing above the faces field's label.
    label = mine.get_by_text("Rolled your own? Enter the faces", exact=True)
    above, label_box = odds.bounding_box(), label.bounding_box()
    assert above["y"] + above["height"] <= label_box["y"] <= above["y"] + above["height"] + 16
    roll = mine.get_by_role("button", name="Roll!").bounding_box()
    assert roll["y"] >= faces.bounding_box()["y"]  # Roll after the faces, below them

    # The pad waits behind its toggle; a tap opens it, and it taps faces into the field.
    toggle = mine.get_by_role("button", name="Dice pad")
    pad = mine.get_by_role("group", name="Tap each die's face")
    expect(toggle).to_have_attribute("aria-expanded", "false")
    expect(pad).to_be_hidden()
    toggle.tap()
    expect(toggle).to_have_attribute("aria-expanded", "true")
    expect(pad).to_be_visible()
    pad.get_by_role("button", name="4 (add a die showing 4)").tap()
    expect(faces).to_have_value("4")
    page.screenshot(path=ARTIFACTS / f"phone-hand-dice-pad-open-{size}.png")
    # The phone remembers: the next drawing of the panel has it open; a tap folds it again.
    page.reload()
    expect(page.locator("[data-live-status]")).to_have_text("Live")
    expect(pad).to_be_visible()
    toggle.tap()
    expect(pad).to_be_hidden()
    expect(toggle).to_have_attribute("aria-expanded", "false")


@pytest.mark.parametrize("viewport", HAND_SIZES, ids=HAND_IDS)
def test_a_handout_opens_full_screen_to_pinch_and_pan(in_hand, password, crowded, viewport):
    page = _at_the_table(in_hand, viewport, crowded, password)
    size = f"{viewport['width']}x{viewport['height']}"
    meta = page.locator("meta[name=viewport]").get_attribute("content")
    assert "user-scalable=no" not in meta.replace(" ", "")
    assert "maximum-scale" not in meta
    page.get_by_role("link", name=re.compile("A handout is on show|^Handout: ")).tap()
    shown = page.locator(".handout-show img")
    expect(shown).to_be_in_viewport()
    page.wait_for_function("document.querySelector('.handout-show img').naturalWidth > 0")
    small = shown.bounding_box()
    page.locator(".handout-show > a").tap()
    zoom = page.get_by_role("dialog", name="A map of the harbour")
    expect(zoom).to_be_visible()
    page.wait_for_function("document.querySelector('.zoom-dialog img').naturalWidth > 0")
    # The whole screen, the picture as large as it fits.
    box = zoom.bounding_box()
    assert box["x"] <= 0.5, box
    assert box["y"] <= 0.5, box
    assert box["width"] >= viewport["width"] - 1, box
    assert box["height"] >= viewport["height"] - 1, box
    picture = zoom.get_by_role("img", name="A map of the harbour").bounding_box()
    assert picture["width"] >= viewport["width"] - 1, picture
    assert picture["width"] > small["width"]
    # Nothing forbids a pinch or a pan there.
    actions = page.evaluate(
        """() => [".zoom-dialog", ".zoom-frame", ".zoom-dialog img"].map(
          (s) => getComputedStyle(document.querySelector(s)).touchAction)"""
    )
    assert all(a == "auto" or "pinch-zoom" in a for a in actions), actions
    page.screenshot(path=ARTIFACTS / f"phone-hand-handout-{size}.png")
    # A tap shows it at its own size, to pan around; Close puts it away.
    full_size = zoom.get_by_role("button", name="Full size")
    full_size.tap()
    expect(full_size).to_have_attribute("aria-pressed", "true")
    natural = page.evaluate("document.querySelector('.zoom-dialog img').naturalWidth")
    assert zoom.get_by_role("img").bounding_box()["width"] == pytest.approx(natural, abs=1)
    assert page.evaluate(
        "(f => f.scrollWidth > f.clientWidth)(document.querySelector('.zoom-frame'))"
    )
    page.screenshot(path=ARTIFACTS / f"phone-hand-handout-full-size-{size}.png")
    zoom.get_by_role("button", name="Close").tap()
    expect(zoom).to_be_hidden()


@pytest.mark.parametrize("viewport", HAND_SIZES, ids=HAND_IDS)
def test_the_bars_gamble_brings_roll_into_sight_with_many_knacks_and_equipment(
    in_hand, password, crowded, viewport
):
    """A fresh-eyes phone (a hero with three Knacks and two Equipment, real dice or the app's,
    two calls pinned at the top): the bar's "Gamble" scrolls the Gamble so Roll! and its odds
    line are whole on the screen, above the bar, not under it or below the screen."""
    ada = crowded["ada"]
    for position, text in enumerate(
        ("Reading people's lies", "Picking old locks", "Shorthand at speed")
    ):
        Knack.objects.create(character=ada, text=text, position=position)
    for text in ("A press pass from the Clarion", "A brass-cased camera"):
        Equipment.objects.create(character=ada, text=text)
    page = _at_the_table(in_hand, viewport, crowded, password)
    size = f"{viewport['width']}x{viewport['height']}"
    mine = gamble_panel(page, "Ada")
    roll = mine.get_by_role("button", name="Roll!")
    bar = page.locator("[data-hero-bar]").first
    page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    bar.get_by_role("link", name="Gamble").tap()
    expect(roll).to_be_in_viewport(ratio=1)
    page.screenshot(path=ARTIFACTS / f"phone-bar-gamble-many-knacks-{size}.png")
    top = bar.bounding_box()["y"]
    for whole in (roll, mine.locator(".odds")):
        box = whole.bounding_box()
        assert box["y"] >= 0, box
        assert box["y"] + box["height"] <= top, (box, top)
    mine.get_by_label("Picking old locks").check()
    mine.get_by_label("A brass-cased camera").check()
    expect(mine.locator(".odds")).to_contain_text("3 dice")


# Where each jump lands: the target's top, and the foot of the banners pinned at the top.
LANDED = """(target) => {
  const el = document.getElementById(target);
  const foot = Math.max(0, ...[...document.querySelectorAll("[data-calls], .pause-banner")]
    .filter((b) => getComputedStyle(b).position === "sticky")
    .map((b) => b.getBoundingClientRect().bottom));
  return {top: el.getBoundingClientRect().top, foot};
}"""


@pytest.mark.parametrize("viewport", HAND_SIZES, ids=HAND_IDS)
def test_a_jump_lands_below_the_pinned_banners(in_hand, password, crowded, viewport):
    """A fresh-eyes phone: the Wide Shot's banner covered the top line of the Gamble heading
    (360×780), the handout's a line of the Lines & Veils form (390×844). Whatever a link jumps
    to lands below the banners pinned at the top, with their shadow."""
    page = _at_the_table(in_hand, viewport, crowded, password)
    targets = page.evaluate(
        """() => [...document.querySelectorAll('main a[href^="#"]:not(.hero-bar-jump)')]
          .filter((a) => a.checkVisibility())
          .map((a) => a.hash.slice(1))
          .filter((id, n, all) => id && all.indexOf(id) === n && document.getElementById(id)
            && !document.getElementById(id).closest("[data-calls]"))"""
    )
    assert targets, targets
    landed = {}
    for target in targets:
        page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
        link = page.locator(f'main a[href="#{target}"]:not(.hero-bar-jump)').first
        link.scroll_into_view_if_needed()
        link.tap()
        landed[target] = page.evaluate(LANDED, target)
    # The Lines & Veils form opened, its fields reached with Tab from the top of the page.
    fold = page.locator("#lines-veils-add")
    fold.locator("summary").scroll_into_view_if_needed()
    fold.locator("summary").tap()
    fields = fold.locator("input:visible, textarea:visible, select:visible, button:visible")
    named = "(f) => f.id || (f.id = 'field-' + Math.random())"
    ids = [field.evaluate(named) for field in fields.all()]
    assert ids
    page.evaluate("window.scrollTo(0, 0)")
    fold.locator("summary").focus()
    page.evaluate("window.scrollTo(0, 0)")
    for field in ids:
        page.keyboard.press("Tab")
        landed[field] = page.evaluate(LANDED, field)
    late = {t: at for t, at in landed.items() if at["top"] < at["foot"] + 4}
    assert late == {}, landed
