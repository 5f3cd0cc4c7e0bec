"""When a Gamble goes wrong at a real table: Sam's player locks in a blunder on a phone, and the
Director's laptop (only the Director's) offers three consequence prompts, live."""

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import sam_locks_in, screenshot, seated

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_blunder_gives_the_director_three_ideas(new_page, playing, password, load_dice):
    laptop = seated(new_page, {"width": 1366, "height": 768}, "alice", password, playing["url"])
    prompts = laptop.get_by_role("region", name="When it goes wrong")
    expect(prompts).to_contain_text("three ideas for what happens next show up here")

    phone = seated(new_page, None, "bob", password, playing["url"])
    sam_locks_in(phone, load_dice, 2)

    # The Director's panel, without a reload.
    expect(prompts).to_contain_text("A blunder for Sam Okafor.")
    moves = prompts.locator(".prompt-move")
    expect(moves).to_have_count(3)
    for weight in ("A nuisance", "Real trouble", "A disaster"):
        expect(prompts).to_contain_text(weight)
    first = moves.all_inner_texts()
    prompts.scroll_into_view_if_needed()
    screenshot(laptop, "consequences-after-a-blunder-1366")

    prompts.get_by_role("button", name="Another").click()
    expect(moves.first).not_to_have_text(first[0])
    chosen = moves.first.inner_text()
    prompts.get_by_role("button", name=f"Use this: {chosen}").click()
    notes = laptop.get_by_role("region", name="Your notes").get_by_label("Notes for this table")
    expect(notes).to_contain_text(chosen)
    # Use this says so in place, and offers the line to the table with one more tap.
    expect(prompts.get_by_role("status")).to_have_text("✓ In your notes.")
    tell = prompts.get_by_role("button", name="Send this line to every screen:")
    expect(tell).to_be_visible()

    # Never on the player's screen…
    expect(phone.get_by_role("region", name="When it goes wrong")).to_have_count(0)
    expect(phone.get_by_text(chosen)).to_have_count(0)
    screenshot(phone, "consequences-player-sees-none-phone")
    # …unless the Director tells the table.
    line = laptop.get_by_label("A line for everyone's log")
    line.fill("The harbourmaster's parrot squawks your names to the whole quay!")
    laptop.get_by_role("region", name="Your notes").get_by_role(
        "button", name="Post my line to the table"
    ).click()
    expect(phone.locator("#log-list")).to_contain_text("The Director: The harbourmaster's parrot")
    expect(line).to_have_value("")
    # The prompt's words for the players (not its heading), shown first as they will read.
    example = prompts.locator(".prompt").first.locator(".prompt-example")
    said = example.inner_text() if example.count() else chosen
    tell.click()
    preview = prompts.get_by_role("form", name="Check before posting")
    expect(preview.locator(".tell-line")).to_have_text(f"The Director: {said}")
    expect(phone.locator("#log-list")).not_to_contain_text(said)
    preview.get_by_role("button", name="Post to the log").click()
    expect(phone.locator("#log-list")).to_contain_text(f"The Director: {said}")
