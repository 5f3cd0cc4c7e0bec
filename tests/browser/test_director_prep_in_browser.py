import re
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import DESKTOP, screenshot
from tests.browser.test_character_creation_in_browser import _sign_up

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SECRET = "SECRETMARK"


def _add_leg(page, title, secrets: bool):
    page.get_by_role("link", name="Add a Leg").click()
    form = page.locator("form.prep-form")
    form.get_by_label("Title").fill(title)
    form.get_by_label("Cold open").fill(f"Cold open of {title}")
    if secrets:
        form.get_by_label("Clues").fill(f"{SECRET}-legclues")
        form.get_by_label("Failsafe plans").fill(f"{SECRET}-failsafe")
    form.get_by_role("button", name="Save", exact=True).click()
    expect(page.get_by_role("heading", name=re.compile(title))).to_be_visible()


def _add_location(page, leg_title, name):
    page.get_by_role("link", name=f"Add a Key Location to {leg_title}").click()
    form = page.locator("form.prep-form")
    form.get_by_label("Name").fill(name)
    form.get_by_label("Public description").fill(f"{name}, as everyone knows it.")
    form.get_by_label("Wide Shot opening").fill("Rain on a tin roof.")
    form.get_by_label("Leading questions").fill("What is on the desk?\nWhat ticks?")
    form.get_by_label("Cast of NPCs").fill(f"Mr Pillai: {SECRET}-npcnotes")
    form.get_by_label("Clues").fill(f"{SECRET}-locclues")
    form.get_by_label("Director notes").fill(f"{SECRET}-notes")
    form.get_by_role("button", name="Save", exact=True).click()
    expect(page.locator(".prep-item strong", has_text=name)).to_be_visible()


def _add_scene(page, leg_title, beat, location):
    page.get_by_role("link", name=f"Add a Scene to {leg_title}").click()
    form = page.locator("form.prep-form")
    form.get_by_label("Story beat").fill(beat)
    form.get_by_label("Key location").select_option(label=location)
    form.get_by_label("Where").fill(f"Where {beat} happens")
    form.get_by_role("button", name="Save", exact=True).click()
    expect(page.locator(".prep-item strong", has_text=beat)).to_be_visible()


def test_director_preps_and_a_player_joins_without_seeing_secrets(new_page, password):
    director = new_page(DESKTOP)
    director.context.grant_permissions(["clipboard-read", "clipboard-write"])
    _sign_up(director, "director", password)
    director.get_by_role("link", name="Direct a new adventure").click()
    director.get_by_label("Title").fill("The Clockwork Monsoon")
    director.get_by_label("Pitch").fill("Ships vanish under clear skies.")
    director.get_by_label("Central villain").fill(f"Baron Veil {SECRET}-villain")
    director.get_by_label("The villain's master plan").fill(f"Sell monsoons {SECRET}-plan")
    director.get_by_label("Components of the plan").fill(f"Stolen gears {SECRET}-component")
    director.get_by_role("button", name="Save", exact=True).click()
    expect(director.get_by_role("heading", name="The Clockwork Monsoon")).to_be_visible()

    for number, title in enumerate(["A Ticking in the Rain", "The Train North", "Low Tide"]):
        _add_leg(director, title, secrets=number == 0)
    expect(director.get_by_text("Most adventures have 3–5 Legs")).to_be_hidden()

    _add_location(director, "A Ticking in the Rain", "Harbourmaster's Office")
    _add_scene(director, "A Ticking in the Rain", "Gears from the sky", "Harbourmaster's Office")
    _add_scene(
        director, "A Ticking in the Rain", "Fire in Warehouse Nine", "Harbourmaster's Office"
    )
    _add_location(director, "Low Tide", "The Drowned Temple")
    _add_scene(director, "Low Tide", "The sea goes out", "The Drowned Temple")

    director.get_by_role("link", name="Add a Danger at Harbourmaster's Office").click()
    danger_form = director.locator("form.prep-form")
    danger_form.get_by_label("Name").fill(f"Brass Jack {SECRET}-danger")
    lieutenant = "Lieutenant: Success Threshold 2, Danger Rating 3"  # its numbers beside it
    danger_form.get_by_label("Template").select_option(label=lieutenant)
    danger_form.get_by_role("button", name="Save", exact=True).click()
    expect(
        director.get_by_text("Lieutenant · Success Threshold 2 · Danger Rating 3")
    ).to_be_visible()

    scenes = director.locator("article.leg").first.locator("ol.scenes > li strong")
    expect(scenes).to_have_text(["Gears from the sky", "Fire in Warehouse Nine"])
    move_up = director.get_by_role("button", name="Move Fire in Warehouse Nine up")
    move_up.focus()
    director.keyboard.press("Enter")
    expect(scenes).to_have_text(["Fire in Warehouse Nine", "Gears from the sky"])
    screenshot(director, "prep-outline-desktop")

    director.get_by_role("button", name="Copy invite link").click()
    expect(director.get_by_text("Copied! Send it to your players.")).to_be_visible()
    invite = director.evaluate("navigator.clipboard.readText()")
    assert "/join/" in invite

    player = new_page()
    _sign_up(player, "player", password)
    player.goto("/characters/new/?archetype=explorer")
    player.get_by_label("Name").fill("Lara")
    player.get_by_role("button", name="Create character").click()
    expect(player.get_by_role("heading", level=1, name="Lara")).to_be_visible()
    player.goto(urlsplit(invite).path)
    player.get_by_label("Lara").check()
    screenshot(player, "join-hero-picker-phone")
    player.get_by_role("button", name="Join the Cast").click()
    # At the table, as a hero made for it is: the message, and the log's line.
    expect(player.get_by_text("Lara joins the Cast of “The Clockwork Monsoon”!")).to_be_visible()
    expect(player.locator("#log-list")).to_contain_text("Lara joins the Cast.")
    screenshot(player, "adventure-player-phone")

    director.reload()
    expect(director.locator("#cast").get_by_text("Lara", exact=True)).to_be_visible()

    # Visit every page the player can reach by following links, and fetch every file they can
    # download (the log, recaps); no secret on any of them.
    seen, queue = set(), [("/home/", False)]
    while queue:
        path, download = queue.pop()
        if path in seen or "/logout" in path:
            continue
        seen.add(path)
        response = player.request.get(path) if download else player.goto(path)
        assert SECRET not in response.text(), f"a secret leaked on {path}"
        if download:
            continue
        for href, is_file in player.eval_on_selector_all(
            "a[href^='/']",
            "els => els.map(e => [e.getAttribute('href'), e.hasAttribute('download')])",
        ):
            clean = href.split("#")[0]
            if clean and clean not in seen:
                queue.append((clean, is_file))
    assert any(path.startswith("/adventures/") for path in seen)
    # And the prep pages themselves are 404 for the player.
    outline_path = urlsplit(director.url).path
    assert player.goto(outline_path + "edit/").status == 404
