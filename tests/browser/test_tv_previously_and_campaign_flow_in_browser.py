"""The TV through a later session and on into the Campaign's next Adventure (the reviewer's
evening, on the TV at 1080p and 720p):

- "Previously on…" plays through, page by page, even when the table redraws it meanwhile (the
  Director switching to real dice as it plays left it stuck on its title card), and the next
  move (a Leg started) takes the TV at once, ending it there;
- a TV left on a finished Adventure's The End follows the Campaign as soon as the Director
  opens the next Adventure's session zero or plays its "Previously on…" (not only once its
  first Leg starts), and the Director's cockpit there says the TV is on."""

import pytest
from playwright.sync_api import expect

from sessions.actions import legs, scenes
from sessions.models import Adventure, Campaign, KeyLocation, Leg, Recap, Scene
from tests.browser.conftest import log_in
from tests.browser.http import Visitor
from tests.browser.test_script_change_and_previously_on_in_browser import STORY

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SIZES = {
    "720p": {"width": 1280, "height": 720},
    "1080p": {"width": 1920, "height": 1080},
}
LAPTOP = {"width": 1366, "height": 768}


def _screen_on(asgi_server, adventure, password) -> str:
    director = Visitor(asgi_server, adventure.director, password)
    url = f"/adventures/{adventure.pk}/table/screen/"
    assert director.post(url, {"enabled": "1"})[0] == 200
    return f"/screen/{Adventure.objects.get(pk=adventure.pk).screen_token}/"


def _tv(new_page, size, path):
    tv = new_page(SIZES[size])
    tv.goto(path)
    expect(tv.locator("[data-live-status]")).to_be_visible()
    expect(tv.locator("[data-live-status]")).not_to_have_text("Connecting…")
    return tv


def _next_leg(adventure) -> Leg:
    leg = Leg.objects.create(adventure=adventure, position=2, title="Beneath the Quay")
    location = KeyLocation.objects.create(leg=leg, position=1, name="The flooded engine room")
    Scene.objects.create(leg=leg, position=1, beat="Down the ladder", key_location=location)
    return leg


@pytest.mark.parametrize("size", SIZES, ids=list(SIZES))
def test_previously_on_plays_through_and_the_next_leg_takes_the_tv(
    new_page, asgi_server, playing, password, size
):
    adventure, director = playing["adventure"], playing["adventure"].director
    # Last session ended with its Leg; tonight starts with the story so far.
    scenes.end_scene(adventure, director)
    legs.end_leg(adventure, director)
    leg = _next_leg(adventure)
    Recap.objects.create(
        adventure=adventure, title="So far", body=STORY, published="2026-01-01T00:00:00Z"
    )
    tv = _tv(new_page, size, _screen_on(asgi_server, adventure, password))
    cockpit = new_page(LAPTOP)
    log_in(cockpit, director.username, password)
    cockpit.goto(playing["url"])
    stage = cockpit.locator(".director-stage-part")

    cockpit.get_by_role("button", name="Play “Previously on…”").click()
    sequence = tv.locator(".previously-tv")
    expect(sequence.locator(".previously-card")).to_be_visible()
    # The Director switches to real dice and back while the title card is up: the TV's
    # sequence is drawn again, and plays on from where it was (not its title card again).
    visitor = Visitor(asgi_server, director, password)
    for dice in ("hand", "app"):
        assert visitor.post(f"{playing['url']}real-dice/", {"real_dice": dice})[0] == 200
    first = sequence.locator(".previously-text").filter(has_text="The Cast chased a clockmaker")
    expect(first).to_be_visible(timeout=12_000)
    expect(sequence.locator(".previously-card")).to_be_hidden()
    tv.screenshot(path=f"artifacts/tv-previously-plays-through-{size}.png")
    expect(stage).to_contain_text("Previously on…")

    # The Director starts the Leg: the Leg's title takes the TV at once, the recap is over
    # there (the phones may still read it) and the cockpit says what the TV shows.
    assert visitor.post(f"{playing['url']}leg/start/", {"leg": leg.pk})[0] == 200
    expect(tv.locator(".previously-tv")).to_have_count(0)
    expect(tv.locator(".spotlight-part")).to_contain_text("Beneath the Quay")
    expect(tv.locator(".spotlight-part")).to_be_visible()
    tv.screenshot(path=f"artifacts/tv-previously-ends-at-the-leg-{size}.png")
    expect(stage).not_to_contain_text("Previously on…")
    # And a TV switched on now has the Leg, not the recap.
    tv.reload()
    expect(tv.get_by_role("heading", name="Beneath the Quay")).to_be_visible()
    expect(tv.locator(".previously-tv")).to_have_count(0)


