"""What fresh eyes saw on the TV at 1920x1080 and 1280x720: an Investigation's moment lost to
a Group Gamble's and its die a bare number, the Scene-end card without the dice of a Gamble it
locked in, the Peril of the 1s missing from an open Gamble's line, the credit wrapping to two
lines at 720p."""

import pytest
from playwright.sync_api import expect

from sessions.models import Adventure, Investigation, Scene
from tests.browser.conftest import drawn, shared_screen
from tests.browser.http import Visitor
from tests.browser.test_tv_stage_in_browser import (
    READ,
    SIZES,
    WATCH_THE_SPOTLIGHT,
    _moves,
    _up,
)

pytestmark = [pytest.mark.browser, pytest.mark.looks, pytest.mark.django_db(transaction=True)]

# How many lines a text is drawn on: the distinct tops of its letters' boxes.
LINES = """el => {
  const letters = document.createRange();
  letters.selectNodeContents(el);
  const drawn = Array.from(letters.getClientRects()).filter(r => r.width);
  const tops = drawn.map(r => Math.round(r.top));
  return new Set(tops).size;
}"""


def _tv(new_page, asgi_server, playing, password, size):
    tv = new_page(SIZES[size])
    tv.goto(shared_screen(asgi_server, playing, password))
    expect(tv.locator("[data-live-status]")).to_have_text("Live")
    return tv


@pytest.mark.parametrize("size", ["720p", "1080p"])
def test_during_play_the_open_gamble_says_its_peril_and_the_credit_is_one_line(
    new_page, asgi_server, playing, password, load_dice, size
):
    """The reviewer found an open Gamble's line without the Peril its 1s cost, and the SRD's
    credit on two lines. (The join QR code, in the side column's corner while a Scene is in
    play, stays there whole: a later reviewer found a bigger one took the column all evening.)"""
    roll, _lock, _direct = _moves(asgi_server, playing, password)
    Adventure.objects.update(seats=4)  # two heroes at a table of four: room for two more
    tv = _tv(new_page, asgi_server, playing, password, size)
    load_dice(1)
    roll(playing["sam"], "kick the door in")
    spotlight = tv.locator(".spotlight-part")
    # The open Gamble's line says what its 1 would cost, as the phone does.
    expect(spotlight).to_contain_text("A blunder as it stands, with +1 Peril for the 1 unless")
    drawn(tv)
    tv.screenshot(path=f"artifacts/tv-third-look-open-gamble-{SIZES[size]['width']}.png")
    spotlight.evaluate("holder => holder.classList.remove('is-on')")
    expect(tv.locator(".join-qr")).to_be_in_viewport(ratio=1)
    credit = tv.locator(".screen-credit")
    expect(credit).to_contain_text("ENIGMA SRD v0.7.0 by Andrew Pelham")
    expect(credit).to_contain_text("CC BY-NC 4.0")
    assert credit.evaluate(LINES) == 1
    # Read from the couch: no smaller than the controls beside it at their smallest.
    assert float(credit.evaluate("el => parseFloat(getComputedStyle(el).fontSize)")) >= 10
    tv.screenshot(path=f"artifacts/tv-third-look-board-{SIZES[size]['width']}.png")
    # And on a TV that crops its edges, with the widest margin all round.
    margin = tv.get_by_role("button", name="Edge margin: 0%")
    margin.click()
    tv.get_by_role("button", name="Edge margin: 2.5%").click()
    expect(tv.get_by_role("button", name="Edge margin: 5%")).to_be_visible()
    drawn(tv)
    assert credit.evaluate(LINES) == 1
    # In full screen, the stream gone a while: the longest the controls say.
    tv.evaluate(
        """() => {
        document.querySelector('[data-fullscreen]').textContent = 'Leave full screen';
        document.querySelector('[data-live-status]').textContent = 'Offline since 21:47';
    }"""
    )
    drawn(tv)
    assert credit.evaluate(LINES) == 1
    tools = tv.locator(".screen-tools").bounding_box()
    said = credit.bounding_box()
    assert said["x"] + said["width"] <= tools["x"]  # side by side, neither over the other
    assert tools["x"] + tools["width"] <= SIZES[size]["width"]
    tv.screenshot(path=f"artifacts/tv-third-look-board-edges-{SIZES[size]['width']}.png")


