"""A hero with a long name (Sam “Sledge” Okafor-Vandermeer) on the Director's cockpit at
1366×768: "Not yet locked in", the Undo's "Last move:" and the Tumult's Peril table's
headings show the whole name, wrapped if need be, never cut short with "…" nor running out
of their box."""

import pytest
from playwright.sync_api import expect

from characters.models import Character
from tests.browser.conftest import gamble_panel, seated, try_and_roll, tumult_against_them_all

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LONG = "Sam “Sledge” Okafor-Vandermeer"

# Each box's text whole: no "…", and nothing wider than the box it sits in.
CUT = """(elements) => elements
  .filter((el) => el.textContent.includes("…") || el.scrollWidth > el.clientWidth + 1
    || el.getBoundingClientRect().right > document.documentElement.clientWidth)
  .map((el) => el.textContent.trim())"""


def test_a_long_hero_name_is_never_cut_on_the_cockpit(
    new_page, asgi_server, playing, password, load_dice
):
    Character.objects.filter(pk=playing["sam"].pk).update(name=LONG)
    tumult_against_them_all(asgi_server, playing, password)
    laptop = seated(new_page, {"width": 1366, "height": 768}, "alice", password, playing["url"])
    phone = seated(new_page, None, "bob", password, playing["url"])
    panel = gamble_panel(phone, LONG)
    load_dice(2)
    try_and_roll(panel)

    waiting = laptop.get_by_role("region", name="Not yet locked in")
    expect(waiting.locator("li")).to_contain_text(f"{LONG} (2)")
    expect(waiting.get_by_role("button", name=f"Lock in for {LONG}")).to_be_visible()
    last = laptop.locator(".undo-next")
    expect(last).to_contain_text(LONG)
    heads = laptop.locator(".split-table thead th")
    expect(heads.filter(has_text=LONG)).to_have_count(1)

    boxes = ".director-gambles li, .director-gambles h2, .undo-next, .split-table th"
    assert laptop.locator(boxes).evaluate_all(CUT) == []
