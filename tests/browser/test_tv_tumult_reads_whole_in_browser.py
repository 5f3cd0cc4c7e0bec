"""The TV in a Tumult against five Dangers, two of them out of the picture, with a seat free, the
Wide Shot painted, a handout on show and a long log (a fresh-eyes evening): the live Dangers come
first and show without paging when they can, the defeated ones folded to one line after them; the
log fills its room with its newest lines; the Director's line told to the room stays pinned above
the log while the table plays on; the join card and the Lines & Veils stay in sight."""

import pytest
from playwright.sync_api import expect

from characters.models import Character
from sessions.actions import dangers, handouts, narration
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
from tests.browser.conftest import drawn, shared_screen
from tests.browser.http import Visitor
from tests.browser.test_tv_reads_whole_in_browser import (
    DETAILS,
    EVERY,
    LINES_VEILS,
    NOT_WHOLE,
    PLAY,
    SHOWN,
    _gamble,
    looked_at,
)
from tests.images import handout

pytestmark = [pytest.mark.browser, pytest.mark.looks, pytest.mark.django_db(transaction=True)]

OPENING = "Rain hammers the skylights; something ticks behind every wall."
FOES = (
    ("Dock thugs", DangerTemplate.MINION, 3),  # out of the picture
    ("Lieutenant Greta", DangerTemplate.LIEUTENANT, 1),
    ("Harbour rats", DangerTemplate.MINION, 3),  # out of the picture
    ("The Baron's clockwork hound", DangerTemplate.MINION, 0),
    ("Smugglers on the barge", DangerTemplate.MINION, 0),
)
LIVE = ["Lieutenant Greta", "The Baron's clockwork hound", "Smugglers on the barge"]
TOLD = "The crane groans: the hook swings loose over the water."


def _evening(asgi_server, playing, password, make_user, *, handout_up) -> None:
    """Three heroes seated of four seats, the Wide Shot painted, five Dangers (two out), a Line
    and a Veil, a dozen log lines, the Director's line told the room, a handout up if asked,
    and the Tumult on against every Danger."""
    adventure = playing["adventure"]
    hero = Character.objects.create(owner=make_user("w0"), name="Watcher", archetype="explorer")
    CastMember.objects.create(adventure=adventure, character=hero)
    Adventure.objects.update(seats=4)
    Danger.objects.all().delete()
    for name, template, _ in FOES:
        dangers.add_danger(adventure, name, template, None, revealed=True)
    board = WideShot.objects.get()
    WideShot.objects.filter(pk=board.pk).update(opening=OPENING, locked=True)
    for character, text in zip((playing["sam"], playing["ada"], hero), DETAILS, strict=False):
        WideShotDetail.objects.create(wide_shot=board, character=character, text=text)
    for kind, text in LINES_VEILS:
        SafetyNote.objects.create(adventure=adventure, kind=kind, text=text)
    TableEvent.objects.bulk_create(
        TableEvent(adventure=adventure, kind="note", summary=f"Line {n}: the tide turns")
        for n in range(12)
    )
    narration.narrate(adventure, TOLD, adventure.director)
    if handout_up:
        handouts.reveal(adventure, handout(adventure, "The harbour map").pk, adventure.director)
    director = Visitor(asgi_server, adventure.director, password)
    assert director.post(playing["url"] + "tumult/start/")[0] == 200


def _knocked_about() -> None:
    """The Dangers' successes as the fight stands (two out of the picture)."""
    for name, _, successes in FOES:
        Danger.objects.filter(name=name).update(successes=successes)


# The log's room: how far under its last line shown its box goes on, how tall the next (older)
# line would be there, and which rows show, newest first.
LOG_ROOM = """() => {
  const log = document.querySelector('.log-list');
  const panel = log.closest('.log');
  const style = getComputedStyle(panel);
  const rows = Array.from(log.children).filter(r => !r.matches('.event-undone'));
  const shown = rows.filter(r => !r.hidden);
  const foot = (r) => r.getBoundingClientRect().bottom;
  const last = shown.reduce((a, b) => (foot(b) > foot(a) ? b : a));
  const inner = panel.getBoundingClientRect().bottom - parseFloat(style.paddingBottom)
    - parseFloat(style.borderBottomWidth);
  const next = rows.find(r => r.hidden);
  let nextHeight = Infinity;
  if (next) {
    next.hidden = false;
    nextHeight = next.getBoundingClientRect().height;
    next.hidden = true;
  }
  return {shown: shown.length, empty: inner - last.getBoundingClientRect().bottom, nextHeight};
}"""


def _whole(tv) -> None:
    assert tv.evaluate("document.documentElement.scrollHeight") <= tv.viewport_size["height"]
    not_whole = tv.evaluate(NOT_WHOLE, PLAY)
    assert not_whole == [], "\n".join(not_whole)
    # The join card (a seat is free) and the Lines & Veils: in sight, whole.
    expect(tv.locator(".join-code-line")).to_be_in_viewport(ratio=1)
    for _, text in LINES_VEILS:
        expect(tv.locator(".safety-list li", has_text=text)).to_be_in_viewport(ratio=1)
    expect(tv.get_by_role("region", name="Latest Gamble")).to_be_in_viewport(ratio=1)


