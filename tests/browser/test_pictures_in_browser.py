"""Pictures at a real table: the Director uploads a map in prep and reveals it; two phones and
the TV show it at once, without a reload; a player gives their hero a portrait from a phone."""

import pytest
from playwright.sync_api import expect

from sessions.models import Adventure, Handout, Leg, Scene
from tests.browser.conftest import DESKTOP, PHONE, log_in, screenshot, tool_group
from tests.images import picture

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

TV = {"width": 1920, "height": 1080}


def _loaded(page, selector: str) -> None:
    """Wait until the picture has arrived and decoded (an image the server refused has none)."""
    page.wait_for_function(
        "s => { const i = document.querySelector(s); return i?.complete && i.naturalWidth > 0 }",
        arg=selector,
    )


def test_the_director_reveals_a_map_on_two_phones_and_the_tv(new_page, password, game, tmp_path):
    adventure = game["adventure"]
    Adventure.objects.filter(pk=adventure.pk).update(screen_token="tv-for-the-harbour-game")
    Leg.objects.update(status=Leg.Status.PLAYING)
    Scene.objects.update(status=Scene.Status.PLAYING)
    the_map = tmp_path / "harbour-map.png"
    the_map.write_bytes(picture("PNG", (1600, 1000), (40, 90, 160)))
    portrait = tmp_path / "sam.jpg"
    portrait.write_bytes(picture("JPEG", (900, 1200), (150, 110, 60), gps=True))

    # Prep: the map, secret, attached to the Harbourmaster's Office.
    director = new_page(DESKTOP)
    log_in(director, "director", password)
    director.goto(f"/adventures/{adventure.pk}/")
    handouts = director.get_by_role("region", name="Handouts")
    handouts.get_by_text("Add a handout").click()  # the form folds, to keep prep short
    handouts.get_by_label("Picture").set_input_files(str(the_map))
    handouts.get_by_label("Caption").fill("A map of the harbour, in Pillai's hand")
    handouts.get_by_label("Belongs to").select_option(label="Key Location: Harbourmaster's Office")
    handouts.get_by_role("button", name="Add the handout").click()
    expect(director.get_by_text("yours until you reveal it")).to_be_visible()
    expect(handouts.get_by_text("Key Location: Harbourmaster's Office · secret")).to_be_visible()
    screenshot(director, "pictures-handout-prep-desktop")
    handout = Handout.objects.get()

    # Sam's player gives him a face, from a phone.
    bob = new_page(PHONE)
    log_in(bob, "bob", password)
    bob.goto(f"/characters/{game['sam'].pk}/")
    bob.get_by_text("Add a portrait").click()
    bob.get_by_label("Picture").set_input_files(str(portrait))
    bob.get_by_role("button", name="Upload portrait").click()
    expect(bob.get_by_text("Sam has a new portrait.")).to_be_visible()
    _loaded(bob, "img.portrait-display")
    screenshot(bob, "pictures-portrait-phone")

    # Game night: the Director at a laptop, two phones, the TV.
    table = f"/adventures/{adventure.pk}/table/"
    carol = new_page(PHONE)
    log_in(carol, "carol", password)
    tv = new_page(TV)
    tv.goto("/screen/tv-for-the-harbour-game/")
    for page in (director, bob, carol):
        page.goto(table)
    for page in (director, bob, carol, tv):
        expect(page.locator("[data-live-status]")).to_have_text("Live")
    _loaded(tv, '.cast-card img[alt="Portrait of Sam"]')  # the TV has its cookie
    for page in (bob, carol, tv):
        expect(page.get_by_text("A map of the harbour")).to_have_count(0)  # still secret

    tool_group(director, "Handouts").get_by_role("button", name="Reveal").click()
    for page in (bob, carol, tv):
        figure = page.locator(".handout-show")
        expect(figure).to_contain_text("A map of the harbour, in Pillai's hand")
        _loaded(page, ".handout-show img")
    assert Handout.objects.get().is_revealed
    screenshot(tv, "pictures-handout-tv")
    screenshot(carol, "pictures-handout-phone")
    screenshot(director, "pictures-handout-director")
    assert tv.evaluate("document.documentElement.scrollHeight <= window.innerHeight")

    # On a phone: tap to zoom, Escape to put it away.
    carol.locator(".handout-show > a").click()
    zoom = carol.get_by_role("dialog", name="A map of the harbour, in Pillai's hand")
    expect(zoom).to_be_visible()
    _loaded(carol, ".zoom-dialog img")
    screenshot(carol, "pictures-handout-zoom-phone")
    carol.keyboard.press("Escape")
    expect(zoom).to_be_hidden()

    # Put away: gone from the screens, still in the Cast's list.
    tool_group(director, "Handouts").get_by_role("button", name="Put away").click()
    expect(tv.locator(".handout-show")).to_have_count(0)
    expect(bob.locator(".handout-show")).to_have_count(0)
    expect(bob.locator(".handout-list")).to_contain_text("A map of the harbour")
    assert bob.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    # The picture itself is the Cast's now, and nobody else's.
    assert bob.request.get(f"/pictures/handouts/{handout.pk}/x.webp").status == 404
