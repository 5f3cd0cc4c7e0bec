"""End Leg asks in the page, like End Scene (no browser pop-up), and stands apart from the
Scene's buttons so a Director in a hurry doesn't hit the wrong one."""

import pytest
from playwright.sync_api import expect

from sessions.models import Gamble
from tests.browser.conftest import gamble_panel, log_in, log_of, screenshot, seated, try_and_roll
from tests.browser.http import Visitor
from tests.gambles import TRIES, gamble_form

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

DIRECTOR = {"width": 1366, "height": 768}
PHONE_IN_HAND = {"width": 390, "height": 844}
# The room between "Lock them in and end the Scene" and "End Leg" under it, once both are there.
GAP = """() => {
  const buttons = Array.from(document.querySelectorAll('#director-pacing-panel button'));
  const named = (words) => buttons.find((button) => button.textContent.trim() === words);
  const lock = named('Lock them in and end the Scene');
  const end = named('End Leg');
  if (!lock || !end) return null;
  return {gap: end.getBoundingClientRect().top - lock.getBoundingClientRect().bottom};
}"""


def test_end_leg_asks_in_the_page_and_stands_apart(
    new_page, asgi_server, playing, password, load_dice
):
    sam, url = playing["sam"], playing["url"]
    bob = Visitor(asgi_server, sam.owner, password)
    load_dice(6)
    assert bob.post(url + f"roll/{sam.pk}/", gamble_form("leg-end-sam-0001"))[0] == 200
    assert Gamble.objects.filter(locked=False).exists()  # a Gamble still open

    page = new_page(DIRECTOR)
    page.on("dialog", lambda dialog: pytest.fail(f"a browser pop-up: {dialog.message}"))
    log_in(page, "alice", password)
    page.goto(url)
    pacing = page.locator("#director-pacing-panel")
    pacing.get_by_role("button", name="End Scene").click()
    lock = pacing.get_by_role("button", name="Lock them in and end the Scene")
    expect(lock).to_be_visible()
    end_leg = pacing.get_by_role("button", name="End Leg")
    # Measured in one look (the panel may be redrawn live between two: the Scene's ending
    # calls the player, and the Director hears of it).
    gap = page.wait_for_function(GAP).json_value()["gap"]
    assert gap >= 10, gap

    end_leg.click()
    question = page.get_by_role("dialog")
    expect(question).to_contain_text("Peril resets to 0 for everyone")
    screenshot(page, "director-end-leg-asks")
    question.get_by_role("button", name="Not yet").click()
    expect(question).to_be_hidden()
    expect(page.locator("#log-list")).not_to_contain_text("Leg 1 ends")

    end_leg.click()
    page.get_by_role("button", name="Yes, end the Leg").click()
    expect(page.locator("#log-list").get_by_text("Leg 1 ends")).to_be_visible()


def test_the_end_leg_question_stays_open_while_the_table_moves(
    new_page, asgi_server, playing, password, load_dice
):
    """A fresh-eyes evening (issue 35, D8): the Director asked "End the Leg?", went to a phone
    to roll, came back, and the question had gone. It stays open through a player's roll,
    a redraw of its own part and a click elsewhere on the cockpit; Escape or Not yet closes it."""
    sam, url = playing["sam"], playing["url"]
    director = seated(new_page, DIRECTOR, "alice", password, url)
    bob = seated(new_page, PHONE_IN_HAND, "bob", password, url)
    pacing = director.locator("#director-pacing-panel")
    pacing.get_by_role("button", name="End Leg").click()
    question = director.get_by_role("dialog")
    expect(question).to_contain_text("Peril resets to 0 for everyone")

    load_dice(6)
    try_and_roll(gamble_panel(bob, "Sam Okafor"))
    expect(log_of(director)).to_contain_text(TRIES)
    # Back at the laptop: a click on the cockpit to bring its window forward.
    director.get_by_role("heading", name="The Cast").click()
    expect(question).to_be_visible()
    # A move that redraws the question's own part (the X-card pauses the table).
    assert Visitor(asgi_server, sam.owner, password).post(url + "x-card/", {})[0] == 200
    expect(pacing.get_by_role("button", name="End Leg")).to_be_disabled()
    expect(question).to_be_visible()
    screenshot(director, "director-end-leg-asks-through-a-redraw")
    director.keyboard.press("Escape")
    expect(question).to_be_hidden()
    expect(log_of(director)).not_to_contain_text("Leg 1 ends")
