"""The Director's table and prep after a fresh-eyes review (cockpit 1366×768): the dice page is
found beside the log and on the Adventure's page, "Dice at the table" reads as a setting's
label, an Investigation is told in the Latest Gamble panel and its note leaves the
investigator's phone at the table's next Gamble, and a Scene's place is picked among its
Leg's Key Locations."""

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tests.browser.conftest import (
    gamble_panel,
    screenshot,
    seated,
    tool_group,
    try_and_roll,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LAPTOP = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}
A_LABEL = """el => {
  const style = getComputedStyle(el);
  return [style.backgroundColor, style.borderTopWidth, style.fontWeight];
}"""


def test_the_dice_page_is_beside_the_log_and_on_the_adventures_page(new_page, playing, password):
    page = seated(new_page, LAPTOP, "alice", password, playing["url"])
    log = page.get_by_role("region", name="Table log")
    dice = log.get_by_role("link", name="The dice at this table")
    expect(dice).to_be_visible()  # no fold to open first
    screenshot(page, "cockpit-dice-beside-the-log")
    dice.click()
    expect(page.get_by_role("heading", level=1)).to_have_text(
        f"The dice at {playing['adventure'].title}"
    )
    page.goto(reverse("adventure", args=[playing["adventure"].pk]))
    page.get_by_role("link", name="The dice at this table").click()
    expect(page.get_by_role("heading", level=1)).to_contain_text("The dice at")


def test_an_open_wide_shot_comes_before_the_crib_and_goes_under_it_locked(
    new_page, playing, password
):
    page = seated(new_page, LAPTOP, "alice", password, playing["url"])
    wide_shot = page.get_by_role("heading", name="Wide Shot")
    crib = page.get_by_role("heading", name="Your crib")
    lock = page.get_by_role("button", name="Lock the Wide Shot")
    # Open: right under the Scene, the Lock on the first screen.
    assert wide_shot.bounding_box()["y"] < crib.bounding_box()["y"]
    expect(lock).to_be_in_viewport()
    screenshot(page, "cockpit-open-wide-shot-above-the-crib")
    lock.click()
    expect(page.get_by_role("button", name="Unlock…")).to_be_attached()
    assert wide_shot.bounding_box()["y"] > crib.bounding_box()["y"]


def test_dice_at_the_table_reads_as_a_label_not_a_tag(new_page, playing, password):
    page = seated(new_page, LAPTOP, "alice", password, playing["url"])
    group = tool_group(page, "Safety & Screen")
    legend = group.get_by_role("group", name="Dice at the table").locator("legend")
    legend.scroll_into_view_if_needed()
    screenshot(page, "cockpit-dice-at-the-table-label")
    background, border, weight = legend.evaluate(A_LABEL)
    assert background == "rgba(0, 0, 0, 0)", background  # not the yellow of a tag
    assert border == "0px"
    assert weight == "700"  # as a field's label


def _gamble(page, hero: str) -> None:
    mine = gamble_panel(page, hero)
    try_and_roll(mine)
    mine.get_by_role("button", name="Lock in").click()
    expect(mine.get_by_role("button", name="Lock in")).to_have_count(0)


def test_an_investigation_is_told_under_the_latest_gamble_and_its_note_goes_at_the_next(
    new_page, playing, password, load_dice
):
    director = seated(new_page, LAPTOP, "alice", password, playing["url"])
    sam = seated(new_page, PHONE, "bob", password, playing["url"])
    ada = seated(new_page, PHONE, "carol", password, playing["url"])
    load_dice(6)
    _gamble(ada, "Ada")
    latest = director.get_by_role("region", name="Latest Gamble")
    expect(latest).to_contain_text("Success!")
    tools = tool_group(director, "Group & Investigate")
    tools.get_by_label("Who takes a closer look?").select_option(label="Sam Okafor")
    tools.get_by_label("At what?").fill("the torn ledger")
    tools.get_by_role("button", name="Ask to investigate").click()
    load_dice(5)
    gamble_panel(sam, "Sam Okafor").get_by_role("button", name="Investigate (roll 1d6)").click()

    # Live: the Investigation under the Gamble before it, as a Group Gamble's tally is told.
    expect(latest).to_contain_text(
        "Then an Investigation: Sam Okafor takes a closer look at the torn ledger: rolls 5, "
        "and learns the big picture."
    )
    expect(latest).to_contain_text("Success!")
    screenshot(director, "cockpit-latest-investigation")
    note = gamble_panel(sam, "Sam Okafor").get_by_role("status").filter(has_text="You investigated")
    expect(note).to_be_visible()

    # Ada's next Gamble locked in: the table moved on. The panel tells that Gamble alone, and
    # Sam's phone, drawn again (the enemies strike him), no longer shows the old Investigation.
    load_dice(6)
    _gamble(ada, "Ada")
    expect(latest).not_to_contain_text("Then an Investigation")
    director.get_by_role("button", name="+1 Peril to Sam Okafor").click()
    expect(gamble_panel(sam, "Sam Okafor")).to_contain_text("Peril 1/6")
    expect(note).to_have_count(0)


def test_a_scenes_place_is_picked_among_its_legs_key_locations(new_page, playing, password):
    adventure = playing["adventure"]
    leg = adventure.legs.first()
    page = seated(new_page, LAPTOP, "alice", password, playing["url"])
    page.goto(reverse("scene_add", args=[adventure.pk, leg.pk]))
    place = page.get_by_label("Key Location of this Leg")
    expect(place).to_be_visible()
    expect(place).to_have_accessible_description(
        "Each Leg has its own Key Locations. A place the Cast comes back to in another Leg: "
        "add it to that Leg's Key Locations too."
    )
    screenshot(page, "prep-scene-key-location-of-this-leg")
