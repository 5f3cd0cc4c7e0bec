"""A fresh-eyes look at the TV's moments: a handout's caption shows whole under its picture at
1280×720 and 1920×1080; the Director's line pinned above the log goes when the Leg ends or the
Adventure finishes (also on a TV that comes on after); a newer moment that supersedes the one up
(a new Scene after "Scene over", a handout revealed) takes the screen at once, while a Knockout
still has its moment."""

import pytest
from playwright.sync_api import expect

from sessions.models import Scene
from tests.browser.conftest import drawn, shared_screen
from tests.browser.http import Visitor
from tests.browser.test_tv_stage_in_browser import SIZES, WATCH_THE_SPOTLIGHT
from tests.images import handout

pytestmark = [pytest.mark.browser, pytest.mark.looks, pytest.mark.django_db(transaction=True)]

CAPTION = (
    "The harbour map in Pillai's own hand, the Baron's three warehouses ringed in red ink "
    "and the old smugglers' tunnel under the fish market marked with a skull"
)


def _tv(new_page, path, size):
    tv = new_page(SIZES[size])
    tv.goto(path)
    expect(tv.locator("[data-live-status]")).to_have_text("Live")
    return tv


@pytest.mark.parametrize("size", ["720p", "1080p"])
def test_a_revealed_handouts_caption_shows_whole_under_its_picture(
    new_page, asgi_server, playing, password, size
):
    path = shared_screen(asgi_server, playing, password)
    tv = _tv(new_page, path, size)
    spotlight = tv.locator(".spotlight-part")
    spotlight.evaluate("holder => holder.dataset.shownFor = 60000")
    director = Visitor(asgi_server, playing["adventure"].director, password)
    the_map = handout(playing["adventure"], CAPTION, size=(800, 600))
    reveal = {"handout": the_map.pk}
    assert director.post(playing["url"] + "handouts/reveal/", reveal)[0] == 200
    caption = spotlight.locator("figcaption")
    expect(caption).to_have_text(CAPTION)
    tv.wait_for_function("() => document.querySelector('.spot-handout img')?.complete")
    tv.evaluate("document.getAnimations().forEach((a) => a.finish())")
    drawn(tv)
    tv.screenshot(path=f"artifacts/tv-moment-handout-caption-{SIZES[size]['width']}.png")
    box = caption.bounding_box()
    line = float(caption.evaluate("el => parseFloat(getComputedStyle(el).lineHeight)"))
    assert box["height"] >= 2 * line - 1, box  # the caption runs to two lines (or more)
    view = tv.viewport_size
    assert box["y"] >= 0, box
    assert box["x"] >= 0, box
    assert box["y"] + box["height"] <= view["height"] + 1, (box, view)
    assert box["x"] + box["width"] <= view["width"] + 1, (box, view)
    # Not cut by the card around it (it clips what overflows), nor by the figure.
    for around in (".spotlight", ".spot-handout"):
        room = spotlight.locator(around).bounding_box()
        assert box["y"] + box["height"] <= room["y"] + room["height"] + 1, (around, box, room)
    assert caption.evaluate("el => el.scrollHeight <= el.clientHeight + 1")
    # Its picture is still big: readable across a room.
    picture = spotlight.locator(".spot-handout img").bounding_box()
    assert picture["height"] >= view["height"] / 3, picture
    assert picture["y"] + picture["height"] <= box["y"] + 1, (picture, box)


TOLD = "The crane groans: the hook swings loose over the water."


@pytest.mark.parametrize("how", ["leg", "finish"])
def test_the_directors_pinned_line_goes_when_the_leg_ends(
    new_page, asgi_server, playing, password, load_dice, how
):
    path = shared_screen(asgi_server, playing, password)
    tv = _tv(new_page, path, "1080p")
    director = Visitor(asgi_server, playing["adventure"].director, password)
    url = playing["url"]
    assert director.post(url + "narrate/", {"note": TOLD})[0] == 200
    sam = playing["sam"]
    bob = Visitor(asgi_server, sam.owner, password)
    load_dice(6, 6)
    roll = {"request_id": "pin-sam-01", "intent": "climb the crane"}
    assert bob.post(url + f"roll/{sam.pk}/", roll)[0] == 200
    pinned = tv.locator(".log-list > li.is-pinned")
    expect(pinned).to_contain_text(TOLD)  # a newer line came: the Director's stays in sight
    if how == "leg":
        assert director.post(url + "scene/end/", {"lock_open": "yes"})[0] == 200
        assert director.post(url + "leg/end/")[0] == 200
        expect(tv.locator(".log-list > li.event-leg_ended")).to_have_count(1)
    else:
        assert director.post(url + "finish/", {"confirm": "yes"})[0] == 200
        expect(tv.locator(".log-list > li.event-adventure_finished")).to_have_count(1)
    expect(pinned).to_have_count(0)
    # Nor is it pinned on a TV that comes on after (the log drawn afresh).
    tv.reload()
    expect(tv.locator(".log-list > li", has_text=TOLD)).to_have_count(1)
    drawn(tv)
    expect(pinned).to_have_count(0)


