"""The table log's box never shows a line cut in half at its edge (issue 34, the room's screens,
item 1): on a phone and on the Director's page, the box ends at the foot of the last row that
fits whole, the newest row shows whole, and it stays so as rows arrive live."""

import pytest
from playwright.sync_api import expect

from sessions.models import TableEvent
from tests.browser.conftest import ARTIFACTS, DESKTOP, PHONE, log_in
from tests.browser.http import Visitor

pytestmark = [pytest.mark.browser, pytest.mark.looks, pytest.mark.django_db(transaction=True)]

# Each row of the box: whole inside it, or wholly below its foot (scrolled to); none across.
ROWS_ACROSS_THE_FOOT = """(list) => {
  const box = list.getBoundingClientRect();
  const across = [];
  for (const row of list.children) {
    const r = row.getBoundingClientRect();
    if (r.top < box.bottom - 1 && r.bottom > box.bottom + 1) across.push(row.textContent.trim());
  }
  const first = list.firstElementChild.getBoundingClientRect();
  return {across, newestWhole: first.top >= box.top - 0.5 && first.bottom <= box.bottom + 0.5,
          scrolls: list.scrollHeight > list.clientHeight + 1};
}"""


def _lines_whole(page) -> None:
    log = page.locator("#log-list")
    expect(log).to_be_visible()
    page.wait_for_function(
        f"() => {{ const r = ({ROWS_ACROSS_THE_FOOT})(document.getElementById('log-list'));"
        " return r.across.length === 0 && r.newestWhole; }"
    )
    seen = log.evaluate(ROWS_ACROSS_THE_FOOT)
    assert seen["scrolls"], "the log must be long enough to scroll for this to mean anything"


def test_the_log_shows_whole_lines_on_a_phone_and_on_the_directors_page(
    new_page, asgi_server, playing, password
):
    adventure = playing["adventure"]
    for n in range(26):
        words = "the harbour bell rings " * (1 + n % 4)
        TableEvent.objects.create(adventure=adventure, kind="note", summary=f"Line {n}: {words}")
    phone, director = new_page(PHONE), new_page(DESKTOP)
    log_in(phone, "bob", password)
    log_in(director, "alice", password)
    for page in (phone, director):
        page.goto(playing["url"])
        expect(page.locator("[data-live-status]")).to_have_text("Live")
        _lines_whole(page)

    # A new row arrives live, longer than most: still no half line, the newest whole.
    bob = Visitor(asgi_server, playing["sam"].owner, password)
    bob.get(playing["url"])
    assert bob.post(playing["url"] + "x-card/")[0] == 200
    for page in (phone, director):
        expect(page.locator("#log-list > li").first).to_contain_text("The X-card was pressed")
        _lines_whole(page)
    phone.locator("#log-list").screenshot(path=ARTIFACTS / "log-whole-lines-phone.png")
    director.locator("#log-list").screenshot(path=ARTIFACTS / "log-whole-lines-director.png")
