"""The TV in a Tumult with a seat still free (a fresh-eyes evening): every Danger in the Tumult
shows at once, the invitation giving way to a compact corner card first; the Director's Wide Shot
opening stays in sight (shortened with "…" if it must); and the log shows as many of its newest
lines as fit whole, not one line over an empty box."""

import pytest
from playwright.sync_api import expect

from characters.models import Character
from sessions.actions import dangers
from sessions.models import (
    Adventure,
    CastMember,
    Danger,
    SafetyNote,
    TableEvent,
    WideShot,
    WideShotDetail,
)
from sessions.rules import DangerTemplate
from tests.browser.http import Visitor
from tests.browser.test_tv_reads_whole_in_browser import (
    DETAILS,
    LINES_VEILS,
    NOT_WHOLE,
    PLAY,
    SHOWN,
    SIZES,
    _gamble,
    _screen,
    _settled,
)

pytestmark = [pytest.mark.browser, pytest.mark.looks, pytest.mark.django_db(transaction=True)]

OPENING = "Rain hammers the skylights; something ticks behind every wall."
FOES = (
    ("Dock thugs", DangerTemplate.MINION),
    ("Lieutenant Greta", DangerTemplate.LIEUTENANT),
    ("The Baron's clockwork hound", DangerTemplate.MINION),
)
LOG = (
    "Sam tries to climb the crane, against Dock thugs: a win.",
    "Ada adds to the Wide Shot: a brass diving bell hanging from the crane.",
    "The Wide Shot is locked: what you described is now canon.",
)


def _tumult(asgi_server, playing, password, make_user, foes: int) -> None:
    """Three heroes seated of four seats, the Wide Shot painted and locked, ``foes`` Dangers
    shown and the Tumult on against all of them, a few log lines."""
    adventure = playing["adventure"]
    hero = Character.objects.create(owner=make_user("w0"), name="Watcher", archetype="explorer")
    CastMember.objects.create(adventure=adventure, character=hero)
    Adventure.objects.update(seats=4)
    Danger.objects.all().delete()
    for name, template in FOES[:foes]:
        dangers.add_danger(adventure, name, template, None, revealed=True)
    Danger.objects.filter(name="Lieutenant Greta").update(successes=1)
    board = WideShot.objects.get()
    WideShot.objects.filter(pk=board.pk).update(opening=OPENING, locked=True)
    for character, text in zip((playing["sam"], playing["ada"], hero), DETAILS, strict=False):
        WideShotDetail.objects.create(wide_shot=board, character=character, text=text)
    for kind, text in LINES_VEILS:
        SafetyNote.objects.create(adventure=adventure, kind=kind, text=text)
    for line in LOG:
        TableEvent.objects.create(adventure=adventure, kind="note", summary=line)
    director = Visitor(asgi_server, adventure.director, password)
    assert director.post(playing["url"] + "tumult/start/")[0] == 200


# The log's room: how far under its last line shown the box goes on, and how tall the next
# (older) line would be there; and which rows show, newest first.
LOG_ROOM = """() => {
  const log = document.querySelector('.log-list');
  const panel = log.closest('.log');
  const style = getComputedStyle(panel);
  const rows = Array.from(log.children).filter(r => !r.matches('.event-undone'));
  const shown = rows.map(r => !r.hidden);
  const last = rows.filter(r => !r.hidden).at(-1);
  const inner = panel.getBoundingClientRect().bottom - parseFloat(style.paddingBottom)
    - parseFloat(style.borderBottomWidth);
  const next = last.nextElementSibling;
  let nextHeight = Infinity;
  if (next) {
    next.hidden = false;
    nextHeight = next.getBoundingClientRect().height;
    next.hidden = true;
  }
  return {shown, empty: inner - last.getBoundingClientRect().bottom, nextHeight};
}"""


def _in_sight_whole(tv) -> None:
    assert tv.evaluate("document.documentElement.scrollHeight") <= tv.viewport_size["height"]
    not_whole = tv.evaluate(NOT_WHOLE, PLAY)
    # The invitation steps aside whole while a Tumult needs its room (its code is on the
    # phones already seated; it comes back with the room).
    if tv.locator(".join-part.is-aside").count():
        not_whole = [line for line in not_whole if not line.startswith("hidden: join-")]
    assert not_whole == [], "\n".join(not_whole)


@pytest.mark.parametrize("foes", [2, 3])
@pytest.mark.parametrize("size", ["720p", "1080p"])
def test_in_a_tumult_every_danger_shows_at_once_and_the_opening_stays(
    new_page, asgi_server, playing, password, make_user, load_dice, size, foes
):
    """A Tumult against two or three Dangers, three of four seats taken (the invitation up), the
    Wide Shot painted, a Line and a Veil, a Gamble just locked in: every Danger of the Tumult
    shows, none paged (the Wide Shot's details page, the invitation gives way before a Danger
    would); the Director's opening stays in sight, whole or to a line with "…"; and the log
    leaves no room under its lines that the next one would fit in."""
    path = _screen(asgi_server, playing, password)
    _tumult(asgi_server, playing, password, make_user, foes)
    _gamble(asgi_server, playing, password, playing["sam"], load_dice, (6, 5))
    tv = new_page(SIZES[size])
    _settled(tv, path)
    tv.screenshot(path=f"artifacts/tv-tumult-dangers-{foes}-{size}.png")

    shown = tv.evaluate(SHOWN, ".danger-list > li")
    assert [row.split(" ")[0] for row in shown] == [name.split(" ")[0] for name, _ in FOES[:foes]]
    expect(tv.locator("#dangers-panel .page-marker:visible")).to_have_count(0)
    expect(tv.get_by_role("region", name="Dangers in the Tumult")).to_be_in_viewport(ratio=1)
    # The opening: in sight, its first words at least.
    opening = tv.locator(".wideshot .opening")
    expect(opening).to_be_visible()
    expect(opening).to_be_in_viewport(ratio=1)
    assert opening.evaluate("el => el.getBoundingClientRect().height") > 10
    # The invitation: whole while it is up (a compact card or the full one).
    join = tv.locator(".join-code-line")
    if join.is_visible():
        expect(join).to_be_in_viewport(ratio=1)
    room = tv.evaluate(LOG_ROOM)
    assert room["shown"][0]
    assert room["shown"] == sorted(room["shown"], reverse=True)  # the newest, none skipped
    assert room["empty"] < room["nextHeight"], room
    _in_sight_whole(tv)


@pytest.mark.parametrize("size", ["720p", "1080p"])
def test_a_tumult_short_of_room_compacts_the_invitation_before_a_danger_pages(
    new_page, asgi_server, playing, password, make_user, load_dice, size
):
    """The same Tumult, the Dangers' names long: the invitation becomes a compact corner card
    (or steps aside) and every Danger shows, the opening to a line with "…" if it must."""
    path = _screen(asgi_server, playing, password)
    _tumult(asgi_server, playing, password, make_user, 3)
    for danger in Danger.objects.all():
        Danger.objects.filter(pk=danger.pk).update(
            name=f"{danger.name} of the Baron's flooded docks"
        )
    _gamble(asgi_server, playing, password, playing["sam"], load_dice, (6, 5))
    tv = new_page(SIZES[size])
    _settled(tv, path)
    tv.screenshot(path=f"artifacts/tv-tumult-dangers-long-{size}.png")
    assert len(tv.evaluate(SHOWN, ".danger-list > li")) == 3
    expect(tv.locator("#dangers-panel .page-marker:visible")).to_have_count(0)
    expect(tv.locator(".wideshot .opening")).to_be_visible()
    _in_sight_whole(tv)
