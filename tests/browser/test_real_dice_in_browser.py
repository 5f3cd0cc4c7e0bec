"""Real dice on game night: a Scene on two phones with the table set to *either*. Ada rolls
her own dice and taps the faces on the pad; Sam lets the app roll. A Lucky Save on an entered
die, a Catchphrase with entered faces, lock-in; the TV says "rolled by hand"."""

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import (
    ARTIFACTS,
    DESKTOP,
    gamble_panel,
    log_in,
    more_dice,
    tool_group,
    try_and_roll,
)
from tests.browser.test_accessibility_in_browser import axe_violations, describe

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def tap(panel, faces: str) -> None:
    """Tap the faces on the 1–6 pad, unfolding it first if it is folded away."""
    toggle = panel.get_by_role("button", name="Dice pad", expanded=False)
    if toggle.count():
        toggle.first.click()
    for face in faces.split():
        panel.get_by_role("button", name=f"{face} (add a die showing {face})").first.click()


def build_pool(panel, expected: str) -> None:
    """One advantage, until the panel counts it: the Scene's start redraws the panel live, and
    a redraw that lands after the typing draws the pool afresh (it keeps what was typed)."""
    for _ in range(3):
        more_dice(panel)
        panel.get_by_label("External advantages (+1d6 each)").fill("")
        panel.get_by_label("External advantages (+1d6 each)").fill("1")
        try:
            expect(panel.locator(".pool-reasons")).to_have_text(expected, timeout=3000)
            return
        except AssertionError:
            continue
    expect(panel.locator(".pool-reasons")).to_have_text(expected)


