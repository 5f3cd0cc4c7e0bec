"""The Director runs the whole game from one screen: in a Scene, the Scene and its crib, the
Cast with a Peril a tap away, the latest Gamble with its lock-in, the Dangers, a running
Tumult and undo all sit on a laptop's first screen; refusals come back beside their buttons;
the crib follows the Scene live; ending a Scene with a Gamble open asks first."""

import re

import pytest
from playwright.sync_api import expect

from characters.models import Character
from sessions.actions import dangers, gambles
from sessions.models import Adventure, CastMember
from sessions.rules import DangerTemplate, LoadedDice
from tests.browser.conftest import log_in, screenshot, seated
from tests.browser.http import Visitor

pytestmark = [pytest.mark.browser, pytest.mark.looks, pytest.mark.django_db(transaction=True)]

LAPTOP = {"width": 1366, "height": 768}
WIDE = {"width": 1920, "height": 1080}
TABLET = {"width": 1024, "height": 768}
FOES = [
    ("Lieutenant Kray", DangerTemplate.LIEUTENANT),
    ("Clockwork hound", DangerTemplate.MINION),
    ("Baron Veil", DangerTemplate.VILLAIN),
]


def _crowded(playing, make_user) -> Adventure:
    """Four heroes and four Dangers in the Scene, and Sam's Gamble rolled but not locked in."""
    adventure = playing["adventure"]
    for n, name in enumerate(["Professor Lin", "Captain Okoro"]):
        hero = Character.objects.create(owner=make_user(f"p{n}"), name=name, archetype="explorer")
        CastMember.objects.create(adventure=adventure, character=hero)
    for name, template in FOES:
        dangers.add_danger(adventure, name, template, adventure.director)
    sam = playing["sam"]
    gambles.roll_gamble(
        adventure,
        sam,
        gambles.GambleRequest("kick the door in", [], [], [], 0, [], 0),
        "cockpit-roll-1",
        sam.owner,
        LoadedDice([6, 2]),
    )
    return adventure


def _director(new_page, playing, password, viewport, live="Live"):
    return seated(new_page, viewport, "alice", password, playing["url"], live)


def _on_first_screen(page, locator) -> None:
    expect(locator).to_be_visible()
    box, screen = locator.bounding_box(), page.viewport_size
    assert box["y"] >= 0, (locator, box)
    assert box["y"] + box["height"] <= screen["height"], (locator, box)
    assert box["x"] >= 0, (locator, box)
    assert box["x"] + box["width"] <= screen["width"], (locator, box)


def _cockpit_on_first_screen(page, playing, heroes) -> None:
    _on_first_screen(page, page.get_by_role("heading", name="Questions for the harbourmaster"))
    _on_first_screen(page, page.get_by_role("heading", name="Your crib"))
    for hero in heroes:
        _on_first_screen(page, page.get_by_role("button", name=f"+1 Peril to {hero}"))
    _on_first_screen(page, page.get_by_role("heading", name="Latest Gamble"))
    _on_first_screen(page, page.get_by_role("button", name="Lock in for Sam Okafor"))
    for name in ["Dockhands SECRET-MARKER-danger", *(name for name, _ in FOES)]:
        _on_first_screen(page, page.get_by_role("button", name=f"+1 success against {name}"))
    _on_first_screen(page, page.get_by_role("button", name="Undo last move"))
    # Nothing sideways: the page never scrolls across.
    assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]


@pytest.mark.parametrize("viewport", [LAPTOP, WIDE], ids=["1366x768", "1920x1080"])
def test_a_scene_and_a_tumult_fit_the_directors_first_screen(
    new_page, playing, password, make_user, viewport
):
    _crowded(playing, make_user)
    heroes = ["Sam Okafor", "Ada", "Professor Lin", "Captain Okoro"]
    page = _director(new_page, playing, password, viewport)
    _cockpit_on_first_screen(page, playing, heroes)
    size = f"{viewport['width']}x{viewport['height']}"
    page.screenshot(path=f"artifacts/cockpit-{size}-scene.png")

    page.get_by_role("button", name="Start a Tumult").click()

    page.get_by_role("button", name="Yes, start the Tumult").click()
    expect(page.get_by_role("heading", name="Tumult! Round 1")).to_be_visible()
    _on_first_screen(page, page.get_by_role("button", name="Enemies' turn"))
    _on_first_screen(page, page.get_by_role("button", name="End the Tumult"))
    _on_first_screen(page, page.get_by_label("Peril from Lieutenant Kray to Captain Okoro"))
    _cockpit_on_first_screen(page, playing, heroes)
    page.screenshot(path=f"artifacts/cockpit-{size}-tumult.png")


