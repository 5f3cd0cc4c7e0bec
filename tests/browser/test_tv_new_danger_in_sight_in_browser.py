"""The TV as Dangers come and go in a Tumult (a fresh-eyes evening): a Danger the Director
reveals gets a moment in the spotlight and shows at once in the Dangers panel; in a Tumult at
720p the Dangers share their panel, whole rows, as many as fit; the Scene's title comes before
the table's dice note, after a live Scene change too; the log shows whole lines only after a
Knockout under a handout with the Director's line pinned."""

import pytest
from playwright.sync_api import expect

from characters.models import Character
from sessions.actions import dangers, handouts, narration
from sessions.models import (
    Adventure,
    CastMember,
    Danger,
    SafetyNote,
    Scene,
    WideShot,
    WideShotDetail,
)
from sessions.models.prep import RealDice
from sessions.rules import DangerTemplate
from tests.browser.conftest import HAND_SIZES, drawn, log_in, screenshot, shared_screen
from tests.browser.http import Visitor
from tests.browser.test_tv_reads_whole_in_browser import (
    DETAILS,
    LINES_VEILS,
    NOT_WHOLE,
    PLAY,
    SHOWN,
    _gamble,
    crowded,
    looked_at,
)
from tests.images import handout

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

FOES = ("Brass Jack, the Baron's clockwork lieutenant", "Museum guards", "The Lurker")


def _tumult_evening(asgi_server, playing, password, make_user) -> Visitor:
    """Four heroes of five seats, "either" dice, the Wide Shot painted and locked, three
    Dangers in sight and the Tumult on against them all."""
    adventure = playing["adventure"]
    for n, name in enumerate(("Priya Raman", "Tomás Villanueva")):
        hero = Character.objects.create(owner=make_user(f"h{n}"), name=name, archetype="explorer")
        CastMember.objects.create(adventure=adventure, character=hero)
    Adventure.objects.update(seats=5, real_dice=RealDice.EITHER)
    Danger.objects.all().delete()
    templates = (DangerTemplate.LIEUTENANT, DangerTemplate.MINION, DangerTemplate.VILLAIN)
    for name, template in zip(FOES, templates, strict=True):
        dangers.add_danger(adventure, name, template, None, revealed=True)
    board = WideShot.objects.get()
    WideShot.objects.filter(pk=board.pk).update(locked=True)
    heroes = list(Character.objects.filter(cast_memberships__adventure=adventure))
    for character, text in zip(heroes, DETAILS, strict=False):
        WideShotDetail.objects.create(wide_shot=board, character=character, text=text)
    for kind, text in LINES_VEILS:
        SafetyNote.objects.create(adventure=adventure, kind=kind, text=text)
    director = Visitor(asgi_server, adventure.director, password)
    assert director.post(playing["url"] + "tumult/start/")[0] == 200
    return director


@pytest.mark.parametrize("size", ["720p", "1080p"])
def test_in_a_tumult_the_dangers_share_their_panel(
    new_page, asgi_server, playing, password, make_user, load_dice, size
):
    path = shared_screen(asgi_server, playing, password)
    _tumult_evening(asgi_server, playing, password, make_user)
    _gamble(asgi_server, playing, password, playing["sam"], load_dice, (6, 5))
    tv = looked_at(new_page, size, path, "tv-tumult-three-dangers")
    rows = tv.evaluate(SHOWN, ".danger-list > li")
    assert len(rows) == 3, rows
    not_whole = tv.evaluate(NOT_WHOLE, PLAY)
    assert not_whole == [], "\n".join(not_whole)


CROWD = (
    "Harbour cutthroats",
    "Harbour rats",
    "The Baron's clockwork hound",
    "Smugglers on the barge",
    "Lieutenant Greta",
)
LURKER = "The Lurker under the pier"


def _crowd_and_a_hidden_foe(playing, make_user) -> Danger:
    """The crowded board (six heroes with long names, six Wide Shot details, a Line and a Veil,
    a long log) with seven Dangers in sight, more than the board holds at once; and one Danger
    the Director keeps hidden, added last."""
    crowded(playing, make_user)
    adventure = playing["adventure"]
    for name in CROWD:
        dangers.add_danger(adventure, name, DangerTemplate.MINION, None, revealed=True)
    return dangers.add_danger(adventure, LURKER, DangerTemplate.VILLAIN, None)