def test_a_scene_on_two_phones_with_real_dice(new_page, password, game, load_dice):
    adventure = game["adventure"]
    table = f"/adventures/{adventure.pk}/table/"

    director = new_page(DESKTOP)
    log_in(director, "director", password)
    director.goto(table)
    safety = tool_group(director, "Safety & Screen")
    safety.get_by_label("Either: each player chooses per roll").check()
    safety.get_by_role("button", name="Use these dice").click()
    safety = tool_group(director, "Safety & Screen")
    safety.get_by_role("button", name="Make a shared screen link").click()
    screen_path = director.get_by_role("link", name="Open the shared screen").get_attribute("href")

    sam, ada = new_page(), new_page()
    for page, username in ((sam, "bob"), (ada, "carol")):
        log_in(page, username, password)
        page.goto(table)
    tv = new_page(DESKTOP)
    tv.goto(screen_path)
    everyone = (director, sam, ada, tv)
    for page in everyone:
        expect(page.locator("[data-live-status]")).to_have_text("Live")
        expect(page.get_by_text("Dice: real or the app's")).to_be_visible()

    load_dice(3, 3)  # the Lucky Saves at the Leg's start: left to the app
    tool_group(director, "Pacing").get_by_role("button", name="Start Leg").click()
    tool_group(director, "Pacing").get_by_role("button", name="Start Scene").click()
    for page in everyone:
        expect(page.get_by_role("heading", name="Questions for the harbourmaster")).to_be_visible()

    # Ada builds a pool of 2 and rolls her own dice. One face is one too few: said by the field.
    ada_panel = gamble_panel(ada, "Ada")
    build_pool(ada_panel, "Roll 2 dice (1 + 1 advantage).")
    tap(ada_panel, "3")
    faces = ada_panel.get_by_label("Rolled your own? Enter the faces")
    expect(faces).to_have_value("3")
    try_and_roll(ada_panel)
    expect(ada_panel.get_by_role("alert")).to_have_text(
        "Roll 2 dice and enter 2 faces — you entered 1."
    )
    ada_panel.get_by_role("button", name="Undo the last face").click()
    tap(ada_panel, "1 4")
    expect(faces).to_have_value("1 4")
    faces.scroll_into_view_if_needed()
    ada.screenshot(path=str(ARTIFACTS / "real-dice-phone.png"))
    try_and_roll(ada_panel)
    expect(ada_panel.get_by_label("Die 1: 1")).to_be_visible()
    expect(ada_panel.get_by_label("Die 2: 4")).to_be_visible()
    for page in everyone:
        expect(page.locator("#log-list").get_by_text("Ada rolled by hand: 1 4.")).to_be_visible()

    # A Lucky Save on an entered die, then the Catchphrase with new faces, typed.
    ada_panel.get_by_role("button", name="+1 on die 2 (Lucky Save)").click()
    expect(ada_panel.get_by_label("Die 2: 5")).to_be_visible()
    ada_panel.get_by_label("Re-rolling by hand? The new faces").fill("6 1")
    ada_panel.get_by_role("button", name="Catchphrase re-roll").click()
    ada_panel.get_by_role("button", name="Yes, re-roll").click()  # a success (the 5): it asks
    expect(ada_panel.get_by_label("Die 1: 6")).to_be_visible()
    expect(ada_panel.get_by_label("Die 2: 1")).to_be_visible()
    violations = axe_violations(ada)
    assert violations == [], describe(violations)
    ada_panel.get_by_role("button", name="Lock in").click()
    for page in everyone:
        log = page.locator("#log-list")
        expect(log.get_by_text("Ada rolled by hand: 6 1.")).to_be_visible()
        expect(log.get_by_text("Ada locks in: Success! One 1 rolled: Peril +1.")).to_be_visible()

    # Sam leaves the faces empty: the app rolls, and nobody is told it was by hand.
    load_dice(6)
    sam_panel = gamble_panel(sam, "Sam")
    try_and_roll(sam_panel)
    expect(sam_panel.get_by_label("Die 1: 6")).to_be_visible()
    sam_panel.get_by_role("button", name="Lock in").click()
    expect(tv.locator("#log-list").get_by_text("Sam locks in: Success!")).to_be_visible()
    expect(tv.locator("#log-list").get_by_text("Sam rolled by hand")).to_have_count(0)

    # The Director's panel with the dice setting and a die to type for each hero: axe-clean.
    tool_group(director, "Peril & Rest")
    expect(director.get_by_text("Rolled by hand? One die each").first).to_be_visible()
    violations = axe_violations(director)
    assert violations == [], describe(violations)

    # Sam's player puts the phone away: the Director rolls for Sam on Sam's own panel, with
    # the dice Sam rolled at the table (plain forms: each move comes back to the page, and
    # the lock-in back to the table).
    director.get_by_role("region", name="The Cast").get_by_role("link", name="Roll for Sam").click()
    expect(director.get_by_role("heading", name="Rolling for Sam")).to_be_visible()
    violations = axe_violations(director)
    assert violations == [], describe(violations)
    panel = gamble_panel(director, "Sam")
    panel.get_by_label("Rolled your own? Enter the faces").fill("2")
    try_and_roll(panel)
    expect(director.get_by_role("heading", name="Rolling for Sam")).to_be_visible()
    expect(gamble_panel(director, "Sam").get_by_label("Die 1: 2")).to_be_visible()
    gamble_panel(director, "Sam").get_by_role("button", name="Lock in").click()
    # Sam's turn done: back at the table, Sam's card a tap from the next roll.
    cast = director.get_by_role("region", name="The Cast")
    expect(cast.get_by_role("link", name="Roll for Sam")).to_be_visible()
    expect(director.get_by_role("heading", name="Rolling for Sam")).to_have_count(0)
    log = tv.locator("#log-list")
    expect(log.get_by_text("Sam rolled by hand (typed in by the Director): 2.")).to_be_visible()
    expect(log.get_by_text("The Director locks in Sam's Gamble: Blunder!")).to_be_visible()

    # The table's dice: the app's and the hand-rolled apart, and axe finds nothing amiss.
    ada.goto(f"/adventures/{adventure.pk}/dice/")
    expect(ada.get_by_text("The app's dice: 3 dice")).to_be_visible()
    expect(ada.get_by_text("Dice rolled by hand: 5 dice")).to_be_visible()
    ada.screenshot(path=str(ARTIFACTS / "real-dice-table-dice.png"), full_page=True)
    violations = axe_violations(ada)
    assert violations == [], describe(violations)
    tv.goto("/dice/")
    expect(tv.get_by_role("heading", name="Fair dice you can check")).to_be_visible()
    violations = axe_violations(tv)
    assert violations == [], describe(violations)