def test_a_tablet_gets_two_columns(new_page, playing, password, make_user):
    _crowded(playing, make_user)
    page = _director(new_page, playing, password, TABLET)
    story = page.get_by_role("heading", name="Your crib").bounding_box()
    cast = page.get_by_role("heading", name="The Cast").bounding_box()
    assert cast["x"] > story["x"] + story["width"]  # side by side
    assert cast["y"] < TABLET["height"] / 4
    _on_first_screen(page, page.get_by_role("button", name="+1 Peril to Captain Okoro"))
    assert page.evaluate("document.documentElement.scrollWidth") <= TABLET["width"]
    page.screenshot(path="artifacts/cockpit-1024x768-scene.png")


def test_peril_a_tap_away_and_refusals_beside_their_buttons(new_page, playing, password, make_user):
    _crowded(playing, make_user)
    page = _director(new_page, playing, password, LAPTOP)
    sam_line = page.locator(".cockpit-hero", has_text="Sam Okafor")
    page.get_by_role("button", name="+1 Peril to Sam Okafor").click()
    expect(sam_line).to_contain_text("Peril 1/6")
    page.get_by_label("Peril for").select_option(label="The environment")
    page.get_by_role("button", name="+1 Peril to Ada").click()
    expect(page.locator(".cockpit-hero", has_text="Ada")).to_contain_text("Peril 1/6")
    expect(page.locator("#log-panel")).to_contain_text("the environment")
    # The Peril went through: "Peril for" stays as chosen, for the next tap.
    expect(page.get_by_label("Peril for")).to_have_value("environment")

    # Too much Peril from a Lieutenant (Danger Rating 3): the reason comes back by the button.
    page.get_by_role("button", name="Start a Tumult").click()
    page.get_by_role("button", name="Yes, start the Tumult").click()
    page.get_by_label("Peril from Lieutenant Kray to Captain Okoro").fill("5")
    go = page.get_by_role("button", name="Enemies' turn")
    go.click()
    refusal = page.locator(".director-tumult .refusal")
    expect(refusal).to_be_visible()
    _on_first_screen(page, refusal)
    _on_first_screen(page, go)
    # Right over its button, however many lines the reason takes.
    said, button = refusal.bounding_box(), go.bounding_box()
    assert 0 <= button["y"] - (said["y"] + said["height"]) < 40
    # What was typed is still there to correct.
    expect(page.get_by_label("Peril from Lieutenant Kray to Captain Okoro")).to_have_value("5")

    # The Peril form with a reason goes back to +1 once its Peril is given.
    tools = page.get_by_role("region", name="Tools")
    group = tools.locator("details#director-peril")
    if group.get_attribute("open") is None:
        group.locator(":scope > summary").click()
    tools.get_by_label("Peril (+ or −)").fill("2")
    tools.get_by_role("button", name="Dole out Peril").click()
    expect(page.locator(".cockpit-hero").first).to_contain_text("Peril 3/6")
    expect(tools.get_by_label("Peril (+ or −)")).to_have_value("1")

    # Refused (more Peril than Lieutenant Kray's Danger Rating of 3): the form comes back as
    # it was chosen, its hero and its reason with it, to correct the number alone (a fresh-eyes
    # evening: it came back dealing Peril to another hero, for another reason).
    who, why = group.get_by_label("Who"), group.get_by_label("Why")
    who.select_option(label="Ada")
    why.select_option(label="Lieutenant Kray (hidden)")
    tools.get_by_label("Peril (+ or −)").fill("5")
    tools.get_by_role("button", name="Dole out Peril").click()
    expect(group.get_by_role("alert")).to_contain_text("Danger Rating")
    expect(who.locator("option:checked")).to_have_text("Ada")
    expect(why.locator("option:checked")).to_have_text("Lieutenant Kray (hidden)")
    expect(tools.get_by_label("Peril (+ or −)")).to_have_value("5")


def test_the_crib_follows_the_scene_and_a_clue_reaches_the_table_only_when_posted(
    new_page, asgi_server, playing, password
):
    page = _director(new_page, playing, password, LAPTOP)
    crib = page.get_by_role("region", name="Your crib")
    expect(crib).to_contain_text("Schillings SECRET-MARKER-locclues")
    expect(crib).to_contain_text("Still unused this Leg: 2 clues and 1 set piece.")
    sam = seated(new_page, None, "bob", password, playing["url"])

    crib.get_by_role("button", name="Mark used: Chase SECRET-MARKER-setpieces").click()
    expect(crib).to_contain_text("Still unused this Leg: 2 clues.")
    expect(crib.get_by_role("button", name="Used: Chase SECRET-MARKER-setpieces")).to_be_visible()
    crib.get_by_role("button", name="Post this clue: Schillings SECRET-MARKER-locclues").click()
    # Shown first, as it will read; posted at the second tap.
    preview = crib.get_by_role("form", name="Check before posting")
    expect(preview).to_contain_text("Clue: Schillings SECRET-MARKER-locclues")
    expect(sam.locator("#log-panel")).not_to_contain_text("Schillings")
    preview.get_by_role("button", name="Post to the log").click()
    expect(sam.locator("#log-panel")).to_contain_text("Schillings SECRET-MARKER-locclues")
    expect(crib).to_contain_text("Still unused this Leg: 1 clue.")
    assert "setpieces" not in sam.content()

    # The Scene ends: between Scenes the crib is the Leg's; the next Scene brings its place.
    page.get_by_role("button", name="End Scene").click()
    expect(crib.get_by_role("heading", name="Harbourmaster's Office", exact=True)).to_have_count(0)
    # Its clues are still the Leg's: listed with the Leg's, and counted.
    expect(crib.get_by_role("heading", name="Clues at Harbourmaster's Office")).to_be_visible()
    expect(crib).to_contain_text("Still unused this Leg: 1 clue.")
    expect(crib).to_contain_text("Gears fall SECRET-MARKER-coldopen")
    expect(sam.get_by_text("Between Scenes")).to_be_visible()
    screenshot(page, "cockpit-crib-between-scenes")