# What the spotlight showed two frames after each new drawing reached the TV: taken at once,
# the new moment; waiting its turn, the one before.
AFTER_EACH_DRAWING = """() => {
  const holder = document.querySelector('.spotlight-part');
  window.seenAfter = [];
  holder.addEventListener('table:swap', (event) => {
    const html = event.detail.html;
    requestAnimationFrame(() => requestAnimationFrame(() => {
      const on = holder.classList.contains('is-on');
      const text = on ? holder.textContent.replace(/\\s+/g, ' ').trim() : '';
      window.seenAfter.push({html, text});
    }));
  });
}"""


def _seen_after(tv, words: str) -> str:
    """What the spotlight showed just after the drawing with these words reached the TV."""
    tv.wait_for_function(
        "(words) => window.seenAfter.some((one) => one.html.includes(words))", arg=words
    )
    return next(one["text"] for one in tv.evaluate("window.seenAfter") if words in one["html"])


def test_a_new_scene_and_a_handout_take_the_screen_at_once_a_knockout_keeps_its_moment(
    new_page, asgi_server, playing, password
):
    """The reviewer saw a new Scene's title seconds after the Director started it (queued
    behind "Scene over"), and a handout ~3 s after its reveal. A moment that only marks a turn
    of the story (a Scene or Leg over or begun, a handout) gives way at once to what comes
    next; a new Scene or a handout revealed cuts the moment up short, unless it is one to be
    read whole (a Knockout) or a Blammo!."""
    adventure, ada = playing["adventure"], playing["ada"]
    path = shared_screen(asgi_server, playing, password)
    tv = _tv(new_page, path, "1080p")
    tv.evaluate(WATCH_THE_SPOTLIGHT)
    tv.evaluate(AFTER_EACH_DRAWING)
    spotlight = tv.locator(".spotlight-part")
    # Every moment would stay up a minute: only giving way takes one off the screen.
    spotlight.evaluate("holder => { holder.dataset.readFor = 60000; }")
    director = Visitor(asgi_server, adventure.director, password)
    url = playing["url"]

    def direct(action, data=None):
        assert director.post(url + action, data or {})[0] == 200, action

    direct("scene/end/", {"lock_open": "yes"})
    expect(spotlight).to_contain_text("Scene over")
    scene = Scene.objects.filter(status=Scene.Status.PLANNED).first()
    direct("scene/start/", {"scene": scene.pk})
    expect(spotlight).to_contain_text(scene.beat)
    expect(spotlight).not_to_contain_text("Scene over")
    assert scene.beat in _seen_after(tv, scene.beat)  # taken at once, not queued

    # A handout revealed while the new Scene's title is up: at once, too.
    the_map = handout(adventure, "A map of the harbour")
    direct("handouts/reveal/", {"handout": the_map.pk})
    expect(spotlight.locator("figcaption")).to_have_text("A map of the harbour")
    assert "A map of the harbour" in _seen_after(tv, "A map of the harbour")

    # A Knockout keeps its moment: the handout revealed after it waits its turn.
    knock = {"character": ada.pk, "delta": 6, "reason": "enemy"}
    direct("peril/", knock)
    expect(spotlight).to_contain_text("KNOCKOUT!")
    the_key = handout(adventure, "The warehouse key")
    direct("handouts/reveal/", {"handout": the_key.pk})
    assert "KNOCKOUT!" in _seen_after(tv, "The warehouse key")
    expect(spotlight).to_contain_text("KNOCKOUT!")
    shown = [one["text"] for one in tv.evaluate("window.shown")]
    assert not any("The warehouse key" in text for text in shown), shown


@pytest.mark.parametrize("size", ["720p", "1080p"])
def test_back_at_a_key_location_the_tv_reads_what_the_cast_saw_there(
    new_page, asgi_server, playing, password, size
):
    """A fresh-eyes reviewer saw the TV say "No Wide Shot" when the Cast came back to a Key
    Location: what they saw there the first time is canon, on the board whole."""
    sam = playing["sam"]
    path = shared_screen(asgi_server, playing, password)
    tv = _tv(new_page, path, size)
    detail = "a bloodied ledger under the harbourmaster's desk, its last page torn out"
    player = Visitor(asgi_server, sam.owner, password)
    assert player.post(playing["url"] + f"wideshot/{sam.pk}/", {"text": detail})[0] == 200
    director = Visitor(asgi_server, playing["adventure"].director, password)
    place = Scene.objects.get(status=Scene.Status.PLAYING).key_location
    back = {"beat": "Back to the office", "key_location": place.pk}
    assert director.post(playing["url"] + "scene/start/", back)[0] == 200
    board = tv.locator(".board-side > .wideshot")
    expect(board).to_contain_text(f"Back at {place.name}: what the Cast saw here before stands.")
    seen = board.locator(".canon-details li")
    expect(seen).to_have_text(f"{sam.name} saw: {detail}")
    expect(seen).to_be_in_viewport()
    assert seen.evaluate("el => el.scrollHeight <= el.clientHeight + 1")
    tv.screenshot(path=f"artifacts/tv-back-at-a-key-location-{SIZES[size]['width']}.png")