@pytest.mark.parametrize("size", ["720p", "1080p"])
def test_an_investigation_rolled_has_its_turn_before_a_group_gamble_and_its_die_is_a_die(
    new_page, asgi_server, playing, password, load_dice, size
):
    _roll, _lock, direct = _moves(asgi_server, playing, password)
    bob = Visitor(asgi_server, playing["sam"].owner, password)
    tv = _tv(new_page, asgi_server, playing, password, size)
    tv.evaluate(WATCH_THE_SPOTLIGHT)
    spotlight = tv.locator(".spotlight-part")
    spotlight.evaluate(f"holder => holder.dataset.readFor = {READ}")
    direct("investigate/", {"character": playing["sam"].pk, "text": "the torn ledger"})
    expect(spotlight).to_contain_text("One die decides what they learn.")
    load_dice(5)
    rolled = playing["url"] + f"investigate/{Investigation.objects.latest('pk').pk}/roll/"
    assert bob.post(rolled, {})[0] == 200
    direct("group/", {"text": "Outrun the flood"})
    expect(spotlight).to_contain_text("learns", timeout=READ * 2)
    die = spotlight.get_by_role("img", name="Die: 5")
    expect(die).to_have_class("die die-hit")
    drawn(tv)
    tv.screenshot(path=f"artifacts/tv-third-look-investigated-{SIZES[size]['width']}.png")
    expect(spotlight).to_contain_text("Group Gamble!", timeout=READ * 3)
    shown = tv.evaluate("window.shown")
    assert _up(shown, "learns") < _up(shown, "Group Gamble!"), [s["text"] for s in shown]


@pytest.mark.parametrize("size", ["720p", "1080p"])
def test_the_scene_end_card_shows_the_dice_of_a_gamble_it_locked_in(
    new_page, asgi_server, playing, password, load_dice, size
):
    roll, _lock, direct = _moves(asgi_server, playing, password)
    tv = _tv(new_page, asgi_server, playing, password, size)
    spotlight = tv.locator(".spotlight-part")
    spotlight.evaluate(f"holder => holder.dataset.readFor = {READ}")
    load_dice(1)
    roll(playing["sam"], "kick the door in")
    expect(spotlight).to_contain_text("as it stands")
    direct("scene/end/", {"lock_open": "yes"})
    expect(spotlight).to_contain_text("Scene over")
    forced = spotlight.get_by_role("list", name="Gambles locked in as they stood")
    expect(forced).to_contain_text("Sam Okafor")
    expect(forced.get_by_role("img", name="Die: 1")).to_be_visible()
    expect(forced).to_contain_text("Blunder!")
    drawn(tv)
    tv.screenshot(path=f"artifacts/tv-third-look-scene-over-{SIZES[size]['width']}.png")
    # Read whole while the table lingers on it; but still a turn of the story: the next Scene,
    # started, takes the screen at once (a later reviewer saw it held 8 s over the new board).
    scene = Scene.objects.filter(status=Scene.Status.PLANNED).first()
    direct("scene/start/", {"scene": scene.pk})
    expect(spotlight).to_contain_text(scene.beat, timeout=2000)
    expect(forced).to_have_count(0)


def test_an_investigation_asked_for_is_read_before_a_group_gamble_called_straight_after(
    new_page, asgi_server, playing, password, load_dice
):
    """The reviewer saw the Group Gamble take the screen the instant it was called, the
    Investigation just asked for gone unread. It has its turn (the brisk 2.5 s while another
    waits); its roll, when it comes while it is up, takes its place at once."""
    _roll, _lock, direct = _moves(asgi_server, playing, password)
    tv = _tv(new_page, asgi_server, playing, password, "1080p")
    tv.evaluate(WATCH_THE_SPOTLIGHT)
    spotlight = tv.locator(".spotlight-part")
    spotlight.evaluate(f"holder => holder.dataset.readFor = {READ}")
    direct("investigate/", {"character": playing["sam"].pk, "text": "the torn ledger"})
    expect(spotlight).to_contain_text("One die decides what they learn.")
    direct("group/", {"text": "Outrun the flood"})
    expect(spotlight).to_contain_text("Group Gamble!", timeout=READ * 2)
    shown = tv.evaluate("window.shown")
    asked, group = _up(shown, "One die decides"), _up(shown, "Group Gamble!")
    assert shown[group]["at"] - shown[asked]["at"] >= 2000, shown
    # Asked again, rolled while it is up: the roll follows at once, nothing between.
    direct("investigate/", {"character": playing["ada"].pk, "text": "the cellar door"})
    expect(spotlight).to_contain_text("Ada takes a closer look at the cellar door", timeout=READ)
    load_dice(2)
    rolled = playing["url"] + f"investigate/{Investigation.objects.latest('pk').pk}/roll/"
    assert Visitor(asgi_server, playing["ada"].owner, password).post(rolled, {})[0] == 200
    expect(spotlight).to_contain_text("learns", timeout=2000)
