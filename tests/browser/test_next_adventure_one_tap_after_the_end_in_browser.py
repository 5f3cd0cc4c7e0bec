"""After the end, the Campaign's next Adventure is one tap away wherever the Director lands
(fresh-eyes review: only the finished Adventure's page offered it): in the cockpit as the
curtain falls, and on the Campaign's page. Once made, each goes on to it instead of making
another."""

import pytest
from playwright.sync_api import expect

from sessions.models import Adventure, Campaign
from tests.browser.conftest import ARTIFACTS, log_in, screenshot, seated, tool_group

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LAPTOP = {"width": 1366, "height": 768}
MAKE = "Make the next Adventure of The Monsoon Years: its heroes are asked to join with one tap"


def test_the_next_adventure_is_a_tap_from_the_cockpit_and_the_campaign_page(
    new_page, playing, password
):
    adventure = playing["adventure"]
    campaign = Campaign.objects.create(director=adventure.director, title="The Monsoon Years")
    Adventure.objects.filter(pk=adventure.pk).update(campaign=campaign)
    cockpit = seated(new_page, LAPTOP, "alice", password, playing["url"])

    pacing = tool_group(cockpit, "Pacing")
    pacing.get_by_label("Yes, the Adventure is over").check()
    pacing.get_by_role("button", name="Finish the Adventure").click()
    make = pacing.get_by_role("link", name=MAKE)
    expect(make).to_be_visible()
    expect(make).to_be_in_viewport()
    cockpit.screenshot(path=ARTIFACTS / "cockpit-after-the-end-next-adventure-1366.png")

    # The campaign's page, where a Director goes after the end, offers it in the same words.
    page = new_page(LAPTOP)
    log_in(page, "alice", password)
    page.goto(campaign.get_absolute_url())
    offer = page.get_by_role("link", name=MAKE)
    expect(offer).to_be_in_viewport()
    expect(page.get_by_role("link", name="Next adventure", exact=True)).to_have_count(
        0
    )  # said once
    screenshot(page, "campaign-after-the-end-next-adventure-1366")
    offer.click()
    page.get_by_label("Title").fill("The Clockmaker's Daughter")
    page.get_by_role("button", name="Save", exact=True).click()
    expect(page.get_by_text("is the next adventure of")).to_be_visible()

    # Made: the finished table goes on to it at once, rather than offer to make another.
    go_on = cockpit.locator("#director-pacing-panel").get_by_role(
        "link", name="Go on to “The Clockmaker's Daughter”, the next Adventure of The Monsoon Years"
    )
    expect(go_on).to_be_visible()
    expect(cockpit.get_by_role("link", name=MAKE)).to_have_count(0)
    cockpit.screenshot(path=ARTIFACTS / "cockpit-after-the-end-go-on-1366.png")
    go_on.click()
    expect(cockpit.get_by_role("heading", name="The Clockmaker's Daughter")).to_be_visible()