def test_an_investigations_roll_takes_the_screen_from_its_ask_at_once(
    new_page, asgi_server, playing, password, load_dice
):
    """A fresh-eyes TV kept "One die decides what they learn" up while the board behind it
    already said what the roll found: the ask gives way to its roll at once."""
    from sessions.models import Investigation

    adventure, sam = playing["adventure"], playing["sam"]
    path = shared_screen(asgi_server, playing, password)
    tv = _tv(new_page, path, "720p")
    tv.evaluate(AFTER_EACH_DRAWING)
    spotlight = tv.locator(".spotlight-part")
    spotlight.evaluate("holder => { holder.dataset.readFor = 60000; }")
    director = Visitor(asgi_server, adventure.director, password)
    ask = {"character": sam.pk, "text": "The brass gear wedged in the stair rail"}
    assert director.post(playing["url"] + "investigate/", ask)[0] == 200
    expect(spotlight).to_contain_text("One die decides what they learn.")
    asked = Investigation.objects.get()
    player = Visitor(asgi_server, sam.owner, password)
    load_dice(2)
    assert player.post(playing["url"] + f"investigate/{asked.pk}/roll/", {})[0] == 200
    expect(spotlight).to_contain_text("…and learns")
    assert "…and learns" in _seen_after(tv, "…and learns")  # at once, not after the ask's time
    tv.screenshot(path="artifacts/tv-moment-investigated-1280.png")


@pytest.mark.parametrize("size", ["720p", "1080p"])
def test_what_the_director_tells_the_table_takes_the_screen_whole(
    new_page, asgi_server, playing, password, size
):
    """Two fresh-eyes reviewers found a posted clue only as a log line: the room reads it."""
    path = shared_screen(asgi_server, playing, password)
    tv = _tv(new_page, path, size)
    spotlight = tv.locator(".spotlight-part")
    spotlight.evaluate("holder => { holder.dataset.readFor = 60000; }")
    director = Visitor(asgi_server, playing["adventure"].director, password)
    line = (
        "The gear crates are stamped with a clockmaker's mark from Vienna, and one of them "
        "ticks: somebody wound whatever is inside before it was nailed shut."
    )
    told = {"note": line, "part": "director-notes"}
    assert director.post(playing["url"] + "narrate/", told)[0] == 200
    said = spotlight.locator(".spot-told")
    expect(said).to_have_text(line)
    expect(spotlight).to_contain_text("The Director tells the table")
    tv.evaluate("document.getAnimations().forEach((a) => a.finish())")
    expect(said).to_be_in_viewport(ratio=1)
    assert said.evaluate("el => el.scrollHeight <= el.clientHeight + 1")
    tv.screenshot(path=f"artifacts/tv-moment-told-{SIZES[size]['width']}.png")


def test_a_told_line_waiting_with_a_roll_behind_it_gives_way_before_its_turn(
    new_page, asgi_server, playing, password, load_dice
):
    """A fresh-eyes TV: a roll reached the screen 4 s late, behind "The Director tells the
    table", itself waiting behind a Gamble's moment. A moment that gives way, waiting with
    another behind it, is not drawn: the roll follows the moment up (the line stays pinned on
    the board)."""
    sam, ada = playing["sam"], playing["ada"]
    path = shared_screen(asgi_server, playing, password)
    tv = _tv(new_page, path, "1080p")
    tv.evaluate(WATCH_THE_SPOTLIGHT)
    spotlight = tv.locator(".spotlight-part")
    url = playing["url"]
    bob = Visitor(asgi_server, sam.owner, password)
    carol = Visitor(asgi_server, ada.owner, password)
    director = Visitor(asgi_server, playing["adventure"].director, password)
    load_dice(6, 2)
    roll = {"request_id": "told-sam-01", "intent": "climb the crane"}
    assert bob.post(url + f"roll/{sam.pk}/", roll)[0] == 200
    expect(spotlight).to_contain_text("climb the crane")
    assert director.post(url + "narrate/", {"note": TOLD})[0] == 200
    load_dice(5, 3)
    roll = {"request_id": "told-ada-01", "intent": "cut the rope"}
    assert carol.post(url + f"roll/{ada.pk}/", roll)[0] == 200
    tv.wait_for_function("() => window.drawings.some((html) => html.includes('cut the rope'))")
    expect(spotlight).to_contain_text("cut the rope")
    shown = [one["text"] for one in tv.evaluate("window.shown")]
    assert not any("crane groans" in text for text in shown), shown
    expect(tv.locator(".log-list > li.is-pinned")).to_contain_text(TOLD)
