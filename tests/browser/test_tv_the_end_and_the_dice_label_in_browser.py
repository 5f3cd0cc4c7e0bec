"""The TV after a fresh-eyes review: "The End" has its moment over the board, like the other
spotlight moments, then gives way, so the Cast and the finished table read (it used to stay
over them for good); and the note that the table rolls real dice reads on one line, as a
note ("Dice: real or the app's", not a third title in capitals)."""

import pytest
from playwright.sync_api import expect

from sessions.models import Adventure, RealDice
from tests.browser.http import Visitor
from tests.browser.test_tv_reads_whole_in_browser import SIZES, _screen, _settled

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
    path = _screen(asgi_server, playing, password)
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
    path = _screen(asgi_server, playing, password)
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
