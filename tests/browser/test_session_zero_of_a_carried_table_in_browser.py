"""Session zero of a Campaign's next Adventure, on a phone, the Director's laptop and the TV:
the Lines & Veils the table carried over are told as settled ("Carried from …"), not asked
again; every other topic is asked, and the TV still holds every word."""

import pytest
from playwright.sync_api import expect

from sessions.campaigns import carry_lines_veils
from sessions.models import Adventure, Campaign, Leg, SafetyNote, Scene
from tests.browser.conftest import seated
from tests.browser.http import Visitor
from tests.browser.test_tv_stage_in_browser import CLIPPED, SIZES

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

CARRIED = "Carried from The Drowned Lighthouse: Line Torture · Veil Spiders and insects"


@pytest.fixture
def carried_table(adventure, cast_member):
    """Alice's Adventure, before its first Scene, is the next one of her Campaign: the last one
    agreed a Line and a Veil."""
    Leg.objects.filter(adventure=adventure).update(status=Leg.Status.PLANNED)
    Scene.objects.update(status=Scene.Status.PLANNED)
    campaign = Campaign.objects.create(director=adventure.director, title="The Monsoon Years")
    last = Adventure.objects.create(
        director=adventure.director, title="The Drowned Lighthouse", campaign=campaign
    )
    SafetyNote.objects.create(adventure=last, kind="line", text="Torture")
    SafetyNote.objects.create(adventure=last, kind="veil", text="Spiders and insects")
    Adventure.objects.filter(pk=last.pk).update(created=adventure.created.replace(year=2000))
    adventure.campaign = campaign
    adventure.save(update_fields=["campaign"])
    carry_lines_veils(adventure)
    return {"adventure": adventure, "url": f"/adventures/{adventure.pk}/table/"}


def test_the_carried_lines_veils_are_told_not_asked(new_page, asgi_server, carried_table, password):
    url = carried_table["url"]
    tv = new_page(SIZES["720p"])
    adventure = carried_table["adventure"]
    visitor = Visitor(asgi_server, adventure.director, password)
    assert visitor.post(url + "screen/", {"enabled": "1"})[0] == 200
    adventure.refresh_from_db()
    tv.goto(f"/screen/{adventure.screen_token}/")
    expect(tv.locator("[data-live-status]")).to_have_text("Live")
    director = seated(new_page, {"width": 1366, "height": 768}, "alice", password, url)
    bob = seated(new_page, {"width": 390, "height": 844}, "bob", password, url)
    director.get_by_role("button", name="Open session zero").click()

    for page in (bob, director, tv):
        expect(page.get_by_role("note", name="Settled already")).to_contain_text(CARRIED)
    expect(bob.get_by_role("group", name="Body horror")).to_be_visible()
    expect(bob.get_by_role("group", name="Torture")).to_have_count(0)
    expect(bob.get_by_role("group", name="Spiders and insects")).to_have_count(0)
    assert tv.evaluate(CLIPPED) == []
    tv.screenshot(path="artifacts/tv-session-zero-carried-1280.png", animations="disabled")
    bob.screenshot(path="artifacts/phone-session-zero-carried-390.png", animations="disabled")
