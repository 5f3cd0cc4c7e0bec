"""The banners pinned at the top of a player's phone, a fresh-eyes look at 390x844 and 360x780:
a call that carries play reads whole, wrapped, never cut with "…", with the longest of hero
names and a field being typed in ("Wide Shot: what does Ada Quill se…" over its own field);
a handout's call is one row, a pointer to the handout, that its player can put away till the
next handout (its four lines of caption with the pause's bar kept ~170 px of 844)."""

import pytest
from playwright.sync_api import expect

from characters.models import Character
from sessions.actions import groups, investigations, tumults
from tests.browser.conftest import (
    ARTIFACTS,
    HAND_IDS,
    HAND_SIZES,
    gamble_panel,
    seated,
    try_and_roll,
)
from tests.browser.http import Visitor
from tests.images import handout

pytestmark = [pytest.mark.browser, pytest.mark.looks, pytest.mark.django_db(transaction=True)]

SMALL = {"width": 360, "height": 780}
LONG = "Theodora 'Tiny' Vandersloot-Abernathy"
CAPTION = "A shipping order found in the harbourmaster's wastebasket, signed 'O. V.' in violet ink"

# Every call of the banner in sight, its words all drawn: none cut with "…" nor hidden past its
# box (a handout's call, a pointer to its panel, is one row, and may be cut).
CALLS_WHOLE = """banner => [...banner.querySelectorAll('li:not(.call-handout) .call-text')]
  .filter(words => words.checkVisibility())
  .every(words => words.scrollWidth <= words.clientWidth
    && words.scrollHeight <= words.clientHeight
    && getComputedStyle(words).textOverflow !== 'ellipsis'
    && getComputedStyle(words).whiteSpace !== 'nowrap')"""

# The foot of the lowest banner held at the top of the screen, the page scrolled well down
# (each stuck at its place: the pause's bar at the top, the calls under it).
PINNED_BOTTOM = """() => {
  window.scrollTo(0, document.body.scrollHeight / 2);
  return Math.max(0, ...[...document.querySelectorAll('.calls, .pause-banner')]
    .filter(el => getComputedStyle(el).position === 'sticky')
    .map(el => [el.getBoundingClientRect(), parseFloat(getComputedStyle(el).top) || 0])
    .filter(([box, top]) => box.height && Math.abs(box.top - top) <= 1)
    .map(([box]) => box.bottom));
}"""


def _call_the_table(kind: str, playing, asgi_server, password) -> str:
    """Bring about a call of ``kind`` for Sam; its words."""
    adventure, sam = playing["adventure"], playing["sam"]
    if kind == "turn":
        tumults.start_tumult(adventure, adventure.director)
        return f"{LONG}: your turn in the Tumult"
    if kind == "group":
        groups.call_group_gamble(adventure, "Outrun the flood", adventure.director)
        return f"{LONG}: roll for the Group Gamble"
    if kind == "investigate":
        investigations.ask_to_investigate(adventure, sam.pk, "The ledger", adventure.director)
        return f"{LONG}: the Director asks you to investigate"
    if kind == "wide-shot":
        return f"Wide Shot: what does {LONG} see?"
    raise AssertionError(kind)


@pytest.mark.parametrize("kind", ["wide-shot", "turn", "group", "investigate"])
def test_a_call_with_a_long_name_reads_whole_while_a_field_is_typed_in(
    in_hand, asgi_server, playing, password, kind
):
    Character.objects.filter(pk=playing["sam"].pk).update(name=LONG)
    said = _call_the_table(kind, playing, asgi_server, password)
    page = seated(in_hand, SMALL, "bob", password, playing["url"])
    banner = page.get_by_role("navigation", name="Waiting on you")
    call = banner.get_by_role("link", name=said)
    expect(call).to_be_visible()
    assert banner.evaluate(CALLS_WHOLE)
    # A field typed in: the banner folds, and every call in it still reads whole.
    field = page.locator(f"#ws{playing['sam'].pk}_text")
    if kind in ("turn", "group"):
        field = gamble_panel(page, LONG).get_by_label("What are you attempting?")
    field.tap()
    expect(page.locator("html.typing")).to_have_count(1)
    page.keyboard.type("A")
    page.screenshot(path=ARTIFACTS / f"phone-call-whole-typing-{kind}-360x780.png")
    expect(call).to_be_visible()
    assert banner.evaluate(CALLS_WHOLE)


def test_the_scene_ending_call_and_the_pause_read_whole_with_a_long_name(
    in_hand, asgi_server, playing, password
):
    adventure = playing["adventure"]
    Character.objects.filter(pk=playing["sam"].pk).update(name=LONG)
    page = seated(in_hand, SMALL, "bob", password, playing["url"])
    panel = gamble_panel(page, LONG)
    try_and_roll(panel, tap=True)
    expect(panel.get_by_role("button", name="Lock in")).to_be_visible(timeout=20_000)
    director = Visitor(asgi_server, adventure.director, password)
    director.get(playing["url"])
    end = {"part": "director-pacing", "tool": "end-scene"}
    assert "still has a Gamble open" in director.post(playing["url"] + "scene/end/", end)[1]
    banner = page.get_by_role("navigation", name="Waiting on you")
    expect(banner.get_by_role("link").first).to_have_text(
        f"{LONG}: lock in now, the Scene is ending ↓"
    )
    assert banner.evaluate(CALLS_WHOLE)
    carol = Visitor(asgi_server, playing["ada"].owner, password)
    carol.get(playing["url"])
    assert carol.post(playing["url"] + "x-card/")[0] == 200
    pause = page.get_by_role("alert").filter(has_text="Paused.")
    expect(pause).to_be_visible()
    page.locator(f"#ws{playing['sam'].pk}_text").tap()
    expect(page.locator("html.typing")).to_have_count(1)
    page.screenshot(path=ARTIFACTS / "phone-scene-ending-paused-typing-360x780.png")
    assert banner.evaluate(CALLS_WHOLE)
    assert pause.evaluate("p => p.scrollWidth <= p.clientWidth && p.scrollHeight <= p.clientHeight")


