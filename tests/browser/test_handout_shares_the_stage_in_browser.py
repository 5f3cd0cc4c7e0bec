"""A handout shares the stage (issue 34 items 3 and 5): on the TV a handout on show takes a share
of the board while the Cast's trackers and the Latest Gamble stay in sight; it goes away when
its Scene ends, live; the Director's cockpit says what is on the TV now; and a TV that crops its
edges gets a margin, remembered in its browser."""

import pytest
from playwright.sync_api import expect

from characters.models import Character
from sessions.actions import handouts
from sessions.models import CastMember, Danger, Gamble
from tests.browser.conftest import drawn, seated, shared_screen
from tests.browser.http import Visitor
from tests.browser.test_tv_stage_in_browser import CLIPPED
from tests.images import handout

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SIZES = {"720p": {"width": 1280, "height": 720}, "1080p": {"width": 1920, "height": 1080}}
DIRECTOR = {"width": 1366, "height": 768}
CAPTION = "A map of the harbour, in Pillai's hand"


def _sam_gambles(asgi_server, playing, password, load_dice) -> None:
    """Sam tries something and locks it in: the Latest Gamble has a who, a what and a verdict."""
    sam, url = playing["sam"], playing["url"]
    bob = Visitor(asgi_server, sam.owner, password)
    load_dice(6, 3)
    roll = {"request_id": "stage-sam-0001", "intent": "pick the archive's lock"}
    assert bob.post(url + f"roll/{sam.pk}/", roll)[0] == 200
    gamble = Gamble.objects.get(character=sam)
    assert bob.post(url + f"gambles/{gamble.pk}/lock/", {"step": gamble.step})[0] == 200


def _in_view(page, locator) -> None:
    """Visible, and wholly inside the window: nothing of it off the screen's foot or sides."""
    expect(locator).to_be_visible()
    box = locator.bounding_box()
    size = page.viewport_size
    assert box["height"] > 0
    assert box["y"] >= 0
    assert box["x"] >= 0
    assert box["y"] + box["height"] <= size["height"] + 1, locator
    assert box["x"] + box["width"] <= size["width"] + 1, locator


def _shares_the_stage(tv, playing) -> None:
    picture = tv.locator(".screen-board .handout-show img")
    _in_view(tv, picture)
    # A share worth the name: a good part of the screen's height.
    assert picture.bounding_box()["height"] >= tv.viewport_size["height"] * 0.15
    cast = tv.locator(".screen-board .cast-panel")
    _in_view(tv, cast)
    for hero in (playing["sam"], playing["ada"]):
        _in_view(tv, cast.locator(".cast-card", has_text=hero.name))
    latest = tv.locator("#latest-panel")
    _in_view(tv, latest)
    expect(latest).to_contain_text(playing["sam"].name)
    expect(latest).to_contain_text("Success!")


@pytest.mark.parametrize("size", SIZES, ids=list(SIZES))
def test_a_handout_on_the_tv_leaves_the_cast_and_the_latest_gamble_in_sight(
    new_page, asgi_server, playing, password, load_dice, size
):
    path = shared_screen(asgi_server, playing, password)
    _sam_gambles(asgi_server, playing, password, load_dice)
    adventure = playing["adventure"]
    handouts.reveal(adventure, handout(adventure, CAPTION).pk, adventure.director)
    tv = new_page(SIZES[size])
    tv.goto(path)
    expect(tv.locator("[data-live-status]")).to_have_text("Live")
    expect(tv.locator(".spotlight-part")).to_be_hidden()  # the board, as the TV comes on
    expect(tv.locator(".screen-board .handout-show")).to_contain_text(CAPTION)
    tv.wait_for_function("() => document.querySelector('.handout-show img').complete")
    _shares_the_stage(tv, playing)
    assert tv.evaluate("document.documentElement.scrollHeight") <= SIZES[size]["height"]
    assert tv.evaluate(CLIPPED) == []
    tv.screenshot(path=f"artifacts/tv-handout-shares-the-stage-{size}.png")


LONG_FOE = "Colonel Ottokar's Brass-Plated Clockwork Stormcaller Automaton"


@pytest.mark.parametrize("size", SIZES, ids=list(SIZES))
def test_a_long_gamble_beside_a_handout_reads_whole(
    new_page, asgi_server, playing, password, load_dice, make_user, size
):
    """A fresh-eyes TV: beside a handout on show, a Gamble of sixty characters against a Danger
    of a long name, rolled by hand, was cut in its two fifths of the row ("…puts Colonel
    Ottokar's" and no more) at 720p and 1080p. The Latest Gamble takes more of the row's width
    until its verdict is whole, the picture still a good share of the screen."""
    adventure, sam = playing["adventure"], playing["sam"]
    for n, name in enumerate(("Dr. Nadia Farouk", "Sam 'Anvil' Okafor-Whitlock", "Mei Lin Chow")):
        hero = Character.objects.create(
            owner=make_user(f"five{n}"), name=name, archetype="explorer"
        )
        CastMember.objects.create(adventure=adventure, character=hero)
    danger = Danger.objects.order_by("pk").first()
    Danger.objects.filter(pk=danger.pk).update(name=LONG_FOE, revealed=True)
    path = shared_screen(asgi_server, playing, password)
    bob = Visitor(asgi_server, sam.owner, password)
    load_dice(6, 5)
    roll = {
        "request_id": "stage-long-0001",
        "intent": "jam a brass gear into the automaton's exposed clockwork chest",
        "danger": danger.pk,
        "sound_effects": ["KRA-THOOM!"],
    }
    assert bob.post(playing["url"] + f"roll/{sam.pk}/", roll)[0] == 200
    gamble = Gamble.objects.get(character=sam)
    assert bob.post(playing["url"] + f"gambles/{gamble.pk}/lock/", {"step": gamble.step})[0] == 200
    handouts.reveal(adventure, handout(adventure, CAPTION).pk, adventure.director)
    tv = new_page(SIZES[size])
    tv.goto(path)
    expect(tv.locator("[data-live-status]")).to_have_text("Live")
    tv.wait_for_function("() => document.querySelector('.handout-show img').complete")
    drawn(tv)
    tv.screenshot(path=f"artifacts/tv-handout-beside-a-long-gamble-{size}.png")
    latest = tv.locator("#latest-panel")
    expect(latest).to_contain_text(LONG_FOE)
    assert latest.evaluate("el => el.scrollHeight <= el.clientHeight + 1")
    _in_view(tv, latest)
    assert tv.evaluate(CLIPPED) == []
    picture = tv.locator(".screen-board .handout-show img")
    assert picture.bounding_box()["height"] >= tv.viewport_size["height"] * 0.15


