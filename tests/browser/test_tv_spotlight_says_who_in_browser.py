"""The TV's spotlight after a fresh-eyes review: it says who. A Catchphrase re-roll shows the
hero's line, big and quoted, with who said it (it said only "Catchphrase spent"); a Gamble
helped names its helpers (the SRD's Helping Out: each adds 1d6), there and in the Latest
Gamble; the acting hero's portrait shows large in their Gamble's spotlight and in their
Knockout (it was a 40 px circle in the Cast's row). Whole, at 1280×720 and 1920×1080."""

import re

import pytest
from playwright.sync_api import expect

from characters import pictures
from characters.models import Character
from sessions.models import Danger, Gamble
from sessions.rules import DangerTemplate
from tests.browser.conftest import drawn, foes_in_sight, shared_screen
from tests.browser.http import Visitor
from tests.browser.test_tv_reads_whole_in_browser import SIZES, _settled
from tests.browser.test_tv_stage_in_browser import CLIPPED
from tests.images import picture, upload

pytestmark = [pytest.mark.browser, pytest.mark.looks, pytest.mark.django_db(transaction=True)]

ADMIRAL = "Captain Horatio Fitzwilliam-Drummond, Iron Admiral of the Clockwork Monsoon"


def _tv(new_page, asgi_server, playing, password, size):
    """The TV at ``size``, its spotlight kept up while the test reads it."""
    path = shared_screen(asgi_server, playing, password)
    tv = new_page(SIZES[size])
    _settled(tv, path)
    spotlight = tv.locator(".spotlight-part")
    spotlight.evaluate("h => { h.dataset.shownFor = 60000; h.dataset.readFor = 60000; }")
    return tv, spotlight


def _whole(tv, spotlight, shot: str) -> None:
    moment = spotlight.locator(".spotlight")
    expect(moment).to_be_in_viewport(ratio=1)
    drawn(tv)
    tv.screenshot(path=f"artifacts/{shot}.png")
    assert tv.evaluate(CLIPPED) == []
    # Nothing of the moment runs past its card.
    assert moment.evaluate("el => el.scrollHeight <= el.clientHeight + 1")


def _roll(asgi_server, playing, password, hero, **more) -> Gamble:
    player = Visitor(asgi_server, hero.owner, password)
    roll = {"request_id": f"says-who-{hero.pk}", **more}
    assert player.post(playing["url"] + f"roll/{hero.pk}/", roll)[0] == 200
    return Gamble.objects.filter(character=hero).latest("pk")


@pytest.mark.parametrize("size", ["720p", "1080p"])
def test_a_catchphrase_re_roll_says_the_heroes_line_big_with_who_said_it(
    new_page, asgi_server, playing, password, load_dice, size
):
    sam = playing["sam"]
    Character.objects.filter(pk=sam.pk).update(
        name="Sam “Sledge” Okafor", catchphrase="Now that's just rude.", lucky_saves=3
    )
    sam.refresh_from_db()
    tv, spotlight = _tv(new_page, asgi_server, playing, password, size)
    load_dice(2, 3, 5, 3)
    intent = "heave the crane's swinging cargo net onto the Dockside thug below"
    gamble = _roll(asgi_server, playing, password, sam, intent=intent)
    expect(spotlight).to_contain_text("tries to heave the crane's swinging cargo net")
    expect(spotlight.get_by_role("blockquote")).to_have_count(0)  # not said yet

    player = Visitor(asgi_server, sam.owner, password)
    url = playing["url"] + f"gambles/{gamble.pk}/reroll/"
    assert player.post(url, {"step": gamble.step})[0] == 200
    said = spotlight.get_by_role("figure")
    expect(said.get_by_role("blockquote")).to_have_text("“Now that's just rude.”")
    expect(said).to_contain_text("says Sam “Sledge” Okafor: a Catchphrase re-roll!")
    expect(spotlight).to_contain_text("Catchphrase spent")
    # Big: the line is set larger than what the hero tries.
    line = said.get_by_role("blockquote").evaluate(
        "el => parseFloat(getComputedStyle(el).fontSize)"
    )
    kicker = spotlight.locator(".spot-kicker").evaluate(
        "el => parseFloat(getComputedStyle(el).fontSize)"
    )
    assert line > kicker * 1.4, (line, kicker)
    _whole(tv, spotlight, f"tv-catchphrase-said-{size}")


