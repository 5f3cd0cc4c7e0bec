"""A player's phone mid-Gamble (390x844, 360x780), a fresh-eyes evening: the X-card is in reach
wherever the page is scrolled (on the hero bar at the foot), labelled and anonymous; a
handout's call reads its caption whole; and the Director's words or a Danger's blow, pinned at
the top, never lie over the Gamble form the player is filling in."""

import pytest
from playwright.sync_api import expect

from sessions.actions import dangers
from sessions.models import Danger
from sessions.rules import DangerTemplate
from tests.browser.conftest import ARTIFACTS, HAND_IDS, HAND_SIZES, gamble_panel, more_dice, seated
from tests.browser.http import Visitor
from tests.images import handout

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

CAPTION = "The harbourmaster's ledger, its torn pages pasted back in by somebody in a hurry"
TOLD = (
    "The rain stops all at once. Somewhere below the office a ship's bell rings three times, "
    "and every lamp on the quay goes out together."
)

# A tap at the middle of the element lands on it (nothing pinned lies over it).
TAPPED_HERE = """el => {
  const box = el.getBoundingClientRect();
  const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
  return el === hit || el.contains(hit);
}"""


# The foot of the lowest banner pinned at the top of the screen (0: none).
PINNED_BOTTOM = """(() => Math.max(0, ...[...document.querySelectorAll('.calls, .pause-banner')]
  .filter(el => ['sticky', 'fixed'].includes(getComputedStyle(el).position))
  .map(el => el.getBoundingClientRect())
  .filter(box => box.height && box.top <= 1)
  .map(box => box.bottom)))"""


# The hero bar's pieces (each tracker, the X-card, the Gamble) that run into the next one.
BAR_OVERLAPS = """() => {
  const bar = [...document.querySelectorAll('[data-hero-bar]')].find(b => b.checkVisibility());
  const pieces = [...bar.querySelectorAll('.hero-bar-stat, .x-card, .hero-bar-jump')];
  const wrong = pieces.slice(1).filter((piece, at) =>
    piece.getBoundingClientRect().left < pieces[at].getBoundingClientRect().right - 0.5);
  if (bar.scrollWidth > bar.clientWidth) wrong.push('bar');
  return wrong.map(piece => [piece.textContent, piece.getBoundingClientRect?.().left]);
}"""


def _shot(page, name: str) -> None:
    """What the phone's screen shows (not the whole page), for a person to look at."""
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=ARTIFACTS / f"{name}.png")


def _size(viewport) -> str:
    return f"{viewport['width']}x{viewport['height']}"


def _in_reach(locator) -> None:
    expect(locator).to_be_in_viewport(ratio=1)
    assert locator.evaluate(TAPPED_HERE), locator


@pytest.mark.parametrize("viewport", HAND_SIZES, ids=HAND_IDS)
def test_the_x_card_is_in_reach_at_the_roll(in_hand, viewport, asgi_server, playing, password):
    page = seated(in_hand, viewport, "bob", password, playing["url"])
    panel = gamble_panel(page, playing["sam"].name)
    roll = panel.get_by_role("button", name="Roll!")
    # Scrolled down to the Roll (its dice opened), the top of the page out of sight.
    more_dice(panel)
    roll.evaluate("el => el.scrollIntoView({block: 'center'})")
    expect(page.locator("#pause-panel")).not_to_be_in_viewport()
    _shot(page, f"phone-x-card-at-the-roll-{_size(viewport)}")
    x_card = page.locator("[data-hero-bar]").get_by_role("button", name="X-card")
    _in_reach(x_card)
    _in_reach(roll)
    # On the bar beside the trackers and the Gamble, nothing lying over another.
    assert page.evaluate(BAR_OVERLAPS) == []
    # Said what it does, to a screen reader too.
    expect(x_card).to_have_accessible_description(
        "Something not OK? Press it: the game pauses on every screen, and nobody is told who "
        "pressed it."
    )
    # Reached by the keyboard.
    x_card.focus()
    expect(x_card).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.get_by_role("alert").filter(has_text="Paused.")).to_be_visible()
    _shot(page, f"phone-x-card-pressed-at-the-roll-{_size(viewport)}")
    # Nobody is named: not on the presser's page, not at the Director's.
    director = Visitor(asgi_server, playing["adventure"].director, password)
    body = director.get(playing["url"])[1]
    for said in (page.content(), body):
        assert "Sam pressed" not in said
        assert "bob pressed" not in said.lower()


