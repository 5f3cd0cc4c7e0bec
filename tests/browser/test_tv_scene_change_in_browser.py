"""What fresh eyes saw on the TV at a Scene change (1920x1080 and 1280x720): the Scene-over
card of a Scene ended with a Gamble locked in held the screen over the next Scene already on the
board; a Group Gamble's member whose die had landed said "rolling…"; the log took the side
column while the Wide Shot paged; the Dangers panel said a Danger the new Scene frames was out
of the picture."""

import pytest
from playwright.sync_api import expect

from sessions.models import Scene
from tests.browser.test_tv_stage_in_browser import SIZES, WATCH_THE_SPOTLIGHT, _moves, _screen

pytestmark = [pytest.mark.browser, pytest.mark.looks, pytest.mark.django_db(transaction=True)]


def _tv(new_page, asgi_server, playing, password, size):
    tv = new_page(SIZES[size])
    tv.goto(_screen(asgi_server, playing, password))
    expect(tv.locator("[data-live-status]")).to_have_text("Live")
    tv.evaluate(WATCH_THE_SPOTLIGHT)
    return tv


@pytest.mark.parametrize("size", ["720p", "1080p"])
def test_a_new_scene_cuts_short_the_scene_over_card_of_a_scene_ended_with_a_gamble_locked_in(
    new_page, asgi_server, playing, password, load_dice, size
):
    """The reviewer ended a Scene with a Gamble open ("Lock them in and end the Scene"), then
    started the next: the Scene-over card stayed up 8 s and more over the new Scene's board.
    A new Scene now takes the screen at once (its own moment, read in its own time)."""
    roll, _lock, direct = _moves(asgi_server, playing, password)
    tv = _tv(new_page, asgi_server, playing, password, size)
    spotlight = tv.locator(".spotlight-part")
    load_dice(1)
    roll(playing["sam"], "search the drowned lamplighter's coat pockets")
    expect(spotlight).to_contain_text("as it stands")
    direct("scene/end/", {"lock_open": "yes"})
    expect(spotlight.get_by_role("list", name="Gambles locked in as they stood")).to_be_visible()
    tv.wait_for_timeout(1000)
    scene = Scene.objects.filter(status=Scene.Status.PLANNED).first()
    direct("scene/start/", {"scene": scene.pk})
    expect(spotlight).to_contain_text(scene.beat, timeout=2000)
    expect(spotlight).not_to_contain_text("Scene over")
    expect(spotlight).to_have_class("spotlight-part is-on")
    tv.screenshot(path=f"artifacts/tv-scene-change-new-scene-{SIZES[size]['width']}.png")


@pytest.mark.parametrize("size", ["720p", "1080p"])
def test_a_group_gamble_member_whose_die_landed_is_rolled_not_rolling(
    new_page, asgi_server, playing, password, load_dice, size
):
    """The reviewer read "Sam [3] rolling…" on the TV's Group Gamble tally: Sam had rolled and
    only not locked in yet. The TV says what is true, in the phone's words."""
    roll, _lock, direct = _moves(asgi_server, playing, password)
    tv = _tv(new_page, asgi_server, playing, password, size)
    spotlight = tv.locator(".spotlight-part")
    direct("group/", {"text": "Outrun the flood"})
    expect(spotlight).to_contain_text("Group Gamble!")
    ada = spotlight.get_by_role("listitem").filter(has_text="Ada")
    expect(ada).to_contain_text("still to roll")
    load_dice(3)
    roll(playing["sam"], "outrun it")
    sam = spotlight.get_by_role("listitem").filter(has_text="Sam Okafor")
    expect(sam.get_by_role("img", name="Die: 3")).to_be_visible(timeout=10000)
    expect(sam).to_contain_text("rolled, not locked in")
    expect(sam).not_to_contain_text("rolling")
    expect(ada).to_contain_text("still to roll")
    tv.screenshot(path=f"artifacts/tv-scene-change-group-rolled-{SIZES[size]['width']}.png")
