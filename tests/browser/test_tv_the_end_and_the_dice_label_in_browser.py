"""The TV after a fresh-eyes review: "The End" has its moment over the board, like the other
spotlight moments, then gives way, so the Cast and the finished table read (it used to stay
over them for good); and the note that the table rolls real dice reads on one line, as a
note ("Dice: real or the app's", not a third title in capitals)."""

import re

import pytest
from playwright.sync_api import expect

from sessions.models import Adventure, RealDice
from tests.browser.conftest import shared_screen
from tests.browser.http import Visitor
from tests.browser.test_tv_reads_whole_in_browser import SIZES, _settled

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# What lies on top at the middle of the Cast's panel: the Cast itself, or what covers it.
ON_TOP = """(panel) => {
  const box = panel.getBoundingClientRect();
  const x = box.left + box.width / 2;
  return panel.contains(document.elementFromPoint(x, box.top + box.height / 2));
}"""


def _the_end_then_the_board(tv) -> None:
    spotlight = tv.locator(".spotlight-part")
    expect(tv.locator(".spotlight-curtain")).to_contain_text("The End")
    expect(spotlight).to_have_class("spotlight-part is-on")
    # Its few seconds, then the board: the Cast and the finished table in sight, uncovered.
    expect(spotlight).not_to_have_class("spotlight-part is-on", timeout=20_000)
    expect(tv.locator(".spotlight-curtain")).not_to_be_visible()
    cast = tv.get_by_role("region", name="The Cast")
    expect(cast).to_be_in_viewport(ratio=1)
    assert cast.evaluate(ON_TOP)
    expect(tv.get_by_text("The End. This Adventure is finished")).to_be_in_viewport(ratio=1)
    expect(tv.locator("[data-live-status]")).to_have_text("Adventure finished")


@pytest.mark.parametrize("size", ["720p", "1080p"])
def test_the_end_has_its_moment_then_the_cast_reads(new_page, asgi_server, playing, password, size):
    path = shared_screen(asgi_server, playing, password)
    tv = new_page(SIZES[size])
    _settled(tv, path)
    director = Visitor(asgi_server, playing["adventure"].director, password)
    assert director.post(playing["url"] + "finish/", {"confirm": "yes"})[0] == 200
    _the_end_then_the_board(tv)
    tv.screenshot(path=f"artifacts/tv-after-the-end-{size}.png")
    # A TV switched on after the end: The End once, then the board too.
    tv.reload()
    _the_end_then_the_board(tv)


@pytest.mark.parametrize("size", SIZES, ids=list(SIZES))
@pytest.mark.parametrize("dice", [RealDice.EITHER, RealDice.HAND])
def test_the_real_dice_note_reads_on_one_line(new_page, asgi_server, playing, password, size, dice):
    Adventure.objects.update(real_dice=dice)
    path = shared_screen(asgi_server, playing, password)
    tv = new_page(SIZES[size])
    _settled(tv, path)
    note = tv.locator(".scene-panel .real-dice-note")
    words = "Dice: real or the app's" if dice == RealDice.EITHER else "Real dice tonight"
    expect(note).to_have_text(words)
    # A note under the titles, not a third title in their capitals.
    expect(note).to_have_css("text-transform", "none")
    expect(note).to_be_in_viewport(ratio=1)
    tv.screenshot(path=f"artifacts/tv-real-dice-note-{dice}-{size}.png")
    assert note.evaluate("el => el.getClientRects().length") == 1