def test_ending_a_scene_with_a_gamble_open_asks_first_naming_it(
    new_page, playing, password, make_user
):
    _crowded(playing, make_user)
    page = _director(new_page, playing, password, LAPTOP)
    page.get_by_role("button", name="End Scene").click()
    pacing = page.get_by_role("region", name="Legs & Scenes")
    expect(pacing).to_contain_text("Sam Okafor still has a Gamble open")
    pacing.get_by_role("button", name="Lock them in and end the Scene").click()
    expect(pacing.get_by_role("button", name="Start Scene")).to_be_visible()
    expect(page.locator("#log-panel")).to_contain_text("The Director locks in Sam Okafor")
    expect(page.get_by_role("heading", name="Latest Gamble")).to_be_visible()
    expect(page.locator("#latest-panel")).to_contain_text("No dice rolled yet")


def test_the_cockpit_paused_and_finished(new_page, asgi_server, playing, password, make_user):
    _crowded(playing, make_user)
    bob = Visitor(asgi_server, playing["sam"].owner, password)
    bob.get(playing["url"])
    for viewport in (LAPTOP, WIDE):
        size = f"{viewport['width']}x{viewport['height']}"
        page = _director(new_page, playing, password, viewport)
        if viewport is LAPTOP:
            assert bob.post(playing["url"] + "x-card/")[0] == 200
        expect(page.get_by_role("button", name="Resume the game")).to_be_visible()
        expect(page.get_by_role("button", name="+1 Peril to Ada")).to_be_disabled()
        page.screenshot(path=f"artifacts/cockpit-{size}-paused.png")
    page.get_by_role("button", name="Resume the game").click()
    expect(page.get_by_role("button", name="Resume the game")).to_have_count(0)
    page.get_by_text("The end", exact=True).click()
    page.get_by_label("Yes, the Adventure is over").check()
    page.get_by_role("button", name="Finish the Adventure").click()
    expect(page.get_by_text("This Adventure is finished.")).to_be_visible()
    for viewport in (LAPTOP, WIDE):
        size = f"{viewport['width']}x{viewport['height']}"
        page = _director(new_page, playing, password, viewport, live="The End")
        expect(page.get_by_text("This Adventure is finished.")).to_be_visible()
        page.screenshot(path=f"artifacts/cockpit-{size}-finished.png")


def test_a_veil_added_at_the_table_reaches_every_screen_and_the_tv_live(
    new_page, asgi_server, playing, password
):
    director = Visitor(asgi_server, playing["adventure"].director, password)
    assert director.post(playing["url"] + "screen/", {"enabled": "1"})[0] == 200
    tv = new_page(WIDE)
    tv.goto(f"/screen/{Adventure.objects.get().screen_token}/")
    expect(tv.locator("[data-live-status]")).to_have_text("Live")
    phones = []
    for username in ("bob", "carol"):
        phone = new_page()
        log_in(phone, username, password)
        phone.goto(playing["url"])
        expect(phone.locator("[data-live-status]")).to_have_text("Live")
        phones.append(phone)
    sam, ada = phones
    lines = sam.get_by_role("region", name="Lines & Veils")
    lines.get_by_text("Add a Line or a Veil").click()
    lines.get_by_label("Veil", exact=True).check()
    lines.get_by_label("What", exact=True).fill("Spiders")
    lines.get_by_label("Add anonymously").check()
    lines.get_by_role("button", name="Add to Lines & Veils").click()
    expect(sam).to_have_url(re.compile(rf".*{playing['url']}$"))  # still at the table
    for page in (sam, ada, tv):
        expect(page.get_by_role("region", name="Lines & Veils")).to_contain_text("Spiders")
    expect(tv.get_by_text("Add a Line or a Veil")).to_have_count(0)
    screenshot(sam, "lines-veils-at-the-table-phone")
