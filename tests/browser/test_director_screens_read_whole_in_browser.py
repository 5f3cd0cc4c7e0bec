"""The Director's screens after a fresh-eyes evening (issue #35), in a real browser: the reason
for Peril shows a Danger's whole name (laptop 1366 and phone 390), and the real dice typed in
at a Leg's start have a heading inside their box, not a tag on its border."""

import pytest
from playwright.sync_api import expect

from sessions.models import Danger
from tests.browser.conftest import ready_for_leg_two_with_dice_by_hand, screenshot, seated

pytestmark = [pytest.mark.browser, pytest.mark.looks, pytest.mark.django_db(transaction=True)]

LAPTOP = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}

# Each option's text as drawn in the box's own font, against the room the box gives it (its
# inner width less its padding and the arrow).
CUT_OPTIONS = """select => {
  const style = getComputedStyle(select);
  const pen = document.createElement("canvas").getContext("2d");
  pen.font = style.font;
  const padding = parseFloat(style.paddingLeft) + parseFloat(style.paddingRight);
  const room = select.clientWidth - padding - 20;
  return [...select.options].map(o => o.text).filter(text => pen.measureText(text).width > room);
}"""


def _table(new_page, playing, password, viewport):
    return seated(new_page, viewport, "alice", password, playing["url"])


@pytest.mark.parametrize("viewport", [LAPTOP, PHONE], ids=["director-1366", "phone-390"])
def test_peril_for_shows_each_reason_whole(new_page, playing, password, viewport):
    Danger.objects.update(name="Brass Thief Automaton", revealed=True)
    page = _table(new_page, playing, password, viewport)
    reason = page.get_by_label("Peril for")
    expect(reason.locator("option", has_text="Brass Thief Automaton")).to_have_count(1)
    reason.select_option(label="Brass Thief Automaton")
    screenshot(page, f"director-peril-for-whole-{viewport['width']}")
    assert reason.evaluate(CUT_OPTIONS) == []


def test_lucky_saves_by_hand_heading_sits_inside_its_box(new_page, playing, password):
    adventure = playing["adventure"]
    ready_for_leg_two_with_dice_by_hand(adventure)
    page = _table(new_page, playing, password, LAPTOP)
    dice = page.get_by_role("group", name="Lucky Saves rolled by hand? One die each")
    heading = dice.locator("legend")
    heading.scroll_into_view_if_needed()
    screenshot(page, "director-lucky-saves-by-hand-heading")
    box, words = dice.bounding_box(), heading.bounding_box()
    border = dice.evaluate("el => parseFloat(getComputedStyle(el).borderTopWidth)")
    # Drawn on the border, the legend's top is the box's; inside, it is below the border.
    assert words["y"] >= box["y"] + border, (box, words)


def test_a_danger_added_on_the_fly_empties_the_form(new_page, playing, password):
    page = _table(new_page, playing, password, LAPTOP)
    dangers = page.locator("#director-dangers-panel")
    adding = dangers.locator("#danger-add")
    adding.get_by_text("Add a Danger", exact=True).click()
    adding.get_by_label("Name").fill("Brass Thief Automaton")
    # Added at the table, it enters in sight unless kept hidden: the form says which.
    hide = adding.get_by_label("Keep it hidden until you show it")
    expect(hide).not_to_be_checked()
    expect(adding).to_contain_text("Left unticked, it enters in sight")
    adding.get_by_role("button", name="Add a Danger on the fly").click()
    expect(dangers.get_by_role("button", name="Hide Brass Thief Automaton")).to_be_visible()
    # Added, the form folds: the new Danger listed, Legs & Scenes not pushed down by it; and
    # it stays folded on a reload (a fresh-eyes evening found it open for the whole night).
    expect(adding).not_to_have_attribute("open", "")
    screenshot(page, "director-danger-added-in-sight")
    expect(page.locator("#log-list")).to_contain_text("Enter Brass Thief Automaton!")
    page.reload()
    expect(dangers.get_by_role("button", name="Hide Brass Thief Automaton")).to_be_visible()
    expect(adding).not_to_have_attribute("open", "")
    adding.get_by_text("Add a Danger", exact=True).click()
    expect(adding.get_by_label("Name")).to_have_value("")
    adding.get_by_label("Name").fill("Lurking Sniper")
    hide.check()
    adding.get_by_role("button", name="Add a Danger on the fly").click()
    expect(dangers.get_by_role("button", name="Show Lurking Sniper")).to_be_visible()
    expect(adding).not_to_have_attribute("open", "")
    adding.get_by_text("Add a Danger", exact=True).click()
    expect(hide).not_to_be_checked()  # the next one is in sight again


def test_showing_a_danger_keeps_the_tumult_question_open(new_page, playing, password):
    Danger.objects.update(name="Dockhands", revealed=False)
    page = _table(new_page, playing, password, LAPTOP)
    page.get_by_role("button", name="Start a Tumult").click()
    question = page.get_by_role("dialog")
    expect(question).to_contain_text("Dockhands (hidden)")
    page.get_by_role("button", name="Show Dockhands").click()
    expect(question.get_by_label("Dockhands", exact=True)).to_be_checked()
    expect(question).not_to_contain_text("(hidden)")
    expect(question).to_be_visible()
    screenshot(page, "director-tumult-question-after-show")
    page.keyboard.press("Escape")
    expect(question).to_be_hidden()


def test_a_finished_adventures_outline_is_for_reading(new_page, playing, password):
    from sessions.actions import legs

    adventure = playing["adventure"]
    legs.finish_adventure(adventure, adventure.director)
    page = seated(new_page, LAPTOP, "alice", password, playing["url"], "The End")
    expect(page.get_by_role("region", name="When it goes wrong")).to_have_count(0)
    page.goto(f"/adventures/{adventure.pk}/")
    finished = page.get_by_role("region", name="The Adventure is finished")
    expect(finished.get_by_role("link", name="The whole log")).to_be_visible()
    for offer in ("Copy invite link", "Add a Leg", "Add a Scene", "Add a Danger"):
        expect(page.get_by_role("button", name=offer)).to_have_count(0)
        expect(page.get_by_role("link", name=offer)).to_have_count(0)
    expect(page.get_by_text("Add a handout")).to_have_count(0)
    finished.scroll_into_view_if_needed()
    screenshot(page, "outline-finished")
