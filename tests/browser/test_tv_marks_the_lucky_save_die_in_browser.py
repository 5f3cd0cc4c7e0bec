"""The TV names the die a Lucky Save raised (a fresh-eyes review of the room's screens): the
Latest Gamble showed a 5 and "Success!" with nothing to tell the sofa that the die was thrown
a 4 and lifted by a Lucky Save. Now the die says so under it, "+1" in the Lucky Save's blue
(the words "Lucky Save" were wider than the die and pushed the next die away; the die's name
says "raised by a Lucky Save"), and the Latest Gamble stays whole on a crowded board, a Tumult
running, at 720p and 1080p; the spotlight's moment of the Lucky Save says it in words."""

import pytest
from playwright.sync_api import expect

from characters.models import Character
from sessions.models import Gamble
from tests.browser.conftest import shared_screen
from tests.browser.http import Visitor
from tests.browser.test_tv_reads_whole_in_browser import (
    NAMES,
    NOT_WHOLE,
    SIZES,
    _gamble,
    _lock_in,
    _settled,
    assert_reads_whole,
    crowded,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# The other die of each roll is its Blammo! Die (a sound effect spent), named so.
BLAMMO_3 = "Die 2: 3 (Blammo! Die: KA-BLAMMO!)"
BLAMMO_4 = "Die 2: 4 (Blammo! Die: KRAK!)"


def _lucky_save(asgi_server, playing, password, hero, die: int) -> None:
    """``hero``'s player spends a Lucky Save on die ``die`` (counted from 0) of their Gamble."""
    player = Visitor(asgi_server, hero.owner, password)
    gamble = Gamble.objects.filter(character=hero).latest("pk")
    lift = {"step": gamble.step, "die": die}
    url = playing["url"] + f"gambles/{gamble.pk}/lucky/"
    assert player.post(url, lift)[0] == 200


@pytest.mark.parametrize("size", ["720p", "1080p"])
def test_the_latest_gamble_names_the_die_a_lucky_save_raised(
    new_page, asgi_server, playing, password, make_user, load_dice, size
):
    path = shared_screen(asgi_server, playing, password)
    heroes = crowded(playing, make_user)
    director = Visitor(asgi_server, playing["adventure"].director, password)
    assert director.post(playing["url"] + "tumult/start/")[0] == 200
    # A Blunder as thrown (4, 3), a Success once the 4 is lifted to a 5.
    _gamble(asgi_server, playing, password, heroes[1], load_dice, (4, 3), lock=False)
    _lucky_save(asgi_server, playing, password, heroes[1], 0)
    _lock_in(asgi_server, playing, password, heroes[1])
    tv = new_page(SIZES[size])
    _settled(tv, path)
    tv.screenshot(path=f"artifacts/tv-lucky-save-die-{size}.png")
    latest = tv.get_by_role("region", name="Latest Gamble")
    expect(latest).to_contain_text(NAMES[1])
    expect(latest).to_contain_text("Success!")
    lifted = latest.get_by_role("img", name="Die 1: 5 (raised by a Lucky Save)")
    expect(lifted).to_be_visible()
    # Its tag, under that die and no other, whole and in sight across the room: "+1", no wider
    # than the die (the words "Lucky Save" were wider, and pushed the next die away: a fresh-eyes
    # review saw the dice unevenly spaced). The die's own name says the words to a screen reader.
    tag = latest.locator(".lucky-tag")
    expect(tag).to_have_count(1)
    expect(tag).to_have_text("+1", use_inner_text=True)
    expect(tag).to_be_in_viewport(ratio=1)
    die, words = lifted.bounding_box(), tag.bounding_box()
    assert words["y"] >= die["y"] + die["height"] - 1
    assert die["x"] - 1 <= words["x"]
    assert words["x"] + words["width"] <= die["x"] + die["width"] + 1
    assert words["height"] >= 16  # the board's floor: 1rem, never smaller
    # The dice evenly spaced: the lucky die's slot no wider than the die, the row's gap between.
    other = latest.get_by_role("img", name=BLAMMO_3, exact=True).bounding_box()
    gap = tv.evaluate(
        "parseFloat(getComputedStyle(document.querySelector('.latest .dice-row')).columnGap)"
    )
    assert abs(other["x"] - (die["x"] + die["width"]) - gap) <= 1
    expect(latest.get_by_role("img", name=BLAMMO_3, exact=True)).to_be_visible()
    assert tv.evaluate(NOT_WHOLE, ".latest .lucky-tag") == []
    assert_reads_whole(tv)


def test_the_spotlight_names_the_die_as_the_lucky_save_is_spent(
    new_page, asgi_server, playing, password, load_dice
):
    path = shared_screen(asgi_server, playing, password)
    sam = playing["sam"]
    Character.objects.filter(pk=sam.pk).update(lucky_saves=3)
    player = Visitor(asgi_server, sam.owner, password)
    load_dice(1, 4)
    roll = {"request_id": "spotlight-1", "intent": "kick the door in", "sound_effects": ["KRAK!"]}
    assert player.post(playing["url"] + f"roll/{sam.pk}/", roll)[0] == 200
    tv = new_page(SIZES["720p"])
    _settled(tv, path)
    # Two Lucky Saves on the 1 (no Peril), none on the 4.
    _lucky_save(asgi_server, playing, password, sam, 0)
    _lucky_save(asgi_server, playing, password, sam, 0)
    moment = tv.get_by_role("region", name="The moment")
    expect(moment.get_by_role("img", name="Die 1: 3 (raised by 2 Lucky Saves)")).to_be_visible()
    tag = moment.get_by_text("2 Lucky Saves", exact=True)
    expect(tag).to_be_in_viewport(ratio=1)
    tv.screenshot(path="artifacts/tv-lucky-save-spotlight-720p.png")
    expect(moment.get_by_role("img", name=BLAMMO_4, exact=True)).to_be_visible()
    expect(moment.get_by_text("Lucky Save", exact=True)).to_have_count(0)
    # Its words under the die, no wider than it (a fresh-eyes TV: "Lucky Save" under a die
    # pushed the next die a gap away): the dice evenly spaced.
    die = moment.get_by_role("img", name="Die 1: 3 (raised by 2 Lucky Saves)").bounding_box()
    words = moment.locator(".lucky-tag").bounding_box()
    assert die["x"] - 1 <= words["x"]
    assert words["x"] + words["width"] <= die["x"] + die["width"] + 1
    other = moment.get_by_role("img", name=BLAMMO_4, exact=True).bounding_box()
    gap = tv.evaluate(
        "parseFloat(getComputedStyle(document.querySelector('.spotlight .dice-row')).columnGap)"
    )
    assert abs(other["x"] - (die["x"] + die["width"]) - gap) <= 1
    assert tv.evaluate(NOT_WHOLE, ".spotlight .lucky-tag") == []
