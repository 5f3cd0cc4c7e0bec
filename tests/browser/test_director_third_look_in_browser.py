"""The Director's laptop (1366x768), a third look: after a blunder the consequence prompts are
a tap away from the verdict, in sight; ending a Scene with a Gamble open asks in the page (wait,
or end anyway); "Open session zero" goes once the first Leg starts."""

import pytest
from playwright.sync_api import expect

from sessions.models import Leg, Scene
from tests.browser.conftest import gamble_panel, sam_locks_in, screenshot, seated, try_and_roll

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LAPTOP = {"width": 1366, "height": 768}


def test_after_a_blunder_the_prompts_are_pointed_to_in_sight(
    new_page, playing, password, load_dice
):
    laptop = seated(new_page, LAPTOP, "alice", password, playing["url"])
    phone = seated(new_page, None, "bob", password, playing["url"])
    sam_locks_in(phone, load_dice, 2)

    latest = laptop.get_by_role("region", name="Latest Gamble")
    expect(latest.locator(".verdict-word")).to_have_text("Blunder!")
    pointer = laptop.get_by_role("link", name="3 ideas for what happens next")
    expect(pointer).to_be_in_viewport()
    screenshot(laptop, "director-blunder-points-to-its-prompts-1366")
    pointer.click()
    prompts = laptop.get_by_role("region", name="When it goes wrong")
    expect(prompts.locator(".prompt-move").first).to_be_in_viewport()
    screenshot(laptop, "director-blunder-prompts-in-sight-1366")
    # Put away, the pointer goes too.
    prompts.get_by_role("button", name="Put these away").click()
    expect(laptop.get_by_role("link", name="3 ideas for what happens next")).to_have_count(0)


def test_ending_a_scene_with_a_gamble_open_asks_wait_or_end(new_page, playing, password, load_dice):
    phone = seated(new_page, None, "bob", password, playing["url"])
    sam = gamble_panel(phone, "Sam Okafor")
    load_dice(4)
    try_and_roll(sam)
    expect(sam.get_by_role("button", name="Lock in")).to_be_visible()
    laptop = seated(new_page, LAPTOP, "alice", password, playing["url"])
    pacing = laptop.get_by_role("region", name="Legs & Scenes")
    pacing.get_by_role("button", name="End Scene").click()
    expect(pacing).to_contain_text("Sam Okafor still has a Gamble open")
    wait = pacing.get_by_role("button", name="Wait for them")
    expect(wait).to_be_visible()
    expect(pacing.get_by_role("button", name="Lock them in and end the Scene")).to_be_visible()
    pacing.scroll_into_view_if_needed()
    screenshot(laptop, "director-end-scene-asks-wait-or-end-1366")
    wait.click()
    # Waiting: the Scene goes on, the Gamble stays open for its player, and the question stays
    # while it is open, a reload too (the review: a reload brought back a plain "End Scene").
    expect(pacing).to_contain_text("Sam Okafor still has a Gamble open")
    laptop.reload()
    expect(pacing).to_contain_text("Sam Okafor still has a Gamble open")
    expect(pacing.get_by_role("button", name="Lock them in and end the Scene")).to_be_visible()
    expect(pacing.get_by_role("button", name="End Scene")).to_have_count(0)
    assert Scene.objects.filter(status=Scene.Status.PLAYING).exists()
    sam.get_by_role("button", name="Lock in").click()
    verdict = laptop.get_by_role("region", name="Latest Gamble").locator(".verdict-word")
    expect(verdict).to_be_visible()
    # Locked in by its player: the plain button is back, live.
    expect(pacing).not_to_contain_text("still has a Gamble open")
    # Locked in by its player: the Scene now ends at once.
    pacing.get_by_role("button", name="End Scene").click()
    expect(pacing).not_to_contain_text("still has a Gamble open")
    expect(pacing.get_by_role("button", name="End Scene")).to_have_count(0)


def test_open_session_zero_only_before_the_first_leg(new_page, adventure, cast_member, password):
    Leg.objects.filter(adventure=adventure).update(status=Leg.Status.PLANNED)
    Scene.objects.update(status=Scene.Status.PLANNED)
    url = f"/adventures/{adventure.pk}/table/"
    laptop = seated(new_page, LAPTOP, "alice", password, url)
    expect(laptop.get_by_role("button", name="Open session zero")).to_be_visible()
    laptop.get_by_role("button", name="Start Leg").click()
    expect(laptop.get_by_role("button", name="End Leg")).to_be_visible()
    expect(laptop.get_by_role("button", name="Open session zero")).to_have_count(0)
    screenshot(laptop, "director-leg-started-no-session-zero-1366")
