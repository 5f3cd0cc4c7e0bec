"""The Director's line pinned above the TV's log takes its room from the log, never from the
Wide Shot (a fresh-eyes review): at 1080p the board showed all three details until the
Director told the table something, then "Details 3 of 3 · others in turn", one detail paged
out to make room for the pinned line. Now the log shows fewer of its older lines instead (and the
Wide Shot's opening, prose the room has heard, may give way): every side list that showed whole,
the Wide Shot's questions and its ask show as they did without the pin, at 1080p and 720p; with
no room but theirs, the line is not pinned."""

import pytest
from playwright.sync_api import expect

from sessions.actions import narration
from sessions.models import Adventure, TableEvent
from tests.browser.conftest import shared_screen
from tests.browser.test_tv_reads_whole_in_browser import (
    NOT_WHOLE,
    PLAY,
    SHOWN,
    looked_at,
)
from tests.browser.test_tv_side_lists_show_whole_items_together_in_browser import _evening

pytestmark = [pytest.mark.browser, pytest.mark.looks, pytest.mark.django_db(transaction=True)]

# Lines the Director tells the table: four lines on a 1080p TV, and five.
TOLD = (
    "The harbour bell rings twice, every lamp on the quay gutters out at once, and on the barge"
    " a figure in oilskins lifts a lantern to the tower."
)
TOLD_LONGER = TOLD[:-1] + "; a second lantern answers from the lighthouse."
# What carries play beside the log: never given up for the pin.
LISTS = (
    ".danger-list > li",
    ".wideshot .questions > li",
    ".wideshot-ask",
    ".wideshot .details > li",
    ".safety-list > li",
)


@pytest.mark.parametrize(
    ("size", "told", "pins"),
    [("1080p", TOLD, True), ("1080p", TOLD_LONGER, False), ("720p", TOLD_LONGER, False)],
    ids=["1080p-pinned", "1080p-no-room", "720p-no-room"],
)
def test_the_pinned_line_never_pages_a_side_list(
    new_page, asgi_server, playing, password, make_user, load_dice, size, told, pins
):
    path = shared_screen(asgi_server, playing, password)
    # The evening as the fixture tells it, its own (long) line told before the Gamble: too long
    # to pin beside the Gamble's line, so the board shows as it would with nothing pinned.
    _evening(asgi_server, playing, password, make_user, load_dice, handout_up=False, tumult=False)
    tv = looked_at(new_page, size, path, f"tv-pinned-line-before-{len(told)}")
    expect(tv.locator(".log-list > li.is-pinned")).to_have_count(0)
    before = {selector: tv.evaluate(SHOWN, selector) for selector in LISTS}
    # The Director tells the table a short line; the table plays on (a line after it).
    adventure = Adventure.objects.get()
    narration.narrate(adventure, told, adventure.director)
    TableEvent.objects.create(adventure=adventure, kind="note", summary="Ada counts the lamps.")
    tv.close()
    tv = looked_at(new_page, size, path, f"tv-pinned-line-after-{len(told)}")
    pinned = tv.locator(".log-list > li.is-pinned")
    if pins:
        # Room in the log (the Wide Shot's opening, prose heard already, gives way): the line
        # pinned above the newest, both whole.
        expect(pinned).to_contain_text(told)
        expect(pinned).to_be_in_viewport(ratio=1)
    else:
        # No room beside the newest line but a detail's or the ask's: the pin gives way.
        expect(pinned).to_have_count(0)
    newest = tv.locator(".log-list").get_by_text("Ada counts the lamps.")
    expect(newest).to_be_in_viewport(ratio=1)
    for selector in LISTS:
        assert tv.evaluate(SHOWN, selector) == before[selector], selector
    assert tv.evaluate(NOT_WHOLE, PLAY) == []
