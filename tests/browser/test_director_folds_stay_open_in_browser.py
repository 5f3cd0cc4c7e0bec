"""A fold the Director opened stays open (fresh-eyes review: the tool folds closed after each
submit, as the live redraw replaced them): through its own move's redraw and the live ones
after it, its form drawn afresh inside it."""

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import seated, tool_group
from tests.browser.http import Visitor

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LAPTOP = {"width": 1366, "height": 768}


def _live_redraw(asgi_server, playing, password, page) -> None:
    """Someone presses the X-card and the Director resumes: live redraws of every part."""
    player = Visitor(asgi_server, playing["sam"].owner, password)
    player.get(playing["url"])
    assert player.post(playing["url"] + "x-card/")[0] == 200
    expect(page.get_by_role("button", name="Resume the game")).to_be_visible()
    director = Visitor(asgi_server, playing["adventure"].director, password)
    director.get(playing["url"])
    assert director.post(playing["url"] + "resume/")[0] == 200
    expect(page.get_by_role("button", name="Resume the game")).to_have_count(0)


def test_changing_a_danger_keeps_its_fold_open(new_page, asgi_server, playing, password):
    danger = playing["adventure"].legs.get().key_locations.get().dangers.first()
    page = seated(new_page, LAPTOP, "alice", password, playing["url"])
    change = page.locator(f"#danger-edit-{danger.pk}")
    change.locator(":scope > summary").click()
    change.get_by_label("Danger Rating").fill("4")
    change.get_by_role("button", name=f"Save {danger.name}").click()
    expect(page.locator("#director-dangers-panel")).to_contain_text("Danger Rating 4")
    expect(change).to_have_attribute("open", "")
    expect(change.get_by_label("Danger Rating")).to_have_value("4")  # drawn afresh
    _live_redraw(asgi_server, playing, password, page)
    expect(change).to_have_attribute("open", "")
    change.locator(":scope > summary").click()  # closed by the Director, it stays closed
    _live_redraw(asgi_server, playing, password, page)
    expect(change).not_to_have_attribute("open", "")


def test_editing_the_wide_shot_keeps_its_fold_open(new_page, asgi_server, playing, password):
    page = seated(new_page, LAPTOP, "alice", password, playing["url"])
    edit = page.locator("#wideshot-edit")
    edit.get_by_text("Edit the Wide Shot (Director)").click()
    edit.get_by_label("Opening description").fill("Rain hammers the tin roof of the office.")
    edit.get_by_role("button", name="Update the Wide Shot").click()
    expect(page.get_by_text("Rain hammers the tin roof of the office.").first).to_be_visible()
    expect(edit).to_have_attribute("open", "")
    _live_redraw(asgi_server, playing, password, page)
    expect(edit).to_have_attribute("open", "")
    page.reload()  # the same tab: still open
    expect(page.locator("[data-live-status]")).to_have_text("Live")
    expect(edit).to_have_attribute("open", "")


def test_a_tool_group_stays_open_after_its_move(new_page, asgi_server, playing, password):
    page = seated(new_page, LAPTOP, "alice", password, playing["url"])
    tools = tool_group(page, "Group & Investigate")
    tools.get_by_label("At what?").fill("The ledger's torn pages")
    tools.get_by_role("button", name="Ask to investigate").click()
    expect(tools.get_by_text("Waiting for: Sam Okafor (The ledger's torn pages)")).to_be_visible()
    expect(tools).to_have_attribute("open", "")
    expect(tools.get_by_label("At what?")).to_have_value("")
    _live_redraw(asgi_server, playing, password, page)
    expect(tools).to_have_attribute("open", "")
