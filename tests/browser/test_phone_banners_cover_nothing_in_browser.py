"""The banners pinned at the top of a player's phone (a fresh-eyes evening's defect, steps 4 and
9): a banner that comes or grows (a handout on show under the Wide Shot's call, its caption on
two or three lines at 360 px; the pause) moves what the player reads down below it rather than
over it, the banners stack rather than lie over each other, and a heading jumped to lands below
them, at 390x844 and 360x780."""

import pytest
from playwright.sync_api import expect

from characters.models import Character
from tests.browser.conftest import ARTIFACTS, HAND_IDS, HAND_SIZES, gamble_panel, seated
from tests.browser.http import Visitor
from tests.images import handout

pytestmark = [pytest.mark.browser, pytest.mark.looks, pytest.mark.django_db(transaction=True)]

LONG_NAME = "Sam 'Anvil' Okafor-Whitlock"
CAPTION = "The harbourmaster's ledger, its torn pages pasted back in by somebody in a hurry"
ANONYMOUS = "Add anonymously (nobody, not even the Director, sees who)"

# The bottom of the lowest banner pinned at the top of the screen (0: none pinned).
PINNED_BOTTOM = """() => Math.max(0, ...[...document.querySelectorAll(
    '.calls, #pause-panel, .previously-part')]
  .filter(el => ['sticky', 'fixed'].includes(getComputedStyle(el).position))
  .map(el => el.getBoundingClientRect())
  .filter(box => box.height && box.top <= 1)
  .map(box => box.bottom))"""


def _size(viewport) -> str:
    return f"{viewport['width']}x{viewport['height']}"


def _clear_of_the_banners(page, locator) -> None:
    box = locator.bounding_box()
    assert box["y"] >= page.evaluate(PINNED_BOTTOM) - 0.5, (box, page.evaluate(PINNED_BOTTOM))


@pytest.mark.parametrize("viewport", HAND_SIZES, ids=HAND_IDS)
def test_a_banner_coming_moves_what_is_read_below_it(
    in_hand, viewport, asgi_server, playing, password
):
    adventure = playing["adventure"]
    Character.objects.filter(pk=playing["sam"].pk).update(name=LONG_NAME)
    map_ = handout(adventure, CAPTION)
    page = seated(in_hand, viewport, "bob", password, playing["url"])
    banner = page.get_by_role("navigation", name="Waiting on you")
    expect(
        banner.get_by_role("link", name=f"Wide Shot: what does {LONG_NAME} see?")
    ).to_be_visible()
    # Sam opens the Lines & Veils' form and scrolls it up under the Wide Shot's call.
    page.get_by_text("Add a Line or a Veil").tap()
    anonymous = page.get_by_text(ANONYMOUS)
    expect(anonymous).to_be_visible()
    anonymous.evaluate("el => window.scrollBy(0, el.getBoundingClientRect().top - innerHeight / 4)")
    _clear_of_the_banners(page, anonymous)
    was = anonymous.bounding_box()["y"] - page.evaluate(PINNED_BOTTOM)
    page.screenshot(path=ARTIFACTS / f"phone-banners-before-{_size(viewport)}.png")

    director = Visitor(asgi_server, adventure.director, password)
    director.get(playing["url"])
    assert director.post(playing["url"] + "handouts/reveal/", {"handout": map_.pk})[0] == 200
    expect(banner.get_by_role("link", name=f"A handout is on show: {CAPTION}")).to_be_visible()
    page.screenshot(path=ARTIFACTS / f"phone-banners-handout-{_size(viewport)}.png")
    _clear_of_the_banners(page, anonymous)
    # Where it was: just as far below the banners, now three lines taller.
    now = anonymous.bounding_box()["y"] - page.evaluate(PINNED_BOTTOM)
    assert abs(now - was) <= 2, (was, now)

    # A jump to the Gamble (the hero bar's button) lands its heading below the banners.
    page.locator("[data-hero-bar] a").tap()
    heading = gamble_panel(page, LONG_NAME).get_by_role("heading", name=f"{LONG_NAME}: Gamble")
    expect(heading).to_be_in_viewport(ratio=1)
    _clear_of_the_banners(page, heading)
    anonymous.evaluate("el => window.scrollBy(0, el.getBoundingClientRect().top - innerHeight / 3)")
    _clear_of_the_banners(page, anonymous)

    # Somebody presses the X-card: the pause's bar comes too, above the calls.
    carol = Visitor(asgi_server, playing["ada"].owner, password)
    carol.get(playing["url"])
    assert carol.post(playing["url"] + "x-card/")[0] == 200
    expect(page.get_by_role("alert").filter(has_text="Paused.")).to_be_visible()
    page.screenshot(path=ARTIFACTS / f"phone-banners-paused-{_size(viewport)}.png")
    _clear_of_the_banners(page, anonymous)
    pause = page.get_by_role("alert").filter(has_text="Paused.").bounding_box()
    calls = banner.bounding_box()
    # The two stack, the pause's bar the whole width of the page's column, nothing beside it.
    assert calls["width"] - pause["width"] <= 1, (pause, calls)
    assert calls["y"] >= pause["y"] + pause["height"] - 0.5, (pause, calls)

    # The call tapped, during the pause: the handout lands below both banners.
    banner.get_by_role("link", name=f"A handout is on show: {CAPTION}").tap()
    shown = page.locator("#handouts-panel")
    expect(shown).to_be_in_viewport()
    _clear_of_the_banners(page, shown)
    page.screenshot(path=ARTIFACTS / f"phone-banners-paused-call-{_size(viewport)}.png")


