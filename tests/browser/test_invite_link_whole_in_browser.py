"""The invite link on the prep page reads whole, on a laptop (1366x768) and on a small phone
(360 px): a Director reading it out or checking it sees every character of it, wrapped if it
must be, never cut at the edge of a field; and Copy still copies all of it."""

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import ARTIFACTS, log_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SIZES = [{"width": 1366, "height": 768}, {"width": 360, "height": 780}]


@pytest.mark.parametrize("size", SIZES, ids=["1366x768", "360x780"])
def test_the_invite_link_reads_whole_on_the_prep_page(new_page, asgi_server, game, password, size):
    adventure = game["adventure"]
    invite = f"{asgi_server}/join/{adventure.invite_code}/"
    page = new_page(size)
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    log_in(page, "director", password)
    page.goto(f"/adventures/{adventure.pk}/")
    section = page.get_by_role("region", name="Invite your players")
    link = section.get_by_text(invite)
    expect(link).to_be_visible()
    link.scroll_into_view_if_needed()
    # Nothing of it hidden: the box it is drawn in is as wide as the whole link, and inside
    # the page (no sideways scrolling to read its end).
    drawn = link.evaluate(
        "el => ({scroll: el.scrollWidth, client: el.clientWidth,"
        " right: el.getBoundingClientRect().right, page: document.documentElement.clientWidth})"
    )
    assert drawn["scroll"] <= drawn["client"], drawn
    assert drawn["right"] <= drawn["page"], drawn
    ARTIFACTS.mkdir(exist_ok=True)
    section.screenshot(path=ARTIFACTS / f"invite-link-whole-{size['width']}.png")

    section.get_by_role("button", name="Copy invite link").click()
    expect(section.get_by_text("Copied! Send it to your players.")).to_be_visible()
    assert page.evaluate("navigator.clipboard.readText()") == invite
