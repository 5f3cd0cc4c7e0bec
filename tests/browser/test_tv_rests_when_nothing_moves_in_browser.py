"""A TV left on in a Tumult (five Dangers, a painted Wide Shot, a long log, a handout or not)
rests once it has laid out the board: with nothing new from the table it draws nothing, lays
nothing out again and leaves the CPU alone (a fresh-eyes evening found one core kept busy from
the Tumult on: the board's fitting answered its own changes, over and over)."""

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import shared_screen
from tests.browser.http import Visitor
from tests.browser.test_tv_reads_whole_in_browser import _gamble, looked_at
from tests.browser.test_tv_tumult_reads_whole_in_browser import _evening, _knocked_about

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# Sixty frames (a second at 60 Hz) of a TV nobody touches. Counted by the browser itself (the
# layouts it ran, the mutations made to the page), not by a clock: the only work allowed is the
# board's own turn of the page every few seconds, one look, if it falls in the window.
QUIET = """async () => {
  let changes = 0;
  const watcher = new MutationObserver((records) => (changes += records.length));
  watcher.observe(document.body, {subtree: true, childList: true, attributes: true});
  for (let frame = 0; frame < 60; frame++) await new Promise((r) => requestAnimationFrame(r));
  watcher.disconnect();
  return changes;
}"""


def _layouts(cdp) -> float:
    metrics = cdp.send("Performance.getMetrics")["metrics"]
    return next(metric["value"] for metric in metrics if metric["name"] == "LayoutCount")


@pytest.mark.parametrize("live", [False, True], ids=["after", "live"])
@pytest.mark.parametrize("handout_up", [False, True], ids=["board", "handout"])
@pytest.mark.parametrize("size", ["720p", "1080p"])
def test_a_tv_nobody_touches_lays_out_nothing(
    new_page, asgi_server, playing, password, make_user, load_dice, size, handout_up, live
):
    path = shared_screen(asgi_server, playing, password)
    shot = "tv-at-rest" + ("-handout" if handout_up else "") + ("-live" if live else "")
    if live:  # on since before the Tumult: its moments played on it
        tv = looked_at(new_page, size, path, shot)
    _evening(asgi_server, playing, password, make_user, handout_up=handout_up)
    _gamble(asgi_server, playing, password, playing["sam"], load_dice, (6, 5))
    _knocked_about()
    if live:
        expect(tv.locator(".log-list")).to_contain_text("locks in")
    else:
        tv = looked_at(new_page, size, path, shot)
    # The spotlight's moments (the Tumult, the Gamble) have played out: the board is settled.
    # Off for a second on end: not the breath between two moments (on a loaded machine the
    # stream can bring the last one after the first has gone).
    tv.evaluate(STAGE_CLEAR)
    tv.wait_for_function("() => window.stageClear >= 60", polling="raf", timeout=30_000)
    tv.wait_for_function("() => document.getAnimations().every((a) => a.playState !== 'running')")
    cdp = tv.context.new_cdp_session(tv)
    cdp.send("Performance.enable")
    # The quietest of three seconds: the board's turn of the page (every few seconds) may fall
    # in one of them, more likely on a loaded machine, where sixty frames take longer; a board
    # that answers its own changes is busy in all three.
    counted = []
    for _ in range(3):
        before = _layouts(cdp)
        changes = tv.evaluate(QUIET)
        counted.append((_layouts(cdp) - before, changes))
    layouts, changes = min(counted)
    # One turn of the page at most (a look: a few layouts and the rows it hides and shows).
    assert layouts <= 12, f"{counted}: (layouts, changes) in seconds of nothing happening"
    assert changes <= 60, f"{counted}: (layouts, changes) in seconds of nothing happening"


# Frames on end with no moment in the spotlight.
STAGE_CLEAR = """() => {
  window.stageClear = 0;
  const look = () => {
    const on = document.querySelector('.spotlight-part.is-on');
    window.stageClear = on ? 0 : window.stageClear + 1;
    if (window.stageClear < 60) requestAnimationFrame(look);
  };
  look();
}"""


# The board looked at afresh (what a resize, a redraw or the turn of the page does), counted.
LOOK = """async () => {
  window.dispatchEvent(new Event("resize"));
  await new Promise((r) => requestAnimationFrame(r));
}"""


@pytest.mark.parametrize("size", ["720p", "1080p"])
def test_a_long_evening_costs_a_look_what_the_first_hour_did(
    new_page, asgi_server, playing, password, make_user, load_dice, size
):
    """A TV on all evening has heard a hundred lines and more: it keeps the newest that it could
    ever show, and a look at the board costs what it cost with a dozen."""
    path = shared_screen(asgi_server, playing, password)
    _evening(asgi_server, playing, password, make_user, handout_up=False)
    tv = looked_at(new_page, size, path, "tv-long-evening")
    adventure = playing["adventure"]
    cdp = tv.context.new_cdp_session(tv)
    cdp.send("Performance.enable")

    def look() -> float:
        before = _layouts(cdp)
        tv.evaluate(LOOK)
        return _layouts(cdp) - before

    early = look()
    director = Visitor(asgi_server, adventure.director, password)
    for n in range(120):
        line = f"Hour {n // 40 + 1}, line {n}: the tide turns again."
        assert director.post(playing["url"] + "narrate/", {"note": line})[0] == 200
    expect(tv.locator(".log-list > li").first).to_contain_text("line 119")
    # Off for a second on end: not the breath between two moments (on a loaded machine the
    # stream can bring the last one after the first has gone).
    tv.evaluate(STAGE_CLEAR)
    tv.wait_for_function("() => window.stageClear >= 60", polling="raf", timeout=30_000)
    kept = tv.locator(".log-list > li").count()
    assert kept <= 40, f"{kept} log lines kept on the TV"
    late = look()
    assert late <= early + 10, f"a look cost {late} layouts late in the evening, {early} early"