@pytest.mark.parametrize(
    "viewport", [*HAND_SIZES, {"width": 1280, "height": 800}], ids=[*HAND_IDS, "1280x800"]
)
def test_a_handouts_call_points_to_its_caption_read_whole(
    in_hand, viewport, asgi_server, playing, password
):
    """A handout's call is one row, cut nowhere: a pointer to the handouts' panel, where the
    caption reads whole (a fresh-eyes phone: the caption cut with "…" in the call; wrapped
    whole, a long one took a quarter of the screen)."""
    map_ = handout(playing["adventure"], CAPTION)
    page = seated(in_hand, viewport, "bob", password, playing["url"])
    director = Visitor(asgi_server, playing["adventure"].director, password)
    director.get(playing["url"])
    assert director.post(playing["url"] + "handouts/reveal/", {"handout": map_.pk})[0] == 200
    banner = page.get_by_role("navigation", name="Waiting on you")
    call = banner.get_by_role("link", name=f"A handout is on show: {CAPTION}")
    expect(call).to_be_visible()
    words = banner.locator(".call-handout .call-text")
    assert words.evaluate("el => el.firstChild.textContent") == "A handout is on show"
    _shot(page, f"phone-handout-call-whole-{_size(viewport)}")
    # Every word of it shows on one row: nothing cut, nothing scrolled away inside its box.
    assert words.evaluate("el => el.scrollHeight <= el.clientHeight + 1")
    assert words.evaluate("el => getComputedStyle(el).textOverflow") != "ellipsis"
    assert call.locator("xpath=..").bounding_box()["height"] <= 48
    # A tap, and the caption reads whole in the handouts' panel.
    call.tap() if viewport["width"] < 1000 else call.click()
    panel = page.locator("#handouts-panel")
    expect(panel).to_contain_text(CAPTION)
    expect(panel.get_by_text(CAPTION).first).to_be_in_viewport()


def _notice_comes_over_the_form(page, viewport, post, notice, name: str, sam) -> None:
    panel = gamble_panel(page, sam.name)
    label = panel.get_by_text("What are you attempting?", exact=True)
    field = panel.get_by_label("What are you attempting?")
    # The player fills in the Gamble, its top field just below the banner pinned at the top
    # (the Wide Shot's call).
    field.tap()
    field.fill("Swing across on the crane's chain")
    for _ in range(2):  # the first scroll pins the banner
        label.evaluate(f"el => scrollBy(0, el.getBoundingClientRect().top - {PINNED_BOTTOM}() - 8)")
    assert page.evaluate("window.scrollY") > 100
    _in_reach(label)
    _shot(page, f"phone-{name}-before-{_size(viewport)}")
    # The notice comes as they type, and stays as they go on down the form ("More" opened).
    post()
    expect(notice).to_be_visible()
    page.wait_for_timeout(300)
    _shot(page, f"phone-{name}-typing-{_size(viewport)}")
    _in_reach(label)
    _in_reach(field)
    more = panel.get_by_text("More: advantages, help")
    box = more.bounding_box()  # tapped where it is (Playwright's tap may scroll first)
    page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.wait_for_timeout(300)
    expect(notice).to_be_visible()
    _shot(page, f"phone-{name}-over-the-form-{_size(viewport)}")
    _in_reach(more)
    # The field tapped again: in reach, the notice still there.
    field.tap()
    expect(field).to_be_focused()
    page.wait_for_timeout(300)
    _in_reach(label)
    _in_reach(field)


@pytest.mark.parametrize("viewport", HAND_SIZES, ids=HAND_IDS)
def test_the_directors_words_leave_the_form_clear(
    in_hand, viewport, asgi_server, playing, password
):
    page = seated(in_hand, viewport, "bob", password, playing["url"])
    director = Visitor(asgi_server, playing["adventure"].director, password)
    director.get(playing["url"])
    notice = page.locator(".told-banner")
    post = lambda: director.post(playing["url"] + "narrate/", {"note": TOLD})  # noqa: E731
    _notice_comes_over_the_form(page, viewport, post, notice, "told", playing["sam"])


@pytest.mark.parametrize("viewport", HAND_SIZES, ids=HAND_IDS)
def test_a_dangers_blow_leaves_the_form_clear(in_hand, viewport, asgi_server, playing, password):
    adventure, sam = playing["adventure"], playing["sam"]
    dangers.add_danger(adventure, "Lieutenant Kray", DangerTemplate.LIEUTENANT, None)
    kray = Danger.objects.get(name="Lieutenant Kray")
    Danger.objects.filter(pk=kray.pk).update(revealed=True)
    page = seated(in_hand, viewport, "bob", password, playing["url"])
    director = Visitor(asgi_server, adventure.director, password)
    director.get(playing["url"])
    notice = page.get_by_role("alert").filter(has_text="A Danger strikes!")
    peril = {"character": sam.pk, "delta": 2, "reason": f"danger-{kray.pk}", "detail": ""}
    post = lambda: director.post(playing["url"] + "peril/", peril)  # noqa: E731
    _notice_comes_over_the_form(page, viewport, post, notice, "danger", sam)
