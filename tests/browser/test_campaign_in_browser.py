"""A campaign at a real table: the first Adventure is played for a Leg (with a Knockout),
finished, its recap drafted, edited and published, and read on a phone; both heroes join the
second Adventure in one tap each."""

import re

import pytest
from playwright.sync_api import expect

from sessions.models import Campaign, CastMember, Recap
from tests.browser.conftest import DESKTOP, PHONE, dole_out_peril, log_in, screenshot, try_and_roll

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_two_adventures_of_one_campaign_with_the_same_two_heroes(
    new_page, password, game, load_dice
):
    adventure, sam, ada = game["adventure"], game["sam"], game["ada"]
    campaign = Campaign.objects.create(
        director=adventure.director, title="The Monsoon Years", pitch="Three summers at sea."
    )
    adventure.campaign = campaign
    adventure.save(update_fields=["campaign"])
    table = f"/adventures/{adventure.pk}/table/"
    director, bob, carol = new_page(DESKTOP), new_page(PHONE), new_page(PHONE)
    for page, name in ((director, "director"), (bob, "bob"), (carol, "carol")):
        log_in(page, name, password)
        page.goto(table)
        expect(page.locator("[data-live-status]")).to_have_text("Live")

    # Leg 1: Sam gambles and pulls it off; the Director's Peril knocks Ada out.
    panel = director.get_by_role("region", name="Legs & Scenes")
    load_dice(3, 4)
    panel.get_by_role("button", name="Start Leg").click()
    panel.get_by_role("button", name="Start Scene").click()
    expect(bob.get_by_role("heading", name="Questions for the harbourmaster")).to_be_visible()
    sams_panel = bob.get_by_role("region", name="Sam: Gamble")
    load_dice(6, 2)
    try_and_roll(sams_panel)
    sams_panel.get_by_role("button", name="Lock in").click()
    dole_out_peril(director, "Ada", 6)
    expect(carol.locator("#log-list").get_by_text("Knockout")).to_be_visible()
    carol.get_by_label("Add to the Cast journal").fill("Pillai was paid in schillings.")
    carol.get_by_role("button", name="Write it down").click()
    expect(bob.get_by_text("Pillai was paid in schillings.")).to_be_visible()  # live, no reload

    panel.get_by_role("button", name="End Leg").click()
    panel.get_by_role("button", name="Yes, end the Leg").click()  # asked in the page
    expect(carol.locator("#log-list").get_by_text("Leg 1 ends")).to_be_visible()
    panel.get_by_text("The end", exact=True).click()
    panel.get_by_label("Yes, the Adventure is over").check()
    panel.get_by_role("button", name="Finish the Adventure").click()
    expect(bob.locator("#log-list").get_by_text("THE END.")).to_be_visible()

    # The Director reads the draft, makes it theirs and publishes it.
    director.goto(f"/adventures/{adventure.pk}/")
    recaps = director.get_by_role("region", name="Recaps")
    recaps.get_by_role("link", name="Leg 1: A Ticking in the Rain").click()
    body = director.get_by_label("The recap")
    drafted = body.input_value()
    assert "Knockout!" in drafted  # Ada's, told in one of the writer's ways
    assert "Ada" in drafted
    assert "SECRET" not in drafted
    body.fill(drafted + "\n\nAnd somewhere, a clock ticked on.")
    director.get_by_role("button", name="Save and publish").click()
    expect(director.get_by_text("Published: the Cast can read it now.")).to_be_visible()
    screenshot(director, "campaign-recap-director-desktop")

    # Ada's player reads it on a phone, on the campaign's page.
    carol.goto(f"/campaigns/{campaign.pk}/")
    story = carol.get_by_role("region", name="The story so far")
    expect(story).to_contain_text("And somewhere, a clock ticked on.")
    expect(story).to_contain_text("Knockout")
    screenshot(carol, "campaign-page-phone")
    story.get_by_role("link", name="Print or export this recap").click()
    expect(carol.get_by_role("heading", name="Leg 1: A Ticking in the Rain")).to_be_visible()
    expect(carol.get_by_role("button", name="Print")).to_be_visible()
    expect(carol.get_by_role("link", name="Export as Markdown")).to_be_visible()
    expect(carol.get_by_label("The recap")).to_have_count(0)  # the Cast reads, never edits
    screenshot(carol, "campaign-recap-phone")
    assert not _overflows(carol)
    printed = carol.pdf(format="A4")  # one clean page: no menu, no buttons, the credit
    assert len(re.findall(rb"/Type\s*/Page(?!s)", printed)) == 1

    # The next Adventure: the Director makes it from the campaign's page.
    director.goto(f"/campaigns/{campaign.pk}/")
    director.get_by_role("link", name="Make the next Adventure of The Monsoon Years").click()
    director.get_by_label("Title").fill("The Clockmaker's Daughter")
    director.get_by_role("button", name="Save", exact=True).click()
    expect(director.get_by_text("its heroes can join with one tap")).to_be_visible()
    sequel = campaign.adventures.get(title="The Clockmaker's Daughter")

    # Each player joins with one tap from their home page.
    for page, hero in ((bob, sam), (carol, ada)):
        page.goto("/home/")
        page.get_by_role("button", name=f"Join with {hero.name}").click()
        expect(page.get_by_role("heading", name="The Clockmaker's Daughter")).to_be_visible()
    screenshot(carol, "campaign-joined-phone")
    assert set(
        CastMember.objects.filter(adventure=sequel, active=True).values_list("character", flat=True)
    ) == {sam.pk, ada.pk}
    assert Recap.objects.get().is_published

    # Ada's sheet keeps the Knockout, with when and where.
    carol.goto(f"/characters/{ada.pk}/")
    career = carol.get_by_role("region", name="Career")
    expect(career).to_contain_text("Knockout in Leg 1: A Ticking in the Rain")
    expect(career).to_contain_text("The Clockmaker's Daughter")
    screenshot(carol, "campaign-career-phone")
    assert not _overflows(carol)


def _overflows(page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth > window.innerWidth")