@pytest.mark.parametrize("size", ["720p", "1080p"])
def test_a_helped_gamble_names_its_helper_in_the_spotlight_and_the_latest_gamble(
    new_page, asgi_server, playing, password, load_dice, size
):
    ada, sam = playing["ada"], playing["sam"]
    Character.objects.filter(pk=ada.pk).update(name="Ada Quill", lucky_saves=6)
    Character.objects.filter(pk=sam.pk).update(name="Sam Okafor")
    foes_in_sight(playing["adventure"], (ADMIRAL, DangerTemplate.LIEUTENANT))
    tv, spotlight = _tv(new_page, asgi_server, playing, password, size)
    load_dice(6, 4, 4, 2)
    intent = "bluff past the Iron Admiral's sentries by flashing their press pass"
    danger = Danger.objects.get().pk
    _roll(asgi_server, playing, password, ada, intent=intent, danger=danger, helpers=[sam.pk])
    expect(spotlight).to_contain_text("Ada Quill tries to bluff past")
    expect(spotlight.locator(".spot-helpers")).to_have_text("Sam Okafor helps")
    _whole(tv, spotlight, f"tv-helper-named-{size}")
    latest = tv.get_by_role("region", name="Latest Gamble")
    expect(latest).to_contain_text("Sam Okafor helps")


@pytest.mark.parametrize("size", ["720p", "1080p"])
def test_the_acting_heroes_portrait_shows_large_in_their_gamble_and_their_knockout(
    new_page, asgi_server, playing, password, load_dice, size
):
    sam, ada = playing["sam"], playing["ada"]
    stored = pictures.store(
        pictures.open_picture(upload(picture())), "portraits", square=True, display=512, thumb=128
    )
    sam.set_portrait(stored)
    Character.objects.filter(pk=sam.pk).update(peril=5)
    tv, spotlight = _tv(new_page, asgi_server, playing, password, size)
    # A hero with no portrait: the words alone, as before.
    load_dice(6, 5)
    _roll(asgi_server, playing, password, ada, intent="read the harbourmaster's ledger")
    expect(spotlight).to_contain_text("Ada tries to read the harbourmaster's ledger")
    expect(spotlight.get_by_role("img", name=re.compile("Portrait"))).to_have_count(0)

    load_dice(6, 5, 2)
    gamble = _roll(asgi_server, playing, password, sam, intent="swing from the crane's chain")
    face = spotlight.get_by_role("img", name=f"Portrait of {sam.name}")
    expect(face).to_be_visible(timeout=10_000)  # after Ada's moment has had its turn
    face.evaluate("img => img.decode()")
    height = tv.viewport_size["height"]
    box = face.bounding_box()
    assert box["height"] >= height * 0.15, box  # large: not the Cast row's small circle
    _whole(tv, spotlight, f"tv-portrait-gamble-{size}")

    # Locked in, then the Director's Peril knocks Sam out: his Knockout shows his face too.
    player = Visitor(asgi_server, sam.owner, password)
    assert (
        player.post(playing["url"] + f"gambles/{gamble.pk}/lock/", {"step": gamble.step})[0] == 200
    )
    expect(spotlight).to_contain_text("Success!")
    director = Visitor(asgi_server, playing["adventure"].director, password)
    crate = {"character": sam.pk, "delta": 1, "reason": "weird", "detail": "a falling crate"}
    assert director.post(playing["url"] + "peril/", crate)[0] == 200
    expect(spotlight).to_contain_text("KNOCKOUT!")
    # The Director's reason said once, then what it did to Sam.
    said = "Something weird, strange or eldritch: a falling crate: Sam Okafor is out"
    expect(spotlight.locator(".spot-line")).to_contain_text(said)
    face = spotlight.get_by_role("img", name=f"Portrait of {sam.name}")
    expect(face).to_be_visible()
    face.evaluate("img => img.decode()")
    assert face.bounding_box()["height"] >= height * 0.15
    _whole(tv, spotlight, f"tv-portrait-knockout-{size}")