def _finished_with_sequel(asgi_server, playing, password) -> tuple[str, Adventure]:
    adventure = playing["adventure"]
    director = adventure.director
    campaign = Campaign.objects.create(director=director, title="The Monsoon Years")
    Adventure.objects.filter(pk=adventure.pk).update(campaign=campaign)
    path = _screen_on(asgi_server, adventure, password)
    visitor = Visitor(asgi_server, director, password)
    url = f"/adventures/{adventure.pk}/table/finish/"
    assert visitor.post(url, {"confirm": "yes"})[0] == 200
    Recap.objects.create(
        adventure=adventure, title="So far", body=STORY, published="2026-01-01T00:00:00Z"
    )
    sequel = Adventure.objects.create(
        director=director, title="The Clockmaker's Daughter", campaign=campaign
    )
    leg = Leg.objects.create(adventure=sequel, position=1, title="Tick, Tock")
    location = KeyLocation.objects.create(leg=leg, position=1, name="The clock tower")
    Scene.objects.create(leg=leg, position=1, beat="Up the tower", key_location=location)
    return path, sequel


# How the Director opens the next Adventure at the table, and what the TV then shows.
OPENINGS = {
    "session zero": ("zero/start/", "Session zero"),
    "previously on": ("previously/", "Previously on…"),
}


@pytest.mark.parametrize("size", SIZES, ids=list(SIZES))
@pytest.mark.parametrize("opening", OPENINGS, ids=list(OPENINGS))
def test_the_end_lifts_and_the_tv_follows_as_the_next_adventure_opens(
    new_page, asgi_server, playing, password, size, opening
):
    path, sequel = _finished_with_sequel(asgi_server, playing, password)
    tv = _tv(new_page, size, path)
    expect(tv.locator("[data-live-status]")).to_have_text("Adventure finished")
    curtain = tv.locator(".spotlight-curtain")
    expect(curtain).to_be_visible()
    cockpit = new_page(LAPTOP)
    log_in(cockpit, sequel.director.username, password)
    cockpit.goto(f"/adventures/{sequel.pk}/table/")
    stage = cockpit.locator(".director-stage-part")
    expect(stage).to_contain_text("The TV left on the last Adventure follows you here")

    # Opened, not started: the TV leaves The End for it at once (it asks every 15 s by
    # itself; the Campaign going on tells it sooner).
    move, shown = OPENINGS[opening]
    visitor = Visitor(asgi_server, sequel.director, password)
    assert visitor.post(f"/adventures/{sequel.pk}/table/{move}", {})[0] == 200
    tv.wait_for_url(f"**/screen/{sequel.pk}-*/", timeout=8_000)
    expect(tv.locator("[data-live-status]")).to_have_text("Live")
    expect(tv.locator(".spotlight-curtain")).to_have_count(0)
    expect(tv.get_by_text(shown).first).to_be_visible()
    tv.screenshot(path=f"artifacts/tv-follows-to-{opening.replace(' ', '-')}-{size}.png")
    # The Director's cockpit there tells the truth: the TV is on, and what it shows.
    expect(stage).not_to_contain_text("The TV is off")
    expect(stage).to_contain_text(shown)
    cockpit.screenshot(path=f"artifacts/cockpit-tv-followed-{opening.replace(' ', '-')}.png")
