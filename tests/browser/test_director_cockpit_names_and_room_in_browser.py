"""The Director's cockpit at 1366x768, a fresh-eyes review: a blunder's consequence prompts
are called out in sight when they come (the cue was a link cut by the screen's foot); the
ways to post a line each say what they send, and an empty line says so; the Tumult's Peril
grid gives names room, never broken mid-word ("Mei- / Ling / Hart")."""

import pytest
from playwright.sync_api import expect

from characters.models import Character
from sessions.models import CastMember
from tests.browser.conftest import (
    DangerTemplate,
    foes_in_sight,
    sam_locks_in,
    screenshot,
    seated,
    tumult_against_them_all,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LAPTOP = {"width": 1366, "height": 768}

# The words of each element that a line break splits: a word whose Range has two rects.
SPLIT_WORDS = """(elements) => elements.flatMap((el) => {
  const split = [];
  const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    for (const match of node.data.matchAll(/\\S+/g)) {
      const range = document.createRange();
      range.setStart(node, match.index);
      range.setEnd(node, match.index + match[0].length);
      const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
      if (lines.size > 1) split.push(match[0]);
    }
  }
  return split;
})"""


def test_a_blunders_prompts_are_called_out_in_sight(new_page, playing, password, load_dice):
    # A table of six: the Cast's column runs long (under it, the cue was cut by the window's foot).
    owner = Character.objects.get(name="Ada").owner
    for name in ("Mei-Ling Hart", "Professor Augustina Vandermeer", "Kit Marlowe", "Dr Ng"):
        hero = Character.objects.create(owner=owner, name=name, archetype="investigator")
        CastMember.objects.create(adventure=playing["adventure"], character=hero)
    laptop = seated(new_page, LAPTOP, "alice", password, playing["url"])
    phone = seated(new_page, None, "bob", password, playing["url"])
    sam_locks_in(phone, load_dice, 2)

    expect(
        laptop.get_by_role("region", name="Latest Gamble").locator(".verdict-word")
    ).to_have_text("Blunder!")
    cue = laptop.get_by_role("link", name="3 ideas for what happens next")
    # Whole, in the window, without a scroll (it was cut by the screen's foot).
    expect(cue).to_be_in_viewport(ratio=1)
    screenshot(laptop, "director-blunder-cue-in-sight-1366")
    cue.click()
    prompts = laptop.get_by_role("region", name="When it goes wrong")
    expect(prompts.locator(".prompt-move").first).to_be_in_viewport()


def test_each_way_to_post_a_line_says_what_it_sends(new_page, playing, password, load_dice):
    laptop = seated(new_page, LAPTOP, "alice", password, playing["url"])
    notes = laptop.get_by_role("region", name="Your notes")
    # An empty line: said by the field, in the notes.
    notes.get_by_role("button", name="Post my line to the table").click()
    expect(notes.get_by_role("alert")).to_have_text(
        "Write the line to post first: nothing was posted."
    )
    expect(notes.get_by_label("A line for everyone's log")).to_be_focused()
    screenshot(laptop, "director-notes-empty-line-1366")

    phone = seated(new_page, None, "bob", password, playing["url"])
    sam_locks_in(phone, load_dice, 2)
    prompts = laptop.get_by_role("region", name="When it goes wrong")
    prompts.get_by_role("button", name="Use this").first.click()
    expect(prompts.get_by_role("button", name="Send this line to every screen")).to_be_visible()
    expect(laptop.get_by_role("button", name="Tell the table")).to_have_count(0)


def test_the_peril_grid_breaks_no_name_mid_word(new_page, asgi_server, playing, password):
    Character.objects.filter(pk=playing["sam"].pk).update(name="Mei-Ling Hartington-Okafor")
    Character.objects.filter(name="Ada").update(name="Professor Augustina Vandermeer")
    foes_in_sight(
        playing["adventure"],
        ("The Clockwork Cardinal of the Sunken Cathedral", DangerTemplate.VILLAIN),
        ("Brass-Jawed Dockhands", DangerTemplate.MINION),
        ("Lieutenant Kray", DangerTemplate.LIEUTENANT),
    )
    tumult_against_them_all(asgi_server, playing, password)
    laptop = seated(new_page, LAPTOP, "alice", password, playing["url"])
    grid = laptop.locator(".director-tumult .split-table")
    # A hero a column, headed by the name in place; a Danger a row.
    expect(grid.get_by_role("columnheader", name="Mei-Ling Hartington-Okafor")).to_be_visible()
    expect(grid.get_by_role("rowheader", name="Brass-Jawed Dockhands")).to_be_visible()
    heads = grid.locator("th")
    assert heads.evaluate_all(SPLIT_WORDS) == []
    # Not wider than its panel.
    scroller = laptop.locator(".director-tumult .split-scroll")
    assert scroller.evaluate("(box) => box.scrollWidth <= box.clientWidth + 1")
    laptop.locator(".director-tumult").screenshot(path="artifacts/director-peril-grid-1366.png")
