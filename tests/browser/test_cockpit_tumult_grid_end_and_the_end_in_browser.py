"""The Director's cockpit at 1366x768 after a fresh-eyes review: the Peril grid marks every bad
box at once, each box taking no more than its enemy's Danger Rating; ending a Tumult asks
first, in the page; a finished table offers no move it would refuse."""

import pytest
from playwright.sync_api import expect

from sessions.actions import legs
from sessions.models import Tumult
from sessions.rules import DangerTemplate
from tests.browser.conftest import ARTIFACTS, foes_in_sight, seated, tumult_against_them_all

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

COCKPIT = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}
FOES = (("Brass Jack", DangerTemplate.LIEUTENANT), ("Dock Thug", DangerTemplate.MINION))


@pytest.mark.parametrize("size", [COCKPIT, PHONE], ids=["1366x768", "390x844"])
def test_every_bad_box_of_the_peril_grid_is_marked_at_once(
    new_page, asgi_server, playing, password, size
):
    adventure = playing["adventure"]
    foes_in_sight(adventure, *FOES)
    tumult_against_them_all(asgi_server, playing, password)
    page = seated(new_page, size, adventure.director.username, password, playing["url"])
    panel = page.locator("#director-tumult-panel")
    jack_to_sam = panel.get_by_label("Peril from Brass Jack to Sam Okafor")
    thug_to_ada = panel.get_by_label("Peril from Dock Thug to Ada")
    # Each box takes what the rules allow: 0 to its enemy's Danger Rating.
    expect(jack_to_sam).to_have_attribute("max", "3")
    expect(thug_to_ada).to_have_attribute("max", "1")
    expect(jack_to_sam).to_have_attribute("min", "0")

    jack_to_sam.fill("20")
    thug_to_ada.fill("5")
    panel.get_by_role("button", name="Enemies' turn").click()
    jack_why = "A whole number from 0 to 3: the Danger Rating is 3."
    thug_why = "A whole number from 0 to 1: the Danger Rating is 1."
    expect(
        panel.get_by_label("Peril from Brass Jack to Sam Okafor")
    ).to_have_accessible_description(jack_why)
    expect(panel.get_by_label("Peril from Dock Thug to Ada")).to_have_accessible_description(
        thug_why
    )
    expect(panel.get_by_text(jack_why, exact=True)).to_be_visible()
    expect(panel.get_by_text(thug_why, exact=True)).to_be_visible()
    expect(panel.get_by_label("Peril from Brass Jack to Sam Okafor")).to_have_value("20")
    page.screenshot(path=str(ARTIFACTS / f"cockpit-peril-grid-refused-{size['width']}.png"))
    expect(page.get_by_role("heading", name="Tumult! Round 1 · Players' turn")).to_be_visible()

    panel.get_by_label("Peril from Brass Jack to Sam Okafor").fill("2")
    panel.get_by_label("Peril from Dock Thug to Ada").fill("1")
    panel.get_by_role("button", name="Enemies' turn").click()
    expect(page.get_by_role("heading", name="Tumult! Round 1 · Enemies' turn")).to_be_visible()
    expect(panel.get_by_text(jack_why, exact=True)).to_have_count(0)


def test_ending_the_tumult_asks_first(new_page, asgi_server, playing, password):
    adventure = playing["adventure"]
    foes_in_sight(adventure, *FOES)
    tumult_against_them_all(asgi_server, playing, password)
    page = seated(new_page, COCKPIT, adventure.director.username, password, playing["url"])
    panel = page.locator("#director-tumult-panel")

    panel.get_by_role("button", name="End the Tumult").click()
    question = page.get_by_role("dialog", name="End the Tumult?")
    expect(question).to_be_visible()
    expect(question.get_by_role("button", name="Yes, end the Tumult")).to_be_focused()
    page.screenshot(path=str(ARTIFACTS / "cockpit-end-the-tumult-asked-1366.png"))
    page.keyboard.press("Escape")
    expect(question).to_be_hidden()
    expect(page.get_by_role("heading", name="Tumult! Round 1 · Players' turn")).to_be_visible()
    assert Tumult.objects.filter(active=True).exists()

    panel.get_by_role("button", name="End the Tumult").click()
    question.get_by_role("button", name="Not yet").click()
    expect(question).to_be_hidden()

    panel.get_by_role("button", name="End the Tumult").click()
    question.get_by_role("button", name="Yes, end the Tumult").click()
    expect(panel.get_by_role("button", name="Start a Tumult")).to_be_visible()
    expect(page.locator("#log-list")).to_contain_text("the Tumult is over")


@pytest.mark.parametrize("size", [COCKPIT, PHONE], ids=["1366x768", "390x844"])
def test_a_finished_table_offers_what_is_left_not_moves(new_page, playing, password, size):
    adventure = playing["adventure"]
    legs.finish_adventure(adventure, adventure.director)
    page = seated(
        new_page, size, adventure.director.username, password, playing["url"], live="The End"
    )
    expect(page.get_by_role("button", name="Post my line to the table")).to_have_count(0)
    expect(page.get_by_label("A line for everyone's log")).to_have_count(0)
    expect(page.get_by_role("radio")).to_have_count(0)
    expect(page.get_by_role("button", name="Use these dice")).to_have_count(0)
    notes = page.get_by_role("region", name="Your notes")
    expect(notes).to_contain_text("The Adventure is finished: its log is kept as it was played.")
    expect(page.get_by_role("link", name="Read the recap", exact=False).first).to_be_visible()
    notes.get_by_role("link", name="Legs & Scenes").click()
    expect(page.get_by_role("heading", name="Legs & Scenes")).to_be_in_viewport()
    page.screenshot(path=str(ARTIFACTS / f"cockpit-finished-{size['width']}.png"), full_page=True)