@pytest.mark.parametrize("size", ["720p", "1080p"])
def test_a_danger_revealed_gets_its_moment_and_shows_at_once_in_its_panel(
    new_page, asgi_server, playing, password, make_user, size
):
    path = shared_screen(asgi_server, playing, password)
    lurker = _crowd_and_a_hidden_foe(playing, make_user)
    tv = looked_at(new_page, size, path, "tv-danger-before-reveal")
    expect(tv.locator(".danger-list > li", has_text=LURKER)).to_have_count(0)
    # Too many for the board: the Dangers take turns, a page at a time, the first page up.
    expect(tv.locator("#dangers-panel .page-marker")).to_contain_text("1")
    expect(tv.locator(".danger-list > li").last).not_to_be_visible()

    director = Visitor(asgi_server, playing["adventure"].director, password)
    reveal = {"danger": lurker.pk, "revealed": "1"}
    assert director.post(playing["url"] + "dangers/reveal/", reveal)[0] == 200
    # The moment: who enters, and its track (the Villain's four successes, none yet).
    moment = tv.get_by_label("The moment")
    expect(moment).to_contain_text("A new Danger!")
    expect(moment).to_contain_text(LURKER)
    expect(moment).to_contain_text(f"0 of 4 successes to put {LURKER} out of the picture.")
    expect(moment.locator(".track-danger > li")).to_have_count(4)
    expect(tv.locator(".spotlight-part.is-on")).to_be_visible()
    tv.screenshot(path=f"artifacts/tv-danger-revealed-moment-{size}.png")
    # Under the moment, the panel has turned to the new Danger's page already (no page turn's
    # wait: the panel pages every 8 s).
    row = tv.locator(".danger-list > li", has_text=LURKER)
    expect(row).to_be_visible(timeout=2_000)
    # The moment has its reading time, then the board: the new Danger still in sight, whole.
    expect(tv.locator(".spotlight-part.is-on")).to_have_count(0, timeout=20_000)
    expect(row).to_be_in_viewport(ratio=1)
    drawn(tv)
    tv.screenshot(path=f"artifacts/tv-danger-revealed-board-{size}.png")
    not_whole = tv.evaluate(NOT_WHOLE, PLAY)
    assert not_whole == [], "\n".join(not_whole)


def test_a_gamble_takes_the_screen_from_a_danger_come_into_sight(
    new_page, asgi_server, playing, password, make_user, load_dice
):
    path = shared_screen(asgi_server, playing, password)
    lurker = _crowd_and_a_hidden_foe(playing, make_user)
    tv = looked_at(new_page, "1080p", path, "tv-danger-then-gamble")
    director = Visitor(asgi_server, playing["adventure"].director, password)
    reveal = {"danger": lurker.pk, "revealed": "1"}
    assert director.post(playing["url"] + "dangers/reveal/", reveal)[0] == 200
    expect(tv.get_by_label("The moment")).to_contain_text("A new Danger!")
    tv.evaluate(WATCH_SAM)
    _gamble(asgi_server, playing, password, playing["sam"], load_dice, (6, 5), lock=False)
    # The Gamble is not held up: it takes the screen as soon as it reaches the TV, while the
    # Danger's moment would still be up (measured from its arrival: the machine's load apart).
    expect(tv.get_by_label("The moment")).to_contain_text("Sam")
    expect(tv.get_by_label("The moment")).not_to_contain_text("A new Danger!")
    tv.wait_for_function("() => window.samSeen !== null", polling=20)
    assert tv.evaluate("(window.samSeen - window.samCame) / 1000") < 0.5


# When the stream brought the TV Sam's Gamble, and when its spotlight showed it (looked at
# every frame), in ms.
WATCH_SAM = """() => {
  const holder = document.querySelector('.spotlight-part');
  window.samSeen = null;
  window.samCame = null;
  holder.addEventListener('table:swap', (event) => {
    if (/Sam/.test(event.detail.html) && !window.samCame) window.samCame = performance.now();
  });
  const look = () => {
    if (window.samCame && holder.classList.contains('is-on') && /Sam/.test(holder.textContent)) {
      window.samSeen = performance.now();
    } else requestAnimationFrame(look);
  };
  look();
}"""