def test_the_scene_ending_puts_the_handout_away_and_the_director_sees_the_tv(
    new_page, asgi_server, playing, password, load_dice
):
    adventure = playing["adventure"]
    path = shared_screen(asgi_server, playing, password)
    _sam_gambles(asgi_server, playing, password, load_dice)
    the_map = handout(adventure, CAPTION)
    tv = new_page(SIZES["720p"])
    tv.goto(path)
    expect(tv.locator("[data-live-status]")).to_have_text("Live")
    # The reveal's moment is short here: the board is what is looked at.
    tv.locator(".spotlight-part").evaluate("holder => holder.dataset.shownFor = 800")
    director = seated(new_page, DIRECTOR, "alice", password, playing["url"])
    on_tv = director.get_by_role("region", name="On the TV now")
    expect(on_tv).to_contain_text("Sam Okafor's Gamble: Success!")
    expect(on_tv).to_contain_text("Handout: none")
    expect(on_tv).to_contain_text("In play")

    # The Director reveals the map: the TV shows it big for a moment, then on the board,
    # beside the Cast and the Latest Gamble; the Director's line names it, live.
    boss = Visitor(asgi_server, adventure.director, password)
    assert boss.post(playing["url"] + "handouts/reveal/", {"handout": the_map.pk})[0] == 200
    expect(on_tv).to_contain_text(f"Handout: {CAPTION}")
    expect(on_tv).to_contain_text("Moment: A handout revealed")
    expect(tv.locator(".spotlight-part")).to_contain_text(CAPTION)
    expect(tv.locator(".spotlight-part")).to_be_hidden()
    expect(tv.locator(".screen-board .handout-show")).to_contain_text(CAPTION)
    tv.wait_for_function("() => document.querySelector('.handout-show img').complete")
    _shares_the_stage(tv, playing)
    _in_view(director, on_tv)
    director.screenshot(path="artifacts/director-on-the-tv-now-1366.png")

    # The X-card: the line says the TV is paused.
    bob = Visitor(asgi_server, playing["sam"].owner, password)
    assert bob.post(playing["url"] + "x-card/")[0] == 200
    expect(on_tv).to_contain_text("Paused")
    assert boss.post(playing["url"] + "resume/")[0] == 200
    expect(on_tv).to_contain_text("In play")

    # The Scene ends: its handout goes with it, on the TV and in the Director's line, live.
    assert boss.post(playing["url"] + "scene/end/")[0] == 200
    expect(tv.locator(".handout-show")).to_have_count(0)
    expect(on_tv).to_contain_text("Handout: none")
    expect(on_tv).to_contain_text("Moment: Scene over")
    _in_view(tv, tv.locator(".screen-board .cast-panel"))
    assert not adventure.handouts.filter(on_show=True).exists()


def test_an_edge_margin_for_a_tv_that_crops_is_kept_by_its_browser(
    new_page, asgi_server, playing, password
):
    path = shared_screen(asgi_server, playing, password)
    tv = new_page(SIZES["720p"])
    tv.goto(path)
    expect(tv.locator("[data-live-status]")).to_have_text("Live")
    board = tv.locator(".screen-board")
    assert board.bounding_box()["x"] < 1280 * 0.025  # no margin to begin with
    edges = tv.get_by_role("button", name="Edge margin: 0%")
    edges.click()
    expect(tv.get_by_role("button", name="Edge margin: 2.5%")).to_be_visible()
    tv.get_by_role("button", name="Edge margin: 2.5%").click()
    expect(tv.get_by_role("button", name="Edge margin: 5%")).to_be_visible()
    expect(tv.locator("body")).to_have_attribute("data-overscan", "5")

    def kept_clear(share: float) -> None:
        box = board.bounding_box()
        assert box["x"] >= 1280 * share
        assert box["y"] >= 720 * share
        assert box["x"] + box["width"] <= 1280 * (1 - share)
        foot = tv.locator(".screen-foot").bounding_box()
        assert foot["y"] + foot["height"] <= 720 * (1 - share) + 1

    kept_clear(0.05)
    assert tv.evaluate("document.documentElement.scrollHeight") <= 720
    tv.screenshot(path="artifacts/tv-edge-margin-5-720p.png")
    # The TV's browser remembers it: the next evening starts with the same margin.
    tv.reload()
    expect(tv.locator("[data-live-status]")).to_have_text("Live")
    expect(tv.get_by_role("button", name="Edge margin: 5%")).to_be_visible()
    kept_clear(0.05)
    tv.get_by_role("button", name="Edge margin: 5%").click()
    expect(tv.get_by_role("button", name="Edge margin: 0%")).to_be_visible()
    expect(tv.locator("body")).not_to_have_attribute("data-overscan", "5")
    assert board.bounding_box()["x"] < 1280 * 0.025
