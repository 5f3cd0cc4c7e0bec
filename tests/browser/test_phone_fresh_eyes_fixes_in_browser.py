"""The players' phones after a fresh-eyes evening (issues 34 and 39), in the hand at 390x844
and 360x780: a Gamble says what the hero tries before it rolls; +1 (Lucky Save) only on a die
it can help, with a word on what it does; the finished Adventure's cards fill the phone's
width; a tie made in session zero stays in sight, and is not offered twice."""

import pytest
from playwright.sync_api import expect

from sessions.actions import session_zero
from sessions.models import Gamble
from tests.browser.conftest import (
    ARTIFACTS,
    HAND_IDS,
    HAND_SIZES,
    gamble_panel,
    screenshot,
    seated,
)
from tests.browser.http import Visitor
from tests.browser.test_session_zero_in_browser import zero_table  # noqa: F401 (a fixture)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _sams_phone(in_hand, viewport, playing, password, live="Live"):
    page = seated(in_hand, viewport, "bob", password, playing["url"], live)
    return page, gamble_panel(page, "Sam Okafor")


def _size(viewport) -> str:
    return f"{viewport['width']}x{viewport['height']}"


@pytest.mark.parametrize("viewport", HAND_SIZES, ids=HAND_IDS)
def test_a_gamble_asks_what_the_hero_tries_before_it_rolls(
    in_hand, viewport, playing, password, load_dice
):
    page, panel = _sams_phone(in_hand, viewport, playing, password)
    roll = panel.get_by_role("button", name="Roll!")
    load_dice(5)
    roll.tap()
    intent = panel.get_by_label("What are you attempting?")
    expect(intent).to_have_accessible_description("Say what your hero tries, in a few words.")
    expect(panel.get_by_text("Say what your hero tries, in a few words.")).to_be_in_viewport()
    expect(panel.get_by_role("img", name="Die 1: 5")).to_have_count(0)
    assert not Gamble.objects.exists()
    screenshot(page, f"phone-gamble-needs-intent-{_size(viewport)}")

    # Typing puts it right: the message goes as soon as there is something to try (D15).
    intent.press_sequentially("Kick the boiler door in")
    expect(panel.get_by_text("Say what your hero tries, in a few words.")).to_have_count(0)
    expect(intent).to_have_accessible_description("")
    expect(intent).not_to_have_attribute("aria-invalid", "true")
    screenshot(page, f"phone-gamble-intent-put-right-{_size(viewport)}")
    panel.get_by_role("button", name="Roll!").tap()
    expect(panel.get_by_text("Attempting: “Kick the boiler door in”")).to_be_visible()
    expect(panel.get_by_role("img", name="Die 1: 5")).to_be_visible()


@pytest.mark.parametrize("viewport", HAND_SIZES, ids=HAND_IDS)
def test_a_lucky_save_is_offered_only_where_it_helps_and_says_what_it_does(
    in_hand, viewport, playing, password, load_dice
):
    page, panel = _sams_phone(in_hand, viewport, playing, password)
    panel.get_by_label("What are you attempting?").fill("Swing across on the chandelier")
    panel.locator("details.gamble-extras > summary").tap()
    panel.get_by_label("External advantages (+1d6 each)").fill("1")
    expect(panel.locator(".odds")).to_contain_text("2 dice")
    load_dice(6, 1)
    panel.get_by_role("button", name="Roll!").tap()
    expect(panel.get_by_role("img", name="Die 2: 1")).to_be_visible()
    # The 6 can't go up: no +1 by it. The 1 can (no Peril for it): +1, and what it does.
    expect(panel.get_by_role("button", name="+1 on die 1 (Lucky Save)")).to_have_count(0)
    lift = panel.get_by_role("button", name="+1 on die 2 (Lucky Save)")
    expect(lift).to_be_visible()
    saves = playing["sam"].lucky_saves
    expect(lift).to_have_accessible_description(
        "+1 spends a Lucky Save: that die goes up by one, so a 1 costs no Peril and a 5 or 6 "
        f"succeeds. {saves} Lucky Save{'s' if saves != 1 else ''} left."
    )
    expect(panel.locator(".lucky-help")).to_be_visible()
    screenshot(page, f"phone-lucky-save-offered-{_size(viewport)}")

    lift.tap()
    expect(panel.get_by_role("img", name="Die 2: 2")).to_be_visible()
    # A success with no 1 left: no die a Lucky Save can help, so no +1 and no help to read.
    expect(panel.get_by_role("button", name="+1 on die 2 (Lucky Save)")).to_have_count(0)
    expect(panel.locator(".lucky-help")).to_have_count(0)
    expect(panel.get_by_role("status").filter(has_text="As the dice stand")).to_contain_text(
        "Re-roll with your Catchphrase, or lock it in."
    )