def test_a_phone_learns_of_a_danger_revealed(in_hand, asgi_server, playing, password, make_user):
    lurker = _crowd_and_a_hidden_foe(playing, make_user)
    phone = in_hand(HAND_SIZES[1])
    log_in(phone, "bob", password)
    phone.goto(playing["url"])
    expect(phone.locator("[data-live-status]").first).to_have_text("Live")
    director = Visitor(asgi_server, playing["adventure"].director, password)
    reveal = {"danger": lurker.pk, "revealed": "1"}
    assert director.post(playing["url"] + "dangers/reveal/", reveal)[0] == 200
    # In the log, in the Dangers the Cast can see, and as a target for Sam's next Gamble.
    expect(phone.locator(".log-list > li").first).to_contain_text(f"Enter {LURKER}!")
    expect(phone.locator(".danger-list > li", has_text=LURKER)).to_have_count(1)
    expect(phone.get_by_role("option", name=LURKER)).to_have_count(1)
    screenshot(phone, "phone-danger-revealed-360x780")


@pytest.mark.parametrize("size", ["720p", "1080p"])
def test_in_a_tumult_beside_a_handout_the_dangers_read_together(
    new_page, asgi_server, playing, password, make_user, load_dice, size
):
    """A fresh-eyes evening: three Dangers in a Tumult, a handout up, four heroes, the Wide
    Shot painted, a seat free. At 720p the Dangers' panel showed one of them at a time ("1 of
    3 · others in turn") while the picture kept its room: now a whole panel crosses under the
    handout and the three foes read together."""
    path = shared_screen(asgi_server, playing, password)
    _tumult_evening(asgi_server, playing, password, make_user)
    adventure = playing["adventure"]
    handouts.reveal(adventure, handout(adventure, "The harbour map").pk, adventure.director)
    _gamble(asgi_server, playing, password, playing["sam"], load_dice, (6, 5))
    tv = looked_at(new_page, size, path, "tv-tumult-three-dangers-handout")
    rows = tv.evaluate(SHOWN, ".danger-list > li")
    assert [next(n for n in FOES if row.startswith(n)) for row in rows] == list(FOES), rows
    expect(tv.locator("#dangers-panel .page-marker:visible")).to_have_count(0)
    expect(tv.get_by_role("figure").filter(has_text="The harbour map")).to_be_in_viewport()
    for _, text in LINES_VEILS:
        expect(tv.locator(".safety-list li", has_text=text)).to_be_in_viewport(ratio=1)
    not_whole = tv.evaluate(NOT_WHOLE, PLAY)
    assert not_whole == [], "\n".join(not_whole)


# Where the dice note is drawn against the Scene's title: below it (its top under the title's
# foot), one line of its own.
UNDER_THE_TITLE = """(panel) => {
  const title = panel.querySelector('h1').getBoundingClientRect();
  const note = panel.querySelector('.real-dice-note');
  const kicker = panel.querySelector('.kicker');
  return {
    under: note.getBoundingClientRect().top >= title.bottom - 1,
    inKicker: Boolean(kicker && kicker.contains(note)),
  };
}"""


def _dice_note_under(page, beat: str) -> None:
    panel = page.locator("section.scene-panel")
    expect(panel.get_by_role("heading", name=beat)).to_be_visible()
    note = panel.locator(".real-dice-note")
    expect(note).to_have_text("Dice: real or the app's")
    # The phone: under its Gamble (the TV never scrolls). Scrolled at once rather than after
    # waiting for the note to hold still: a live redraw may swap it in the meantime.
    note.evaluate("note => note.scrollIntoView({block: 'nearest'})")
    expect(note).to_be_in_viewport(ratio=1)
    assert panel.evaluate(UNDER_THE_TITLE) == {"under": True, "inKicker": False}


