"""The Tumult's Peril grid in the Director's cockpit with four Dangers and four heroes: a hero
a column, each column headed by the hero's name in place, whole (wrapped between words, two
lines at most, never cut with "…"); a Danger a row, its name whole with its Danger Rating.
It was a grid of numbered columns ("❶", "❷") with the names said apart in a line over it (a
fresh-eyes review at 1366x768). On a phone, never the page sideways: too narrow for a hero a
column, the grid is laid out as a block a Danger (peril-fit.js; without it, the grid scrolls in
its panel, the Dangers' column kept in sight)."""

import pytest
from playwright.sync_api import expect

from characters.models import Character
from sessions.models import CastMember
from tests.browser.conftest import (
    ARTIFACTS,
    DangerTemplate,
    foes_in_sight,
    seated,
    tumult_against_them_all,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LAPTOP = {"width": 1366, "height": 768}
FOUR = (
    ("The Clockwork Colossus of Lower Thames", DangerTemplate.VILLAIN),
    ("Brass-Jawed Dockhands of the Isle of Dogs", DangerTemplate.MINION),
    ("Lieutenant Kray", DangerTemplate.LIEUTENANT),
    ("Rats", DangerTemplate.MINION),
)
HEROES = ["Sam Okafor", "Ada", "Watcher Wells", "Marguerite Delacroix"]

# Each header: its text as read, how many lines it takes, whether anything of it is cut (wider
# than its box, or an ellipsis drawn by the page), and the words a line break splits.
HEADS = """(heads) => heads.map((th) => {
  const range = document.createRange();
  range.selectNodeContents(th);
  const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
  const split = [];
  const walker = document.createTreeWalker(th, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    for (const match of node.data.matchAll(/\\S+/g)) {
      const word = document.createRange();
      word.setStart(node, match.index);
      word.setEnd(node, match.index + match[0].length);
      if (new Set([...word.getClientRects()].map((r) => Math.round(r.top))).size > 1) {
        split.push(match[0]);
      }
    }
  }
  return {
    text: th.textContent.replace(/\\s+/g, " ").trim(),
    lines: lines.size,
    split,
    cut: th.scrollWidth > th.clientWidth + 1 || getComputedStyle(th).textOverflow === "ellipsis",
  };
})"""


def _four_heroes(playing, make_user) -> None:
    for name in HEROES[2:]:
        hero = Character.objects.create(owner=make_user(name[:5]), name=name, archetype="explorer")
        CastMember.objects.create(adventure=playing["adventure"], character=hero)


def test_each_column_is_headed_by_its_heros_name_whole(
    new_page, asgi_server, playing, password, make_user
):
    _four_heroes(playing, make_user)
    foes_in_sight(playing["adventure"], *FOUR)
    tumult_against_them_all(asgi_server, playing, password)
    laptop = seated(new_page, LAPTOP, "alice", password, playing["url"])
    panel = laptop.locator(".director-tumult")
    grid = panel.locator(".split-table")
    for hero in HEROES:
        expect(grid.get_by_role("columnheader", name=hero, exact=True)).to_be_visible()
    for name, _template in FOUR:
        expect(grid.get_by_role("rowheader", name=name)).to_be_visible()
    laptop.screenshot(path=ARTIFACTS / "director-peril-grid-four-1366-page.png")
    panel.screenshot(path=ARTIFACTS / "director-peril-grid-four-1366.png")
    # No numbers, no legend apart from the grid: the names are in place.
    expect(panel.locator(".peril-legend, .peril-tag")).to_have_count(0)
    words = panel.inner_text()
    assert "❶" not in words
    assert "…" not in words
    # The columns: the heroes in the Cast's order, each name whole, two lines at most, on one row.
    assert grid.locator("thead tr").count() == 1
    heroes = grid.locator("thead th.peril-to").evaluate_all(HEADS)
    assert [head["text"] for head in heroes] == HEROES
    assert [head for head in heroes if head["lines"] > 2 or head["cut"] or head["split"]] == []
    # The rows: each Danger whole, with its rating.
    dangers = grid.locator("tbody th").evaluate_all(HEADS)
    assert [head["text"].split(" up to")[0] for head in dangers] == [n for n, _ in FOUR]
    assert [head for head in dangers if head["cut"] or head["split"]] == []
    assert dangers[0]["text"].endswith("up to 5")
    # Within its panel at the laptop: no sideways scroll to reach the fourth hero.
    scroller = panel.locator(".split-scroll")
    assert scroller.evaluate("(box) => box.scrollWidth <= box.clientWidth + 1")
    expect(laptop.get_by_role("button", name="Enemies' turn")).to_be_in_viewport()
    # Each box still says whose Peril it is, and to whom: a Danger's row, a hero's column.
    box = grid.get_by_role(
        "spinbutton",
        name="Peril from The Clockwork Colossus of Lower Thames to Marguerite Delacroix",
    )
    expect(box).to_be_visible()
    column = grid.locator("thead th").nth(4).bounding_box()
    spot = box.bounding_box()
    assert column["x"] <= spot["x"] + spot["width"] / 2 <= column["x"] + column["width"]


@pytest.mark.parametrize("width", [360, 390])
def test_on_a_phone_the_grid_scrolls_in_its_panel(
    new_page, asgi_server, playing, password, make_user, width
):
    _four_heroes(playing, make_user)
    foes_in_sight(playing["adventure"], *FOUR)
    tumult_against_them_all(asgi_server, playing, password)
    phone = seated(new_page, {"width": width, "height": 780}, "alice", password, playing["url"])
    grid = phone.locator(".director-tumult .split-table")
    expect(grid.get_by_role("columnheader", name="Marguerite Delacroix")).to_be_attached()
    grid.scroll_into_view_if_needed()
    phone.locator(".director-tumult").screenshot(
        path=ARTIFACTS / f"director-peril-grid-four-{width}.png"
    )
    heads = grid.locator("th").evaluate_all(HEADS)
    assert [head for head in heads if head["cut"] or head["split"]] == []
    # Never the page sideways: the grid's own box scrolls, the Dangers' column stays in sight.
    assert phone.evaluate("document.documentElement.scrollWidth <= innerWidth")
    scroller = phone.locator(".director-tumult .split-scroll")
    danger = grid.get_by_role("rowheader", name="Rats")
    before = danger.bounding_box()["x"]
    scroller.evaluate("(box) => { box.scrollLeft = box.scrollWidth; }")
    expect(grid.get_by_label("Peril from Rats to Marguerite Delacroix")).to_be_in_viewport()
    assert abs(danger.bounding_box()["x"] - before) < 1
    phone.locator(".director-tumult").screenshot(
        path=ARTIFACTS / f"director-peril-grid-four-{width}-scrolled.png"
    )
