"""The Director's screens at the laptop (1366x768), a fourth look by fresh eyes: the shared
screen's link reads whole and copies, to send to the TV's browser; "Add a Danger" opened in one
Scene is folded again in the next; the Safety & Screen buttons keep clear of the headings and
stay on one row; a prep Danger's "Edit Delete" stays together; the Campaign page's two buttons
speak in one size."""

import pytest
from playwright.sync_api import expect

from sessions.models import Adventure, Campaign, Danger
from tests.browser.conftest import log_in, screenshot, seated, tool_group

pytestmark = [pytest.mark.browser, pytest.mark.looks, pytest.mark.django_db(transaction=True)]

LAPTOP = {"width": 1366, "height": 768}


def _with_screen_link(adventure) -> str:
    Adventure.objects.filter(pk=adventure.pk).update(screen_token="tv-link-for-the-evening")
    return "/screen/tv-link-for-the-evening/"


def test_the_screen_link_shows_its_address_and_copies(new_page, playing, password):
    path = _with_screen_link(playing["adventure"])
    page = seated(new_page, LAPTOP, "alice", password, playing["url"])
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    safety = tool_group(page, "Safety & Screen")
    address = safety.get_by_label("Screen link")
    origin = page.evaluate("location.origin")
    expect(address).to_have_value(origin + path)
    safety.get_by_role("button", name="Copy screen link").click()
    expect(safety.get_by_text("Copied! Open it in the TV's browser.")).to_be_visible()
    assert page.evaluate("navigator.clipboard.readText()") == origin + path
    safety.scroll_into_view_if_needed()
    screenshot(page, "director-screen-link-copied-1366")


# How many lines an element's visible words take (words only for screen readers left out).
LINES = """element => {
  const tops = new Set();
  const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const text = walker.currentNode;
    if (!text.textContent.trim() || text.parentElement.closest(".visually-hidden")) continue;
    const words = document.createRange();
    words.selectNodeContents(text);
    for (const rect of words.getClientRects()) tops.add(Math.round(rect.top));
  }
  return tops.size;
}"""


def _box(locator) -> dict:
    return locator.bounding_box()


def test_safety_and_screen_buttons_keep_clear_and_on_one_row(new_page, playing, password):
    _with_screen_link(playing["adventure"])
    page = seated(new_page, LAPTOP, "alice", password, playing["url"])
    safety = tool_group(page, "Safety & Screen")
    safety.scroll_into_view_if_needed()
    screenshot(page, "director-safety-and-screen-1366")
    off = safety.get_by_role("button", name="Switch off the screen link")
    heading = safety.get_by_role("heading", name="Join code")
    # A clear gap under the button, before the next heading.
    assert _box(heading)["y"] - (_box(off)["y"] + _box(off)["height"]) >= 16
    row = [
        safety.get_by_role("button", name=name)
        for name in ("Show on the TV (the join code)", "New code", "Switch off (the join code)")
    ]
    tops = {round(_box(button)["y"]) for button in row}
    assert len(tops) == 1, tops  # one row
    for button in row:  # each button's words on one line
        assert button.evaluate(LINES) == 1, button


def test_add_a_danger_opened_in_one_scene_is_folded_in_the_next(new_page, playing, password):
    page = seated(new_page, LAPTOP, "alice", password, playing["url"])
    adding = page.locator("#danger-add")
    adding.get_by_text("Add a Danger", exact=True).click()
    adding.get_by_label("Name").fill("Brass Widow")
    expect(adding).to_have_attribute("open", "")
    page.reload()  # the same Scene: it stays open where the Director left it
    expect(page.locator("[data-live-status]")).to_have_text("Live")
    expect(page.locator("#danger-add")).to_have_attribute("open", "")
    pacing = page.get_by_role("region", name="Legs & Scenes")
    pacing.get_by_role("button", name="End Scene").click()
    expect(page.locator("#danger-add")).to_have_count(0)
    pacing.get_by_role("button", name="Start Scene").click()
    expect(pacing.get_by_role("button", name="End Scene")).to_be_visible()
    expect(page.locator("#director-dangers-panel")).to_contain_text("No Dangers here yet.")
    expect(page.locator("#danger-add")).not_to_have_attribute("open", "")
    page.reload()
    expect(page.locator("[data-live-status]")).to_have_text("Live")
    expect(page.locator("#danger-add")).not_to_have_attribute("open", "")
    screenshot(page, "director-next-scene-danger-add-folded-1366")