@pytest.mark.parametrize("size", ["720p", "1080p"])
def test_the_scene_title_comes_before_the_dice_note_after_a_live_scene_change(
    new_page, asgi_server, playing, password, size
):
    Adventure.objects.update(real_dice=RealDice.EITHER)
    path = shared_screen(asgi_server, playing, password)
    tv = looked_at(new_page, size, path, "tv-dice-note-first-scene")
    phone = new_page()
    log_in(phone, "bob", password)
    phone.goto(playing["url"])
    first = Scene.objects.get(status=Scene.Status.PLAYING)
    _dice_note_under(tv, first.beat)
    _dice_note_under(phone, first.beat)

    director = Visitor(asgi_server, playing["adventure"].director, password)
    assert director.post(playing["url"] + "scene/end/", {"lock_open": "yes"})[0] == 200
    scene = Scene.objects.filter(status=Scene.Status.PLANNED).first()
    assert director.post(playing["url"] + "scene/start/", {"scene": scene.pk})[0] == 200
    # The Scene changed live (no reload): its title first, the note under it, on both.
    expect(tv.locator(".spotlight-part.is-on")).to_have_count(0, timeout=20_000)
    drawn(tv)
    _dice_note_under(tv, scene.beat)
    _dice_note_under(phone, scene.beat)
    tv.screenshot(path=f"artifacts/tv-dice-note-next-scene-{size}.png")
    screenshot(phone, f"phone-dice-note-next-scene-{size}")


TOLD = "The crane groans: the hook swings loose over the water."
# Each log line shown whole inside the log's panel (inside its padding): [] when so.
LOG_CUT = """() => {
  const log = document.querySelector('.log-list');
  const panel = log.closest('.log');
  const style = getComputedStyle(panel);
  const box = panel.getBoundingClientRect();
  const foot = Math.min(box.bottom - parseFloat(style.paddingBottom)
    - parseFloat(style.borderBottomWidth), innerHeight);
  return Array.from(log.children).filter(li => li.checkVisibility()).filter(li => {
    const letters = document.createRange();
    letters.selectNodeContents(li);
    return Math.max(li.getBoundingClientRect().bottom, letters.getBoundingClientRect().bottom)
      > foot + 1;
  }).map(li => li.textContent.replace(/\\s+/g, ' ').trim());
}"""


@pytest.mark.parametrize("size", ["720p", "1080p"])
def test_after_a_knockout_in_a_tumult_the_log_shows_whole_lines(
    new_page, asgi_server, playing, password, make_user, load_dice, size
):
    """A fresh-eyes evening at 720p: a Knockout in a Tumult, a handout up and the Director's
    line pinned above the log; a log line was seen cut mid-line at the log's foot."""
    path = shared_screen(asgi_server, playing, password)
    director = _tumult_evening(asgi_server, playing, password, make_user)
    adventure = playing["adventure"]
    narration.narrate(adventure, TOLD, adventure.director)
    handouts.reveal(adventure, handout(adventure, "The harbour map").pk, adventure.director)
    tv = looked_at(new_page, size, path, "tv-knockout-log-before")
    _gamble(asgi_server, playing, password, playing["sam"], load_dice, (6, 5))
    ada = playing["ada"]
    for _ in range(5):
        peril = {"character": ada.pk, "delta": 1, "reason": "weird", "detail": "a fall"}
        assert director.post(playing["url"] + "peril/", peril)[0] == 200
    foe = {danger.name: danger.pk for danger in Danger.objects.all()}
    splits = {f"split-{foe[FOES[0]]}-{ada.pk}": 1, f"split-{foe[FOES[1]]}-{playing['sam'].pk}": 1}
    assert director.post(playing["url"] + "tumult/enemies/", splits)[0] == 200
    expect(tv.locator(".spotlight-part.is-on")).to_be_visible()
    expect(tv.locator(".spotlight-part.is-on")).to_have_count(0, timeout=30_000)
    drawn(tv)
    tv.screenshot(path=f"artifacts/tv-knockout-log-after-{size}.png")
    expect(tv.locator(".log-list > li:visible").first).to_contain_text("KNOCKOUT!")
    assert tv.evaluate(LOG_CUT) == []
    not_whole = tv.evaluate(NOT_WHOLE, PLAY)
    assert not_whole == [], "\n".join(not_whole)