TOLD = (
    "The rain stops all at once. Somewhere below the office a ship's bell rings three times, "
    "and every lamp on the quay goes out together."
)
KEYBOARD = 320  # what a phone's keyboard takes of the screen's height, about


@pytest.mark.parametrize("viewport", HAND_SIZES, ids=HAND_IDS)
def test_a_field_typed_in_reads_whole_below_the_banners(
    in_hand, viewport, asgi_server, playing, password
):
    """The Director's words (a long paragraph) and the Wide Shot's call pinned at the top, over
    a third of the phone: the Gamble's field tapped half under them, its label hidden, and the
    keyboard up. The banners fold to a line each while a field is typed in, the field and its
    label come whole below them, and unfold once the field is put down."""
    adventure = playing["adventure"]
    sam = playing["sam"]
    page = seated(in_hand, viewport, "bob", password, playing["url"])
    director = Visitor(asgi_server, adventure.director, password)
    director.get(playing["url"])
    assert director.post(playing["url"] + "narrate/", {"note": TOLD})[0] == 200
    told = page.locator(".told-banner")
    expect(told).to_contain_text(TOLD)
    whole = told.bounding_box()["height"]
    panel = gamble_panel(page, sam.name)
    label = panel.get_by_text("What are you attempting?", exact=True)
    field = panel.get_by_label("What are you attempting?")
    # Scrolled so the label lies under the banners, the field's foot still showing.
    page.evaluate(
        f"""() => {{
        const field = document.querySelector('#{field.get_attribute("id")}');
        const pinned = ({PINNED_BOTTOM})();
        window.scrollBy(0, field.getBoundingClientRect().bottom - pinned - 12);
    }}"""
    )
    assert label.bounding_box()["y"] < page.evaluate(PINNED_BOTTOM)
    field.tap()
    expect(field).to_be_focused()
    # Folded to a line: the Director's words start, the rest wait for the field put down.
    expect(told).to_contain_text("The Director tells the table")
    told_height = "document.querySelector('.told-banner').getBoundingClientRect().height"
    page.wait_for_function(f"() => {told_height} < {whole / 2}")
    page.screenshot(path=ARTIFACTS / f"phone-banners-typing-{_size(viewport)}.png")
    _clear_of_the_banners(page, label)
    _clear_of_the_banners(page, field)
    expect(field).to_be_in_viewport(ratio=1)

    # The keyboard comes up: the field and its label stay whole, between the banners and it.
    page.set_viewport_size({"width": viewport["width"], "height": viewport["height"] - KEYBOARD})
    field.press_sequentially("Swing across")
    page.wait_for_timeout(100)
    page.screenshot(path=ARTIFACTS / f"phone-banners-keyboard-{_size(viewport)}.png")
    _clear_of_the_banners(page, label)
    bar = page.evaluate(
        "() => parseFloat(getComputedStyle(document.documentElement)"
        ".getPropertyValue('--hero-bar-height')) || 0"
    )
    assert field.bounding_box()["y"] + field.bounding_box()["height"] <= (
        viewport["height"] - KEYBOARD - bar + 0.5
    )

    # Put down: the Director's words read whole again.
    page.set_viewport_size(viewport)
    field.blur()
    told_height = "document.querySelector('.told-banner').getBoundingClientRect().height"
    page.wait_for_function(f"() => {told_height} >= {whole - 1}")