def _show(asgi_server, playing, password, caption: str):
    shown = handout(playing["adventure"], caption)
    director = Visitor(asgi_server, playing["adventure"].director, password)
    assert director.post(playing["url"] + "handouts/reveal/", {"handout": shown.pk})[0] == 200
    return director


@pytest.mark.parametrize("viewport", HAND_SIZES, ids=HAND_IDS)
def test_the_handouts_call_is_one_row_put_away_till_the_next(
    in_hand, asgi_server, playing, password, viewport
):
    size = f"{viewport['width']}x{viewport['height']}"
    page = seated(in_hand, viewport, "bob", password, playing["url"])
    # Sam has said what he sees: the handout's the only call.
    bob = Visitor(asgi_server, playing["sam"].owner, password)
    assert bob.post(playing["url"] + f"wideshot/{playing['sam'].pk}/", {"text": "Rain"})[0] == 200
    director = _show(asgi_server, playing, password, CAPTION)
    banner = page.get_by_role("navigation", name="Waiting on you")
    call = banner.get_by_role("link", name=f"A handout is on show: {CAPTION}")
    expect(call).to_be_visible()
    page.evaluate("window.scrollTo(0, 0)")
    # One row: no taller than its picture, a finger's height.
    row = call.locator("xpath=..")
    assert row.bounding_box()["height"] <= 48, row.bounding_box()

    # The X-card: the pause's bar and the handout's call under 15% of an 844 px screen (a
    # quarter less than the fresh-eyes phone's ~170 px at 360 too).
    carol = Visitor(asgi_server, playing["ada"].owner, password)
    carol.get(playing["url"])
    assert carol.post(playing["url"] + "x-card/")[0] == 200
    expect(page.get_by_role("alert").filter(has_text="Paused.")).to_be_visible()
    pinned = page.evaluate(PINNED_BOTTOM)
    page.screenshot(path=ARTIFACTS / f"phone-handout-call-paused-{size}.png")
    assert 0 < pinned <= (0.15 * 844 if viewport["height"] == 844 else 150), pinned
    assert director.post(playing["url"] + "resume/")[0] == 200
    expect(page.get_by_role("alert").filter(has_text="Paused.")).to_have_count(0)

    # Put away by its own labelled button: the banner goes, and stays gone through a reload.
    banner.get_by_role("button", name="Put away the handout's call").tap()
    expect(banner).to_be_hidden()
    assert page.evaluate(PINNED_BOTTOM) == 0
    page.reload()
    expect(page.locator("[data-live-status]")).to_have_text("Live")
    expect(page.get_by_role("navigation", name="Waiting on you")).to_be_hidden()
    # Still on show in its panel, whole.
    expect(page.locator("#handouts-panel")).to_contain_text(CAPTION)

    # The next handout is called again.
    _show(asgi_server, playing, password, "A telegram: COME ALONE")
    banner = page.get_by_role("navigation", name="Waiting on you")
    # (A caption this short titles the call: "Handout: …".)
    expect(banner.get_by_role("link", name="Handout: A telegram: COME ALONE")).to_be_visible()


@pytest.mark.parametrize("viewport", HAND_SIZES, ids=HAND_IDS)
def test_the_scene_ending_and_a_handout_stay_small(
    in_hand, asgi_server, playing, password, viewport
):
    bob = Visitor(asgi_server, playing["sam"].owner, password)
    assert bob.post(playing["url"] + f"wideshot/{playing['sam'].pk}/", {"text": "Rain"})[0] == 200
    page = seated(in_hand, viewport, "bob", password, playing["url"])
    panel = gamble_panel(page, "Sam Okafor")
    try_and_roll(panel, tap=True)
    expect(panel.get_by_role("button", name="Lock in")).to_be_visible(timeout=20_000)
    director = _show(asgi_server, playing, password, CAPTION)
    end = {"part": "director-pacing", "tool": "end-scene"}
    assert "still has a Gamble open" in director.post(playing["url"] + "scene/end/", end)[1]
    banner = page.get_by_role("navigation", name="Waiting on you")
    expect(banner.get_by_role("link").first).to_contain_text("lock in now, the Scene is ending")
    call = banner.get_by_role("link", name=f"A handout is on show: {CAPTION}")
    expect(call).to_be_visible()
    page.evaluate("window.scrollTo(0, 0)")
    assert call.locator("xpath=..").bounding_box()["height"] <= 48
    pinned = page.evaluate(PINNED_BOTTOM)
    page.screenshot(path=ARTIFACTS / f"phone-scene-ending-handout-{viewport['width']}.png")
    assert 0 < pinned <= 0.15 * 844, pinned
