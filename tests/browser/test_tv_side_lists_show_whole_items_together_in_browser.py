"""The TV's side lists show as many whole items at once as fit (a fresh-eyes review): four
heroes, three Wide Shot details of sixty characters and two Dangers, with the Director's long
line pinned above the log. The room the log was given for that line (when it didn't fit even
with every list down to one item) stayed when the column was laid out again without it, so
every list showed one item at a time ("1 of 2", "3 of 3") and the Lines & Veils were cut."""

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
from tests.browser.conftest import shared_screen
from tests.browser.http import Visitor
from tests.browser.test_tv_reads_whole_in_browser import (
    DETAILS,
    LINES_VEILS,
    NOT_WHOLE,
    PLAY,
    SHOWN,
    SIZES,
    _gamble,
    looked_at,
)
from tests.images import handout

pytestmark = [pytest.mark.browser, pytest.mark.looks, pytest.mark.django_db(transaction=True)]

# As long as the Director's line may be (300 characters): pinned above the log's newest line.
TOLD = (
    "The crane groans overhead and the hook swings loose over the black water; somewhere below"
    " a bell tolls twice, every lamp along the quay gutters out at once, the fog rolls in from"
    " the sea, the gulls fall silent, and on the barge a figure in oilskins lifts a lantern and"
    " signals three times to the tower."
)


def _evening(
    asgi_server, playing, password, make_user, load_dice, *, handout_up, tumult, thugs=True
):
    """Four heroes (a seat free: the join code up), three details, two Dangers (the Lieutenant
    alone if not ``thugs``), a Line and a Veil, the Director's long line told, a Gamble locked
    in after it; a handout on show or a Tumult on if asked."""
    adventure = playing["adventure"]
    heroes = [playing["sam"], playing["ada"]]
    for n in range(2):
        hero = Character.objects.create(
            owner=make_user(f"w{n}"), name=f"Watcher {n}", archetype="explorer"
        )
        CastMember.objects.create(adventure=adventure, character=hero)
        heroes.append(hero)
    Adventure.objects.update(seats=8)
    Danger.objects.all().delete()
    # The Gamble goes against the first, the Lieutenant (one success of two): both stay up.
    foes = [("Lieutenant Greta", DangerTemplate.LIEUTENANT), ("Dock thugs", DangerTemplate.MINION)]
    for name, template in foes if thugs else foes[:1]:
        dangers.add_danger(adventure, name, template, None, revealed=True)
    board = WideShot.objects.get()
    for hero, text in zip(heroes, DETAILS[:3], strict=False):
        WideShotDetail.objects.create(wide_shot=board, character=hero, text=text)
    for kind, text in LINES_VEILS:
        SafetyNote.objects.create(adventure=adventure, kind=kind, text=text)
    TableEvent.objects.bulk_create(
        TableEvent(adventure=adventure, kind="note", summary=f"Line {n}: the tide turns")
        for n in range(6)
    )
    narration.narrate(adventure, TOLD, adventure.director)
    _gamble(asgi_server, playing, password, playing["sam"], load_dice, (6, 5))
    if handout_up:
        handouts.reveal(adventure, handout(adventure, "The harbour map").pk, adventure.director)
    if tumult:
        director = Visitor(asgi_server, adventure.director, password)
        assert director.post(playing["url"] + "tumult/start/")[0] == 200


def _whole(tv) -> None:
    """Nothing cut, every item shown in sight, the Lines & Veils whole."""
    assert tv.evaluate("document.documentElement.scrollHeight") <= tv.viewport_size["height"]
    not_whole = tv.evaluate(NOT_WHOLE, PLAY)
    assert not_whole == [], "\n".join(not_whole)
    for row in tv.locator(".danger-list > li:visible, .details > li:visible").all():
        expect(row).to_be_in_viewport(ratio=1)
    for _, text in LINES_VEILS:
        expect(tv.locator(".safety-list li", has_text=text)).to_be_in_viewport(ratio=1)


@pytest.mark.parametrize("handout_up", [False, True], ids=["board", "handout"])
def test_at_1080p_the_details_and_dangers_show_together(
    new_page, asgi_server, playing, password, make_user, load_dice, handout_up
):
    path = shared_screen(asgi_server, playing, password)
    _evening(
        asgi_server, playing, password, make_user, load_dice, handout_up=handout_up, tumult=False
    )
    shot = "tv-side-lists-together-" + ("handout" if handout_up else "board")
    tv = looked_at(new_page, "1080p", path, shot)
    dangers_shown = tv.evaluate(SHOWN, ".danger-list > li")
    assert [row.split(" ")[0] for row in dangers_shown] == ["Lieutenant", "Dock"]
    details = tv.evaluate(SHOWN, ".wideshot .details > li")
    if handout_up:
        # The handout takes the story column's room: the details may page, two at a time.
        assert len(details) >= 2, details
    else:
        assert len(details) == 3, details
        expect(tv.locator(".board-side .page-marker:visible")).to_have_count(0)
    assert all(row.endswith(text) for row, text in zip(details, DETAILS, strict=False))
    _whole(tv)


@pytest.mark.parametrize("mode", ["handout", "tumult"])
def test_at_720p_what_pages_shows_whole_items(
    new_page, asgi_server, playing, password, make_user, load_dice, mode
):
    path = shared_screen(asgi_server, playing, password)
    _evening(
        asgi_server,
        playing,
        password,
        make_user,
        load_dice,
        handout_up=mode == "handout",
        tumult=mode == "tumult",
    )
    tv = looked_at(new_page, "720p", path, f"tv-side-lists-together-{mode}")
    details = tv.evaluate(SHOWN, ".wideshot .details > li")
    assert len(details) >= 2, details
    # Each list that pages says which of its whole items show: "1–2 of 3 · others in turn".
    marker = tv.locator(".wideshot .page-marker")
    if len(details) < 3:
        expect(marker).to_have_text(f"Details 1–{len(details)} of 3 · others in turn")
    _whole(tv)


@pytest.mark.parametrize("size", SIZES, ids=list(SIZES))
def test_in_a_tumult_the_pinned_line_never_pushes_the_log_out_of_sight(
    new_page, asgi_server, playing, password, make_user, load_dice, size
):
    """A Tumult against the Lieutenant alone, the Director's longest line pinned above the log:
    the room the log's panel took for it when even one detail a page left it short stayed, the
    panel grown past the column's foot (its newest line and its frame cut off), the line
    unpinned after all and the Wide Shot paging its details one at a time. The pin gives way:
    the log whole in the column, the details shown two or more at once."""
    path = shared_screen(asgi_server, playing, password)
    _evening(
        asgi_server,
        playing,
        password,
        make_user,
        load_dice,
        handout_up=False,
        tumult=True,
        thugs=False,
    )
    tv = looked_at(new_page, size, path, "tv-tumult-pinned-line")
    _whole(tv)
    log = tv.get_by_role("region", name="Table log")
    expect(log).to_be_in_viewport(ratio=1)
    foot = tv.evaluate("document.querySelector('.board-side').getBoundingClientRect().bottom")
    assert log.bounding_box()["y"] + log.bounding_box()["height"] <= foot + 1
    expect(log.get_by_text("Tumult! Round 1", exact=False)).to_be_in_viewport(ratio=1)
    details = tv.evaluate(SHOWN, ".wideshot .details > li")
    assert len(details) >= 2, details
