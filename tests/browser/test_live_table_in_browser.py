"""Game night with four screens: the Director, two players and the shared TV screen."""

import re

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import (
    DESKTOP,
    cast_line,
    gamble_panel,
    log_in,
    more_dice,
    screenshot,
    tool_group,
    try_and_roll,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_game_night_on_four_screens(new_page, password, game, load_dice):
    adventure = game["adventure"]
    table = f"/adventures/{adventure.pk}/table/"

    director = new_page(DESKTOP)
    log_in(director, "director", password)
    director.goto(table)
    tool_group(director, "Safety & Screen")
    director.get_by_role("button", name="Make a shared screen link").click()
    screen_link = director.get_by_role("link", name="Open the shared screen")
    screen_path = screen_link.get_attribute("href")

    sam, ada = new_page(), new_page()
    for page, username in ((sam, "bob"), (ada, "carol")):
        log_in(page, username, password)
        page.goto(table)
    screen = new_page(DESKTOP)
    screen.goto(screen_path)
    everyone = (director, sam, ada, screen)
    for page in everyone:
        expect(page.locator("[data-live-status]")).to_have_text("Live")

    # The Director starts the Leg: everybody's Lucky Saves rise by 1d6, live.
    load_dice(3, 3)
    director.get_by_role("button", name="Start Leg").click()
    for page in everyone:
        expect(cast_line(page, "Sam")).to_contain_text("Lucky 4")
        expect(cast_line(page, "Ada")).to_contain_text("Lucky 5")

    # A Scene at a Key Location the Cast hasn't seen: the Wide Shot opens on every screen.
    director.get_by_role("button", name="Start Scene").click()
    for page in everyone:
        expect(page.get_by_role("heading", name="Questions for the harbourmaster")).to_be_visible()
        expect(page.locator(".opening", has_text="Rain hammers a tin roof.")).to_be_visible()
    sam.get_by_label("What does Sam see?").fill("a parrot asleep on the ceiling fan")
    sam.get_by_role("button", name="Add my detail").click()
    for page in (director, ada, screen):
        board = page.get_by_role("region", name=re.compile("Wide Shot"))
        expect(board.get_by_text("a parrot asleep on the ceiling fan")).to_be_visible()

    # Ada spends her Blammo! Die on KRAK!; then nobody may use it again this adventure.
    load_dice(6, 2)
    ada_panel = gamble_panel(ada, "Ada")
    ada_panel.get_by_label("What are you attempting?").fill("pick the desk lock")
    more_dice(ada_panel)
    ada_panel.get_by_label("Sound effect 1").fill("KRAK!")
    expect(ada_panel.get_by_text("is fresh")).to_be_visible()
    expect(ada_panel.get_by_role("status").filter(has_text="to succeed")).to_contain_text("2 dice")
    try_and_roll(ada_panel)
    expect(ada_panel.get_by_role("button", name="Lock in")).to_be_visible()
    ada_panel.get_by_role("button", name="Lock in").click()
    for page in everyone:
        expect(page.locator("#log-list").get_by_text("Ada locks in: Success!")).to_be_visible()
    expect(screen.locator(".sfx").filter(has_text="KRAK!").first).to_be_visible()

    sam_panel = gamble_panel(sam, "Sam")
    more_dice(sam_panel)
    sam_panel.get_by_label("Sound effect 1").fill("krak")
    expect(sam_panel.get_by_text("“krak” has been used")).to_be_visible()
    try_and_roll(sam_panel, "swing the crane hook")  # refused: the box keeps it
    expect(sam_panel.get_by_role("alert")).to_contain_text("has been used")

    # Sam: Knack + Blammo! Die = 3 dice. Lucky Save, then the Catchphrase re-roll.
    load_dice(1, 4, 2)
    sam_panel.get_by_label("Brawling in cramped places").check()
    sam_panel.get_by_label("Sound effect 1").fill("THWACK!")
    expect(sam_panel.get_by_role("status").filter(has_text="to succeed")).to_contain_text("3 dice")
    try_and_roll(sam_panel, "swing the crane hook")
    expect(sam_panel.get_by_label("Die 2: 4")).to_be_visible()
    for page in (director, ada, screen):
        expect(
            page.locator("#log-list").get_by_text("Sam gambles to swing the crane hook: 3 dice.")
        ).to_be_visible()
    sam_panel.get_by_role("button", name="+1 on die 2 (Lucky Save)").click()
    expect(sam_panel.get_by_label("Die 2: 5")).to_be_visible()
    expect(cast_line(ada, "Sam")).to_contain_text("Lucky 3")
    load_dice(1, 1, 3)
    sam_panel.get_by_role("button", name=re.compile("Catchphrase re-roll")).click()
    sam_panel.get_by_role("button", name="Yes, re-roll").click()  # a success (the 5): it asks
    expect(sam_panel.get_by_label("Die 3: 3")).to_be_visible()
    expect(ada.get_by_text("Sam: “Now that's just rude.” Re-roll!")).to_be_visible()
    expect(sam_panel.get_by_role("button", name=re.compile("Catchphrase re-roll"))).to_be_disabled()
    sam_panel.get_by_role("button", name="Lock in").click()
    for page in everyone:
        expect(
            page.locator("#log-list").get_by_text(
                "Sam locks in: Blunder! +1 Blammo! Die. Two 1s rolled: Peril +2."
            )
        ).to_be_visible()
        expect(cast_line(page, "Sam")).to_contain_text("Peril 2/6")
    screenshot(sam, "table-player-phone")
    screenshot(screen, "table-screen-tv")

    # A second Catchphrase in the same Leg is refused.
    load_dice(2)
    try_and_roll(sam_panel)
    expect(sam_panel.get_by_role("button", name=re.compile("Catchphrase re-roll"))).to_be_disabled()
    sam_panel.get_by_role("button", name="Lock in").click()
    expect(sam.get_by_text("Sam locks in: Blunder!").first).to_be_visible()

    # Peril 2 + four 1s = 6: a Knockout, on every screen.
    load_dice(1, 1, 1, 1, 6)
    # The next Gamble's form, drawn once the lock-in reaches the panel, starts folded.
    expect(sam_panel.get_by_label("What are you attempting?")).to_be_visible()
    more_dice(sam_panel)
    sam_panel.get_by_label("External advantages (+1d6 each)").fill("3")
    sam_panel.get_by_label("Brawling in cramped places").check()
    expect(sam_panel.get_by_role("status").filter(has_text="to succeed")).to_contain_text("5 dice")
    try_and_roll(sam_panel)
    sam_panel.get_by_role("button", name="Lock in").click()
    for page in everyone:
        expect(
            page.locator("#log-list").get_by_text("KNOCKOUT! Sam is out for the rest of the Scene.")
        ).to_be_visible()
        expect(cast_line(page, "Sam")).to_contain_text("Knocked out")
    expect(sam_panel).to_contain_text("no Gambles, no helping")
    screenshot(director, "table-director-desktop")

    # The end of the Leg: Peril back to 0 for everyone.
    director.get_by_role("button", name="End Leg").click()
    director.get_by_role("button", name="Yes, end the Leg").click()  # asked in the page
    for page in everyone:
        expect(page.locator("#log-list").get_by_text("Leg 1 ends")).to_be_visible()
        expect(cast_line(page, "Sam")).to_contain_text("Peril 0/6")
        expect(cast_line(page, "Sam")).not_to_contain_text("Knocked out")
