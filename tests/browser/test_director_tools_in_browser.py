"""The Director runs the show from the table; the players feel every consequence live."""

import pytest
from playwright.sync_api import expect

from characters.models import Character
from sessions.models import Adventure, Danger, Leg, Scene
from tests.browser.conftest import (
    DESKTOP,
    cast_line,
    gamble_panel,
    log_in,
    screenshot,
    tool_group,
    try_and_roll,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def under_way(game):
    """Leg 1 and its Scene already started, so the Director's tools are on the panel."""
    Leg.objects.update(status=Leg.Status.PLAYING)
    Scene.objects.update(status=Scene.Status.PLAYING)
    return game


def _director_panel(page):
    return page.locator(".cockpit")


def test_the_director_runs_peril_rests_groups_investigations_tumults_and_the_x_card(
    new_page, password, under_way, load_dice
):
    table = f"/adventures/{under_way['adventure'].pk}/table/"
    director = new_page(DESKTOP)
    log_in(director, "director", password)
    director.goto(table)
    sam, ada = new_page(), new_page()
    log_in(sam, "bob", password)
    log_in(ada, "carol", password)
    for page in (director, sam, ada):
        page.goto(table)
        expect(page.locator("[data-live-status]")).to_have_text("Live")
    panel = _director_panel(director)

    # Peril with a reason lands on Sam's own panel, live.
    panel.get_by_label("Who").first.select_option(label="Sam")
    panel.get_by_label("Peril (+ or −)").fill("3")
    panel.get_by_label("Why").select_option(label="The weird, strange or eldritch")
    panel.get_by_label("Say more (optional)").fill("the idol whispers")
    panel.get_by_role("button", name="Dole out Peril").click()
    expect(gamble_panel(sam, "Sam")).to_contain_text("Peril 3/6")
    expect(ada.get_by_text("the idol whispers")).to_be_visible()

    # A Rest: Sam rolls 2 (≤ 3, Peril −1), Ada rolls 6 (Peril 0 stays 0).
    load_dice(2, 6)
    panel.get_by_role("button", name="Call a Rest (everyone rolls 1d6)").click()
    expect(gamble_panel(sam, "Sam")).to_contain_text("Peril 2/6")
    expect(ada.get_by_text("Sam rolls 2: Peril 3 → 2")).to_be_visible()

    # A Group Gamble: one success, one blunder. 1–1 is not a majority.
    tool_group(director, "Group & Investigate")
    panel.get_by_label("What does the whole Cast attempt?").fill("Outrun the flood")
    panel.get_by_role("button", name="Call a Group Gamble").click()
    for page, name, face in ((sam, "Sam", 6), (ada, "Ada", 3)):
        mine = gamble_panel(page, name)
        expect(mine).to_contain_text("Group Gamble: the Cast tries to outrun the flood")
        load_dice(face)
        try_and_roll(mine)
        mine.get_by_role("button", name="Lock in").click()
    for page in (director, sam, ada):
        expect(
            page.locator("#log-list").get_by_text("1 of 2 succeeded, a blunder for the Cast.")
        ).to_be_visible()

    # Investigating: a plain 1d6, shown as how much Ada learns.
    panel.get_by_label("Who takes a closer look?").select_option(label="Ada")
    panel.get_by_label("At what?").fill("the torn ledger")
    panel.get_by_role("button", name="Ask to investigate").click()
    load_dice(5)
    gamble_panel(ada, "Ada").get_by_role("button", name="Investigate (roll 1d6)").click()
    expect(
        director.locator("#log-list").get_by_text(
            "Ada takes a closer look at the torn ledger: rolls 5"
        )
    ).to_be_visible()

    # A Tumult against a Lieutenant (Success Threshold 2, Danger Rating 3).
    Danger.objects.all().delete()
    tool_group(director, "Dangers")
    panel.get_by_label("Name").fill("Brass Jack")
    panel.get_by_label("Template").select_option(label="Lieutenant (2/3)")
    panel.get_by_role("button", name="Add a Danger on the fly").click()  # in sight at once
    expect(panel.get_by_role("button", name="Hide Brass Jack")).to_be_visible()
    expect(sam.get_by_role("region", name="Dangers")).to_contain_text("0 of 2 successes")
    tool_group(director, "Tumult")
    panel.get_by_role("button", name="Start a Tumult").click()
    panel.get_by_role("button", name="Yes, start the Tumult").click()
    for page in (director, sam, ada):
        expect(page.get_by_role("heading", name="Tumult! Round 1 · Players' turn")).to_be_visible()

    load_dice(6)
    mine = gamble_panel(sam, "Sam")
    mine.get_by_label("Aimed at an enemy?").select_option(label="Brass Jack")
    try_and_roll(mine)
    mine.get_by_role("button", name="Lock in").click()
    expect(ada.get_by_text("A success against Brass Jack (1/2).", exact=True)).to_be_visible()
    ada.get_by_role("button", name="Ada acts without a Gamble").click()
    expect(director.get_by_text("Everyone has acted: over to the enemies!").first).to_be_visible()

    jack = Danger.objects.get(name="Brass Jack")
    sam_id, ada_id = under_way["sam"].pk, under_way["ada"].pk
    panel.locator(f"[name=split-{jack.pk}-{sam_id}]").fill("3")
    panel.locator(f"[name=split-{jack.pk}-{ada_id}]").fill("1")
    panel.get_by_role("button", name="Enemies' turn").click()
    expect(panel.get_by_role("alert")).to_contain_text("the Danger Rating is 3")
    panel.locator(f"[name=split-{jack.pk}-{sam_id}]").fill("2")
    panel.locator(f"[name=split-{jack.pk}-{ada_id}]").fill("1")
    panel.get_by_role("button", name="Enemies' turn").click()
    expect(cast_line(sam, "Sam")).to_contain_text("Peril 4/6")
    expect(cast_line(sam, "Ada")).to_contain_text("Peril 1/6")
    panel.get_by_role("button", name="Next round").click()
    for page in (director, sam, ada):
        expect(page.get_by_role("heading", name="Tumult! Round 2 · Players' turn")).to_be_visible()
    load_dice(5)
    mine = gamble_panel(ada, "Ada")
    mine.get_by_label("Aimed at an enemy?").select_option(label="Brass Jack")
    try_and_roll(mine)
    mine.get_by_role("button", name="Lock in").click()
    for page in (director, sam, ada):
        expect(
            page.locator("#log-list").get_by_text("Ada puts Brass Jack out of the picture!")
        ).to_be_visible()
    expect(sam.get_by_role("region", name="Dangers")).to_contain_text("Out of the picture")
    screenshot(director, "director-tumult-desktop")
    screenshot(sam, "player-tumult-phone")
    panel.get_by_role("button", name="End the Tumult").click()
    director.get_by_role("button", name="Yes, end the Tumult").click()
    expect(sam.get_by_role("heading", name="Tumult! Round 2 · Players' turn")).to_be_hidden()

    # The X-card: every screen pauses until the Director resumes.
    ada.get_by_role("button", name="X-card").first.click()
    for page in (director, sam, ada):
        expect(
            page.get_by_role("alert").filter(has_text="Someone pressed the X-card")
        ).to_be_visible()
    expect(director.get_by_text("The X-card was pressed. The table pauses.")).to_be_visible()
    director.get_by_role("button", name="Resume the game").click()
    for page in (director, sam, ada):
        expect(page.get_by_text("Someone pressed the X-card")).to_be_hidden()
    assert Character.objects.get(pk=sam_id).peril == 4

    # The end: the Director confirms, every screen turns read-only.
    tool_group(director, "Pacing")
    panel.get_by_role("button", name="Finish the Adventure").click()
    # The box wasn't ticked: the panel says so in words (not the browser's tooltip alone).
    expect(panel.get_by_text("Tick the box to confirm")).to_be_visible()
    assert not Adventure.objects.get().is_finished
    panel.get_by_label("Yes, the Adventure is over").check()
    panel.get_by_role("button", name="Finish the Adventure").click()
    for page in (director, sam, ada):
        expect(page.get_by_text("The End. This Adventure is finished")).to_be_visible()
        expect(
            page.locator("#log-list").get_by_text("THE END. The Clockwork Monsoon is over")
        ).to_be_visible()
    expect(sam.get_by_role("button", name="Roll!")).to_have_count(0)
    expect(panel).to_contain_text("This Adventure is finished")
    screenshot(sam, "player-finished-phone")