@pytest.mark.parametrize("viewport", HAND_SIZES, ids=HAND_IDS)
def test_the_finished_adventure_fills_the_phone(in_hand, viewport, asgi_server, playing, password):
    director = Visitor(asgi_server, playing["adventure"].director, password)
    assert director.post(playing["url"] + "scene/end/", {"lock_open": "yes"})[0] == 200
    assert director.post(playing["url"] + "finish/", {"confirm": "yes"})[0] == 200
    page, panel = _sams_phone(in_hand, viewport, playing, password, live="The End")
    expect(panel.get_by_text("The Adventure is over: no more Gambles")).to_be_visible()
    width = viewport["width"]
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    panels = page.locator(".panel")
    assert panels.count() > 2
    for box in (panels.nth(n).bounding_box() for n in range(panels.count())):
        if box is None or box["height"] == 0:
            continue  # a folded panel
        # Every card spans the phone but for the page's own margins (a few px each side).
        assert box["width"] >= width - 40, (box, width)
    screenshot(page, f"phone-finished-{_size(viewport)}")


@pytest.mark.parametrize("viewport", HAND_SIZES, ids=HAND_IDS)
def test_a_tie_made_on_the_phone_stays_in_sight_and_is_not_offered_again(
    in_hand,
    viewport,
    zero_table,  # noqa: F811 (the fixture imported above)
    password,
):
    """Session zero's connections (issue 39): after "Tie Sam to them" the phone shows the new
    tie, marked, not a spot halfway down the form; the hero just tied is no longer offered."""
    adventure = zero_table["adventure"]
    session_zero.start(adventure, adventure.director)
    session_zero.next_step(adventure, adventure.director)
    page = seated(in_hand, viewport, "bob", password, zero_table["url"])
    choose = page.get_by_label("Tie your hero to")
    choose.scroll_into_view_if_needed()
    choose.select_option(label="Ada Lovelock")
    page.get_by_label("In a sentence").fill("Owes me a favour since the night in Cairo")
    tie = page.get_by_role("button", name="Tie Sam Okafor to them")
    # Scrolled on, as a thumb leaves it: the button at the top, the list of ties above it.
    tie.evaluate("button => button.scrollIntoView({block: 'start'})")
    expect(page.get_by_role("heading", name="Sam Okafor", exact=True)).not_to_be_in_viewport()
    tie.tap()
    new_tie = page.locator(".zero-tie-new").filter(has_text="Sam Okafor → Ada Lovelock")
    expect(new_tie).to_be_in_viewport(ratio=1)
    expect(page.get_by_label("In a sentence")).to_have_value("")  # ready for the next tie
    expect(choose.locator("option", has_text="Ada Lovelock")).to_have_count(0)
    expect(choose.locator("option", has_text="Max Stirling")).to_have_count(1)
    # What the phone shows (not the whole page): the new tie in sight.
    page.screenshot(path=ARTIFACTS / f"phone-zero-tied-{_size(viewport)}.png")

    # Tied to both: no form left, and the phone says why.
    choose.select_option(label="Max Stirling")
    page.get_by_label("In a sentence").fill("We flew the mail run over the Andes together")
    page.get_by_role("button", name="Tie Sam Okafor to them").tap()
    expect(
        page.locator(".zero-tie-new").filter(has_text="Sam Okafor → Max Stirling")
    ).to_be_in_viewport(ratio=1)
    expect(page.get_by_text("Sam Okafor is tied to every other hero at the table.")).to_be_visible()
    expect(page.get_by_label("Tie your hero to")).to_have_count(0)


@pytest.mark.parametrize("viewport", HAND_SIZES, ids=HAND_IDS)
def test_a_tie_sent_from_the_keyboard_leaves_the_phone_on_the_tie(
    in_hand,
    viewport,
    zero_table,  # noqa: F811 (the fixture imported above)
    password,
):
    """A fresh-eyes evening: a tie sent with the phone keyboard's Go left the focus (and so the
    keyboard, holding it in view) in the sentence box, halfway down the form. The tie just made
    takes the focus, in sight, the box emptied for the next one."""
    adventure = zero_table["adventure"]
    session_zero.start(adventure, adventure.director)
    session_zero.next_step(adventure, adventure.director)
    page = seated(in_hand, viewport, "bob", password, zero_table["url"])
    page.get_by_label("Tie your hero to").select_option(label="Ada Lovelock")
    sentence = page.get_by_label("In a sentence")
    sentence.fill("Owes me a favour since the night in Cairo")
    sentence.press("Enter")
    new_tie = page.locator(".zero-tie-new").filter(has_text="Sam Okafor → Ada Lovelock")
    expect(new_tie).to_be_focused()
    expect(new_tie).to_be_in_viewport(ratio=1)
    expect(sentence).to_have_value("")
    expect(sentence).not_to_be_focused()
    page.screenshot(path=ARTIFACTS / f"phone-zero-tied-from-the-keyboard-{_size(viewport)}.png")
