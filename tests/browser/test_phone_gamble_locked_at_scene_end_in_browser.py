"""A Gamble left open when the Director ends the Scene (issue 35 item 5): the Director is told
whose first and confirms; the player's phone is warned meanwhile, and then says their Gamble
was locked in as it stood, and what it came to, at phone size."""

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import (
    HAND_IDS,
    HAND_SIZES,
    gamble_panel,
    screenshot,
    seated,
    try_and_roll,
)
from tests.browser.http import Visitor

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize("viewport", HAND_SIZES, ids=HAND_IDS)
def test_the_phone_says_its_open_gamble_was_locked_at_scene_end(
    in_hand, asgi_server, playing, password, viewport
):
    adventure = playing["adventure"]
    bob = seated(in_hand, viewport, "bob", password, playing["url"])
    sam = gamble_panel(bob, "Sam Okafor")
    sam.get_by_label("What are you attempting?").fill("Pick the harbourmaster's lock")
    try_and_roll(sam, tap=True)
    expect(sam.get_by_role("button", name="Lock in")).to_be_visible(timeout=20_000)

    director = Visitor(asgi_server, adventure.director, password)
    director.get(playing["url"])
    end = {"part": "director-pacing", "tool": "end-scene"}
    _, body = director.post(playing["url"] + "scene/end/", end)
    assert "Sam Okafor still has a Gamble open" in body  # the Director's warning
    assert "Lock them in and end the Scene" in body
    expect(sam.get_by_role("button", name="Lock in")).to_be_visible()  # nothing locked yet
    # Warned on the phone meanwhile, by the Gamble's own Lock in.
    warned = sam.get_by_role("alert").filter(has_text="The Director means to end the Scene")
    expect(warned).to_contain_text("Lock in now, or this Gamble is locked in as it stands.")
    # Lock in comes first under the warning, before the re-roll and its warnings (a fresh-eyes
    # evening: under them, it was below a 360 px phone's fold).
    reroll = sam.get_by_role("button", name="Catchphrase re-roll")
    lock_in = sam.get_by_role("button", name="Lock in").bounding_box()
    assert lock_in["y"] < reroll.bounding_box()["y"]
    # The warning and Lock in on one screen, with the banner above and the hero bar below.
    assert lock_in["y"] + lock_in["height"] - warned.bounding_box()["y"] <= viewport["height"] - 200
    screenshot(bob, f"phone-scene-ending-warned-{viewport['width']}x{viewport['height']}")
    # The banner's call lands on the Gamble's moves: Lock in in sight, under the banner.
    bob.evaluate("window.scrollTo(0, 0)")
    bob.get_by_role("link", name="Sam Okafor: lock in now, the Scene is ending").tap()
    expect(sam.get_by_role("button", name="Lock in")).to_be_in_viewport(ratio=1)
    banner = bob.get_by_role("navigation", name="Waiting on you").bounding_box()
    lock_in = sam.get_by_role("button", name="Lock in").bounding_box()
    assert lock_in["y"] >= banner["y"] + banner["height"]
    screenshot(bob, f"phone-scene-ending-call-tapped-{viewport['width']}x{viewport['height']}")
    director.post(playing["url"] + "scene/end/", {**end, "lock_open": "yes"})

    told = sam.get_by_role("alert").filter(has_text="The Scene ended with your Gamble open")
    expect(told).to_contain_text("it was locked in as it stood")
    expect(told).to_contain_text("The Director locks in Sam Okafor's Gamble")
    # Scrolled to and seen in one look, again till it holds: a live redraw may replace the
    # panel, or move it, between a scroll and a look (CI on PostgreSQL and SQLite, both seen).
    bob.wait_for_function(
        """() => {
          const told = document.querySelector('.scene-end-locked');
          if (!told) return false;
          told.scrollIntoView({block: 'center'});
          const box = told.getBoundingClientRect();
          return box.height > 0 && box.top >= 0 && box.bottom <= innerHeight;
        }"""
    )
    screenshot(bob, f"phone-locked-at-scene-end-{viewport['width']}x{viewport['height']}")