def test_a_prep_dangers_edit_and_delete_stay_together(new_page, playing, password):
    Danger.objects.update(name="The Brass Widow", notes="Spins her web from the clock tower.")
    page = new_page(LAPTOP)
    log_in(page, "alice", password)
    page.goto(playing["adventure"].get_absolute_url())
    danger = page.locator("li[id^=danger-]").filter(has_text="The Brass Widow")
    danger.scroll_into_view_if_needed()
    edit = danger.get_by_role("link", name="Edit The Brass Widow")
    expect(edit).to_be_visible()
    expect(danger.get_by_role("link", name="Delete The Brass Widow")).to_be_visible()
    # Word by word, the notes grow until the row wraps at every place it can: "Delete" never
    # goes to the next line without "Edit".
    apart = danger.evaluate(
        """(row) => {
          const notes = row.querySelector(".danger-notes");
          const [edit, remove] = row.querySelectorAll("a");
          const apart = [];
          for (let n = 0; n < 40; n++) {
            notes.textContent += " web";
            const a = edit.getBoundingClientRect(), b = remove.getBoundingClientRect();
            if (Math.abs(a.top - b.top) > 4) apart.push(n);
          }
          return apart;
        }"""
    )
    assert apart == []
    page.reload()
    danger.scroll_into_view_if_needed()
    screenshot(page, "prep-danger-edit-delete-1366")


def test_the_campaign_pages_buttons_speak_in_one_size(new_page, playing, password):
    adventure = playing["adventure"]
    campaign = Campaign.objects.create(director=adventure.director, title="The Monsoon Years")
    Adventure.objects.filter(pk=adventure.pk).update(campaign=campaign)
    page = new_page(LAPTOP)
    log_in(page, "alice", password)
    page.goto(f"/campaigns/{campaign.pk}/")
    size = "b => getComputedStyle(b).fontSize"
    following = page.get_by_role("link", name="Next adventure")
    edit = page.get_by_role("link", name="Edit campaign")
    screenshot(page, "campaign-buttons-1366")
    assert following.evaluate(size) == edit.evaluate(size)


def test_the_latest_gamble_tells_the_groups_verdict_in_the_cockpit_and_on_the_tv(
    new_page, playing, password
):
    from sessions.actions import groups
    from tests.integration.test_recap_true_words import _gamble

    adventure, sam, ada = playing["adventure"], playing["sam"], playing["ada"]
    groups.call_group_gamble(adventure, "Swing across the clock", adventure.director)
    _gamble(adventure, sam, [6], "group-0001", "Swing across the clock")
    _gamble(adventure, ada, [2], "group-0002", "Swing on the clock pendulums")
    page = seated(new_page, LAPTOP, "alice", password, playing["url"])
    latest = page.locator("#latest-panel")
    expect(latest).to_contain_text("Blunder!")
    verdict = latest.locator(".latest-group")
    expect(verdict).to_have_text(
        "Group Gamble (Swing across the clock): 1 of 2 came good: it fails!"
    )
    expect(verdict).to_be_in_viewport()
    screenshot(page, "director-latest-group-verdict-1366")
    tv = new_page({"width": 1920, "height": 1080})
    tv.goto(_with_screen_link(adventure))
    expect(tv.locator("#latest-panel .latest-group")).to_contain_text("it fails!")
    expect(tv.locator("#latest-panel .latest-group")).to_be_in_viewport()
    screenshot(tv, "tv-latest-group-verdict-1920")
