"""The Director's pause bar is easy to find (a fresh-eyes review): paused by the X-card or by
the Director, the cockpit at a laptop shows the bar with its Resume at the top of the first
screen, and pinned there as the Director jumps to the tools; it covers no control."""

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import seated, tool_group
from tests.browser.http import Visitor

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LAPTOP = {"width": 1366, "height": 768}

# Every control drawn in the view whose middle lies under the bar (the bar's own aside).
UNDER_THE_BAR = """(bar) => {
  const box = bar.getBoundingClientRect();
  const out = [];
  for (const el of document.querySelectorAll('a[href], button, input, select, textarea, summary')) {
    if (bar.contains(el) || !el.checkVisibility()) continue;
    const r = el.getBoundingClientRect();
    if (!r.width || !r.height || r.bottom <= 0 || r.top >= innerHeight) continue;
    const x = r.left + r.width / 2, y = r.top + r.height / 2;
    if (y < box.top || y > box.bottom || x < box.left || x > box.right) continue;
    const top = document.elementFromPoint(x, y);
    const words = (el.textContent || el.name || el.tagName).trim().slice(0, 40);
    if (top && bar.contains(top)) out.push(words);
  }
  return out;
}"""


def _paused(asgi_server, playing, password, by: str) -> None:
    if by == "x-card":
        player = Visitor(asgi_server, playing["sam"].owner, password)
        player.get(playing["url"])
        assert player.post(playing["url"] + "x-card/")[0] == 200
    else:
        director = Visitor(asgi_server, playing["adventure"].director, password)
        director.get(playing["url"])
        assert director.post(playing["url"] + "pause/")[0] == 200


@pytest.mark.parametrize("by", ["x-card", "director"])
def test_the_pause_bar_and_its_resume_come_first_in_the_cockpit(
    new_page, asgi_server, playing, password, by
):
    _paused(asgi_server, playing, password, by)
    laptop = seated(new_page, LAPTOP, "alice", password, playing["url"])
    bar = laptop.get_by_role("alert").filter(has_text="Paused.")
    resume = bar.get_by_role("button", name="Resume the game")
    # The first screen: the bar at its top, its Resume whole in it, over nothing.
    expect(resume).to_be_in_viewport(ratio=1)
    assert bar.bounding_box()["y"] < 130
    assert bar.evaluate(UNDER_THE_BAR) == []
    laptop.screenshot(path=f"artifacts/pause-bar-cockpit-{by}-first-screen.png")
    # Jumped to the tools: the bar pinned at the top, the tools' heading and buttons clear of it.
    laptop.get_by_role("link", name="Safety & Screen").click()
    safety = tool_group(laptop, "Safety & Screen")
    expect(resume).to_be_in_viewport(ratio=1)
    laptop.wait_for_timeout(500)
    covered = bar.evaluate(UNDER_THE_BAR)
    tools = safety.evaluate("(el) => el.getBoundingClientRect().top")
    assert tools >= bar.bounding_box()["y"] + bar.bounding_box()["height"], covered
    laptop.screenshot(path=f"artifacts/pause-bar-cockpit-{by}-tools.png")
