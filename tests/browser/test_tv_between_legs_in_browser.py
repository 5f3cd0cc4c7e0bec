"""A fresh-eyes TV between Legs (a Leg over, the next not started): under the Cast, a big empty
space. The room reads there how the Leg went, the sound effects it rang with and what the next
Leg brings, whole and in sight at 1280×720 and 1920×1080; the next Leg's start puts it away."""

import re

import pytest
from playwright.sync_api import expect

from sessions.models import Gamble, Leg
from tests.browser.conftest import drawn, shared_screen
from tests.browser.http import Visitor
from tests.browser.test_tv_reads_whole_in_browser import crowded
from tests.browser.test_tv_stage_in_browser import CLIPPED, SIZES

pytestmark = [pytest.mark.browser, pytest.mark.looks, pytest.mark.django_db(transaction=True)]


def _a_leg_with_a_blammo(asgi_server, playing, password, load_dice) -> None:
    sam = playing["sam"]
    player = Visitor(asgi_server, sam.owner, password)
    load_dice(6, 5, 2)
    roll = {"request_id": "between-1", "intent": "swing from the crane", "sound_effects": ["KRAK!"]}
    assert player.post(playing["url"] + f"roll/{sam.pk}/", roll)[0] == 200
    gamble = Gamble.objects.get(character=sam)
    lock_in = {"step": gamble.step}
    assert player.post(playing["url"] + f"gambles/{gamble.pk}/lock/", lock_in)[0] == 200


@pytest.mark.parametrize("cast", ["two heroes", "six heroes"])
@pytest.mark.parametrize("size", ["720p", "1080p"])
def test_between_legs_the_tv_tells_how_the_leg_went_and_what_comes_next(
    new_page, asgi_server, playing, password, load_dice, make_user, size, cast
):
    adventure = playing["adventure"]
    second = Leg.objects.create(adventure=adventure, title="The Baron's Ball", position=2)
    if cast == "six heroes":
        crowded(playing, make_user)
    path = shared_screen(asgi_server, playing, password)
    _a_leg_with_a_blammo(asgi_server, playing, password, load_dice)
    tv = new_page(SIZES[size])
    tv.goto(path)
    expect(tv.locator("[data-live-status]")).to_have_text("Live")
    tv.locator(".spotlight-part").evaluate("holder => holder.dataset.shownFor = 1")
    director = Visitor(asgi_server, adventure.director, password)
    assert director.post(playing["url"] + "leg/end/", {"part": "director-pacing"})[0] == 200

    between = tv.get_by_role("region", name="Leg 1 in the books")
    expect(between).to_contain_text("1 Gamble: 1 success, 0 blunders.")
    expect(between).to_contain_text("Heard this Leg: KRAK!")
    expect(between).to_contain_text("Up next: Leg 2.")
    expect(between).to_contain_text("every hero adds 1d6 Lucky Saves (6 at most)")
    # (Its "End of Leg 1" moment had its time.)
    expect(tv.locator(".spotlight-part")).not_to_have_class(re.compile(r"\bis-on\b"))
    drawn(tv)
    tv.screenshot(path=f"artifacts/tv-between-legs-{cast.replace(' ', '-')}-{size}.png")
    # Whole and in sight, under the Cast, filling the room the Latest Gamble leaves.
    expect(between).to_be_in_viewport(ratio=1)
    assert tv.evaluate(CLIPPED) == []
    cast_box = tv.get_by_role("region", name="The Cast").bounding_box()
    box = between.bounding_box()
    assert box["y"] >= cast_box["y"] + cast_box["height"]
    story = tv.locator(".board-story").bounding_box()
    assert box["y"] + box["height"] >= story["y"] + story["height"] - 2, (box, story)
    # No empty Wide Shot ("No Wide Shot yet…") in the log's room: no Scene, no panel on the TV.
    expect(tv.get_by_role("region", name="Wide Shot")).to_be_hidden()
    expect(tv.get_by_text("No Wide Shot yet")).to_have_count(0)

    # The next Leg starts: the board is the Leg's again.
    load_dice(2, 3, 4, 5, 6, 1)
    start = {"leg": second.pk, "part": "director-pacing"}
    assert director.post(playing["url"] + "leg/start/", start)[0] == 200
    expect(between).to_have_count(0)
