"""The TV's log shows the newest lines that fit whole (issue 34, a fresh-eyes defect): with the
join code up in the side column of a Tumult against three Dangers, the log showed one line while
the story column stood half empty under the Latest Gamble. A whole side panel now crosses there
when the log then shows more of its lines; the Dangers all show, unpaged; nothing is cut."""

import pytest
from playwright.sync_api import expect

from sessions.models import Adventure, TableEvent
from sessions.rules import DangerTemplate
from tests.browser.conftest import foes_in_sight, shared_screen
from tests.browser.http import Visitor
from tests.browser.test_tv_reads_whole_in_browser import (
    NOT_WHOLE,
    PLAY,
    SHOWN,
    SIZES,
    _gamble,
    _settled,
)

pytestmark = [pytest.mark.browser, pytest.mark.looks, pytest.mark.django_db(transaction=True)]

DANGERS = (
    ("Dock thugs", DangerTemplate.MINION),
    ("Lieutenant Greta", DangerTemplate.LIEUTENANT),
    ("The Baron's automaton", DangerTemplate.MINION),
)
# Fewest whole log lines the board has room for, at each size, in this evening.
# (1080p: three, the Wide Shot's opening whole above them, the log's room filled.)
AT_LEAST = {"720p": 3, "1080p": 3, "4k": 4}


@pytest.mark.parametrize("size", SIZES, ids=list(SIZES))
def test_a_tumult_with_the_join_code_up_shows_the_log_lines_that_fit_and_every_danger(
    new_page, asgi_server, playing, password, load_dice, size
):
    path = shared_screen(asgi_server, playing, password)
    adventure = playing["adventure"]
    Adventure.objects.update(seats=6)  # two heroes of six: the join code stays up
    TableEvent.objects.bulk_create(
        TableEvent(
            adventure=adventure, kind="note", summary=f"Line {n}: the Director sets the scene"
        )
        for n in range(8)
    )
    foes_in_sight(adventure, *DANGERS)
    director = Visitor(asgi_server, adventure.director, password)
    assert director.post(playing["url"] + "tumult/start/")[0] == 200
    _gamble(asgi_server, playing, password, playing["sam"], load_dice, (6, 5))
    tv = new_page(SIZES[size])
    _settled(tv, path)
    tv.screenshot(path=f"artifacts/tv-log-lines-that-fit-tumult-{size}.png")

    expect(tv.get_by_role("heading", name="Join the table")).to_be_in_viewport(ratio=1)
    log = tv.evaluate(SHOWN, ".log-list > li")
    assert "Sam Okafor locks in: Success!" in log[0]
    assert len(log) >= AT_LEAST[size], log
    for row in tv.locator(".log-list > li:visible").all():
        expect(row).to_be_in_viewport(ratio=1)
    # The newest first, none skipped.
    every = tv.evaluate(
        "() => Array.from(document.querySelectorAll('.log-list > li')).map(li => li.hidden)"
    )
    assert every == [False] * len(log) + [True] * (len(every) - len(log))
    # Every Danger, whole, none paged.
    shown = tv.evaluate(SHOWN, ".danger-list > li")
    # (The one out of the picture after those still in the fight, on a line of its own.)
    assert [row.split(" ")[0] for row in shown] == ["Lieutenant", "The", "Out"]
    expect(tv.locator(".page-marker:visible")).to_have_count(0)
    expect(tv.get_by_role("region", name="Latest Gamble")).to_be_in_viewport(ratio=1)
    expect(tv.get_by_role("region", name="The Cast")).to_be_in_viewport(ratio=1)
    assert len(tv.evaluate(SHOWN, ".cast-card")) == 2  # both heroes, each whole
    assert tv.evaluate("document.documentElement.scrollHeight") <= tv.viewport_size["height"]
    not_whole = tv.evaluate(NOT_WHOLE, PLAY)
    assert not_whole == [], "\n".join(not_whole)