# Every line of The End's card: its letters' boxes, each inside the card and the screen, and
# nothing drawn over them.
LINES_CUT = """(panel) => {
  const room = panel.getBoundingClientRect();
  const screen = {top: 0, left: 0, right: innerWidth, bottom: innerHeight};
  const inside = (box, at) => Math.max(box.bottom - at.bottom, at.top - box.top,
    box.right - at.right, at.left - box.left, 0) <= 1;
  const out = [];
  // The card's lines, or a panel that is one line itself (the note under it).
  for (const el of panel.matches('p') ? [panel] : panel.querySelectorAll('p, h2')) {
    const words = el.textContent.trim().slice(0, 40);
    if (!el.checkVisibility()) { out.push('hidden: ' + words); continue; }
    const range = document.createRange();
    range.selectNodeContents(el);
    for (const line of range.getClientRects()) {
      if (!line.width) continue;
      if (!inside(line, room)) out.push('out of the card: ' + words);
      if (!inside(line, screen)) out.push('off the screen: ' + words);
      // Nothing drawn over it: what lies on top along the line is the card's own.
      const y = line.top + line.height / 2;
      for (const x of [line.left + 2, (line.left + line.right) / 2, line.right - 2]) {
        const top = document.elementFromPoint(x, y);
        if (!panel.contains(top)) out.push(`under ${top && top.className}: ` + words);
      }
    }
    for (let at = el.parentElement; at && at !== document.body; at = at.parentElement) {
      const s = getComputedStyle(at);
      if (s.overflowX === 'visible' && s.overflowY === 'visible') continue;
      if (!inside(range.getBoundingClientRect(), at.getBoundingClientRect())) {
        out.push(`clipped by ${at.className || at.tagName}: ` + words);
      }
    }
  }
  return out;
}"""


def _a_long_evening(playing) -> None:
    """An evening played through: Gambles with their Blammo! sound effects, Scenes and a Leg
    done, heroes with long names: The End has each of its lines to say."""
    from characters.models import Character
    from sessions.models import Campaign, CastMember, Gamble, Leg, Scene

    adventure = playing["adventure"]
    # Of a Campaign (the TV says it will follow it on), and a third hero.
    campaign = Campaign.objects.create(director=adventure.director, title="The Monsoon Years")
    Adventure.objects.filter(pk=adventure.pk).update(campaign=campaign)
    for name in ("Priya 'Brass' Raman-Castellanos", "Tomás 'Gearjack' Villanueva-Reyes"):
        hero = Character.objects.create(owner=playing["sam"].owner, name=name, archetype="explorer")
        CastMember.objects.create(adventure=adventure, character=hero)
    Character.objects.filter(pk=playing["sam"].pk).update(name="Sam 'Anvil' Okafor-Whitlock")
    Character.objects.filter(pk=playing["ada"].pk).update(name="Ada 'Lamplight' Sterling-Vance")
    sounds = ["KA-POW!", "KRAKOOM!", "THWACK!", "ZOWIE!", "SPLOOSH!", "KERRANG!", "BLAM!"]
    for n, sound in enumerate(sounds):
        Gamble.objects.create(
            adventure=adventure,
            character=playing["sam"] if n % 2 else playing["ada"],
            request_id=f"end-{n}",
            setup={"sound_effects": [sound]},
            pool=3,
            dice=[6, 5, 1],
            rolled=[6, 5, 1],
            locked=True,
            success=n % 3 != 0,
        )
    Scene.objects.filter(leg__adventure=adventure).update(status=Scene.Status.DONE)
    Leg.objects.filter(adventure=adventure).update(status=Leg.Status.FINISHED)


@pytest.mark.parametrize("size", SIZES, ids=list(SIZES))
def test_every_line_of_the_end_reads_whole(new_page, asgi_server, playing, password, size):
    _a_long_evening(playing)
    path = shared_screen(asgi_server, playing, password)
    tv = new_page(SIZES[size])
    _settled(tv, path)
    director = Visitor(asgi_server, playing["adventure"].director, password)
    assert director.post(playing["url"] + "finish/", {"confirm": "yes"})[0] == 200
    spotlight = tv.locator(".spotlight-part")
    expect(spotlight).to_have_class("spotlight-part is-on")
    expect(spotlight).not_to_have_class("spotlight-part is-on", timeout=20_000)
    card = tv.get_by_role("region", name="The End")
    expect(card.locator(".the-end-starring")).to_contain_text("Starring")
    expect(card.locator(".the-end-sounds")).to_contain_text("BLAM!")
    tv.screenshot(path=f"artifacts/tv-the-end-lines-{size}.png")
    assert card.evaluate(LINES_CUT) == []
    # And its last word under it: the TV follows the Campaign on.
    follow = tv.locator(".follow-note")
    expect(follow).to_have_text(re.compile("this screen moves to it"))
    assert follow.evaluate(LINES_CUT) == []