@pytest.mark.parametrize("handout_up", [False, True], ids=["board", "handout"])
@pytest.mark.parametrize("size", ["720p", "1080p"])
def test_live_dangers_first_unpaged_the_defeated_folded_after(
    new_page, asgi_server, playing, password, make_user, load_dice, size, handout_up
):
    path = shared_screen(asgi_server, playing, password)
    _evening(asgi_server, playing, password, make_user, handout_up=handout_up)
    _gamble(asgi_server, playing, password, playing["sam"], load_dice, (6, 5))
    _knocked_about()
    name = "tv-tumult-five-dangers" + ("-handout" if handout_up else "")
    tv = looked_at(new_page, size, path, name)

    rows = tv.evaluate(SHOWN, ".danger-list > li")
    live = [row for row in rows if "Out of the picture" not in row]
    names = [next(n for n in LIVE if row.startswith(n)) for row in live]
    if handout_up:
        # The invitation, a handout and the Lines & Veils up: the live ones may page, first.
        assert len(names) >= (2 if size == "1080p" else 1), rows
        assert names == LIVE[: len(names)], rows
    else:
        assert names == LIVE, rows
    # The defeated come after the live ones, on one line: "Out of the picture: …" (a row that
    # may page when the board is short, the live ones never).
    every = tv.evaluate(EVERY, ".danger-list > li")
    assert every[-1] == "Out of the picture: Dock thugs, Harbour rats", every
    assert rows == every[: len(rows)]
    if size == "1080p" and not handout_up:
        assert rows == every
        expect(tv.locator("#dangers-panel .page-marker:visible")).to_have_count(0)
    for row in tv.locator(".danger-list > li:visible").all():
        expect(row).to_be_in_viewport(ratio=1)
    _whole(tv)


@pytest.mark.parametrize("size", ["720p", "1080p"])
def test_the_log_fills_its_room_and_the_directors_line_stays_pinned(
    new_page, asgi_server, playing, password, make_user, load_dice, size
):
    path = shared_screen(asgi_server, playing, password)
    _evening(asgi_server, playing, password, make_user, handout_up=False)
    _gamble(asgi_server, playing, password, playing["sam"], load_dice, (6, 5))
    _knocked_about()
    tv = looked_at(new_page, size, path, "tv-tumult-log")

    # The Gamble came after the Director's line: it is still there, whole, above the log.
    pinned = tv.locator(".log-list > li.is-pinned")
    expect(pinned).to_have_count(1)
    expect(pinned).to_contain_text(f"The Director: {TOLD}")
    expect(pinned).to_be_in_viewport(ratio=1)
    first = tv.evaluate(
        "() => Array.from(document.querySelectorAll('.log-list > li')).filter(li => !li.hidden)"
        ".sort((a, b) => a.getBoundingClientRect().top - b.getBoundingClientRect().top)[0]"
        ".textContent"
    )
    assert TOLD in first
    expect(tv.locator(".log-list > li", has_text="locks in: Success!")).to_be_in_viewport(ratio=1)
    room = tv.evaluate(LOG_ROOM)
    assert room["empty"] < room["nextHeight"], room
    for row in tv.locator(".log-list > li:visible").all():
        expect(row).to_be_in_viewport(ratio=1)
    _whole(tv)


def _enemies_strike(asgi_server, playing, password) -> None:
    """Ada one Peril from a Knockout; then the enemies' turn: Lieutenant Greta knocks her out,
    and all three Dangers standing strike Sam (a log line of seven lines at 720p)."""
    director = Visitor(asgi_server, playing["adventure"].director, password)
    ada, sam = playing["ada"].pk, playing["sam"].pk
    for _ in range(5):
        peril = {"character": ada, "delta": 1, "reason": "weird", "detail": "a fall"}
        assert director.post(playing["url"] + "peril/", peril)[0] == 200
    foe = {danger.name: danger.pk for danger in Danger.objects.all()}
    splits = {
        f"split-{foe['Lieutenant Greta']}-{ada}": 1,
        f"split-{foe['Lieutenant Greta']}-{sam}": 1,
        f"split-{foe["The Baron's clockwork hound"]}-{sam}": 1,
        f"split-{foe['Smugglers on the barge']}-{sam}": 1,
    }
    assert director.post(playing["url"] + "tumult/enemies/", splits)[0] == 200


@pytest.mark.parametrize("size", ["720p", "1080p"])
def test_a_knockout_on_the_enemies_turn_under_a_handout_leaves_the_board_whole(
    new_page, asgi_server, playing, password, make_user, load_dice, size
):
    """A fresh-eyes evening: the TV open, a handout up, a seat free, five Dangers (two out),
    the Wide Shot painted; the enemies' turn knocks Ada out. The log's long newest line is
    whole, and so are the Lines & Veils (once cut off the board's foot): a side panel crosses
    under the handout, its picture giving up the room."""
    path = shared_screen(asgi_server, playing, password)
    _evening(asgi_server, playing, password, make_user, handout_up=True)
    tv = looked_at(new_page, size, path, "tv-tumult-strike-before")
    _gamble(asgi_server, playing, password, playing["sam"], load_dice, (6, 5))
    _knocked_about()
    _enemies_strike(asgi_server, playing, password)
    expect(tv.locator(".spotlight-part.is-on")).to_be_visible()
    expect(tv.locator(".spotlight-part.is-on")).to_have_count(0, timeout=30_000)
    drawn(tv)
    tv.screenshot(path=f"artifacts/tv-tumult-strike-{size}.png")

    newest = tv.locator(".log-list > li:visible", has_text="the enemies' turn!")
    expect(newest).to_contain_text("KNOCKOUT! Ada is out until the Tumult ends.")
    expect(newest).to_be_in_viewport(ratio=1)
    expect(tv.get_by_role("figure").filter(has_text="The harbour map")).to_be_in_viewport()
    # The Dangers standing show whole, all or a page of them (never one cut at the foot).
    expect(tv.locator(".danger-list > li:visible").first).to_be_in_viewport(ratio=1)
    _whole(tv)
