"""The Director's "Sound" toggle has a place of its own: at a laptop it sits in the Latest
Gamble's heading row, never on top of the dice, the verdict or a Knockout banner."""

import pytest
from playwright.sync_api import expect

from sessions.models import Gamble
from tests.browser.conftest import log_in, screenshot
from tests.browser.http import Visitor
from tests.gambles import gamble_form

pytestmark = [pytest.mark.browser, pytest.mark.looks, pytest.mark.django_db(transaction=True)]

DIRECTOR = {"width": 1366, "height": 768}


def _overlap(a, b) -> bool:
    return not (
        a["x"] + a["width"] <= b["x"]
        or b["x"] + b["width"] <= a["x"]
        or a["y"] + a["height"] <= b["y"]
        or b["y"] + b["height"] <= a["y"]
    )


def test_the_sound_toggle_sits_clear_of_the_blunder(
    new_page, asgi_server, playing, password, load_dice
):
    sam, url = playing["sam"], playing["url"]
    bob = Visitor(asgi_server, sam.owner, password)
    load_dice(2)
    assert bob.post(url + f"roll/{sam.pk}/", gamble_form("sound-sam-0001"))[0] == 200
    gamble = Gamble.objects.get(character=sam)
    assert bob.post(url + f"gambles/{gamble.pk}/lock/", {"step": gamble.step})[0] == 200

    page = new_page(DIRECTOR)
    log_in(page, "alice", password)
    page.goto(url)
    latest = page.locator("#latest-panel")
    expect(latest.get_by_text("Blunder!")).to_be_visible()
    toggle = page.get_by_role("button", name="Sound: off")
    expect(toggle).to_be_visible()
    button = toggle.bounding_box()
    for part in (
        latest.locator(".verdict-word"),
        latest.locator(".latest-what"),
        latest.locator(".dice-row"),
    ):
        if part.count():
            assert not _overlap(button, part.first.bounding_box()), part
    # Still beside the Latest Gamble: within its panel, in the heading's row.
    panel, heading = latest.bounding_box(), latest.get_by_role("heading").bounding_box()
    assert panel["y"] <= button["y"] <= heading["y"] + heading["height"]
    screenshot(page, "director-sound-toggle")
