"""An Investigation on the investigator's own phone (issue 35 item 2): once they roll, their
Gamble panel says what they looked at, the roll and how much they learn, and then the clues the
Director tells the table, at phone size."""

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import (
    HAND_IDS,
    HAND_SIZES,
    gamble_panel,
    screenshot,
    seated,
)
from tests.browser.http import Visitor

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def sam_investigates(in_hand, asgi_server, playing, password, load_dice, viewport):
    """Sam asked by the Director to investigate the ledger's torn pages, and rolling a 4 on Bob's
    phone: Bob's page, the Director, and the note on Sam's Gamble panel."""
    bob = seated(in_hand, viewport, "bob", password, playing["url"])
    director = Visitor(asgi_server, playing["adventure"].director, password)
    director.get(playing["url"])
    asked = {
        "tool": "investigate",
        "character": playing["sam"].pk,
        "text": "The ledger's torn pages",
    }
    assert director.post(playing["url"] + "investigate/", asked)[0] == 200
    panel = gamble_panel(bob, "Sam Okafor")
    load_dice(4)
    panel.get_by_role("button", name="Investigate (roll 1d6)").tap()
    return bob, director, panel.get_by_role("status").filter(has_text="You investigated")


@pytest.mark.parametrize("viewport", HAND_SIZES, ids=HAND_IDS)
def test_the_investigator_sees_what_they_found(
    in_hand, asgi_server, playing, password, load_dice, viewport
):
    bob, director, result = sam_investigates(
        in_hand, asgi_server, playing, password, load_dice, viewport
    )
    expect(result).to_contain_text("You investigated the ledger's torn pages")
    # In one voice, the player's own: not "You investigated …, Sam Okafor learns …".
    expect(result).to_contain_text("rolled 4, you learn a solid lead")
    expect(result).to_contain_text("The Director tells you what you find.")

    told = {"note": "The pages were torn out by a left-handed clerk."}
    assert director.post(playing["url"] + "narrate/", told)[0] == 200
    # Live: what the Director tells the table reaches the investigator's panel…
    expect(result).to_contain_text("Found: The pages were torn out")
    # (Told to the whole table too, pinned at the top: read, and put away.)
    told_banner = bob.locator(".told-banner")
    expect(told_banner).to_contain_text("The pages were torn out by a left-handed clerk.")
    told_banner.get_by_role("button", name="Got it: put this away").tap()
    # …and a reload draws it too.
    bob.reload()
    result = (
        gamble_panel(bob, "Sam Okafor").get_by_role("status").filter(has_text="You investigated")
    )
    expect(result).to_contain_text("Found: The pages were torn out")
    expect(result).to_contain_text("The pages were torn out by a left-handed clerk.")
    # Roll! stays on the first screen, over the hero bar, with the result above it.
    roll = gamble_panel(bob, "Sam Okafor").get_by_role("button", name="Roll!")
    bar = bob.locator(".hero-bar")
    expect(roll).to_be_in_viewport(ratio=1)
    assert roll.bounding_box()["y"] + roll.bounding_box()["height"] <= bar.bounding_box()["y"]
    screenshot(bob, f"phone-investigated-{viewport['width']}x{viewport['height']}")
