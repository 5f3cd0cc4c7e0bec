"""After The End, on a player's phone left on the finished table (reviewer's item 4): the
Director publishes the recap and makes the Campaign's next Adventure, and the phone shows
each at once, without a reload: "Read the recap", then a one-tap "Join … with <hero>". And
the finished Adventure's page gives the Director one clear button to make that next
Adventure (item 9)."""

import re

import pytest
from playwright.sync_api import expect

from sessions.models import Adventure, Campaign, CastMember, Recap
from sessions.recaps.drafts import draft_now
from tests.browser.conftest import log_in, screenshot
from tests.browser.http import Visitor

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1440, "height": 900}


def _finished_in_a_campaign(asgi_server, playing, password) -> tuple[Adventure, Campaign]:
    adventure = playing["adventure"]
    campaign = Campaign.objects.create(director=adventure.director, title="The Monsoon Years")
    Adventure.objects.filter(pk=adventure.pk).update(campaign=campaign)
    director = Visitor(asgi_server, adventure.director, password)
    url = f"/adventures/{adventure.pk}/table/finish/"
    assert director.post(url, {"confirm": "yes"})[0] == 200
    return Adventure.objects.get(pk=adventure.pk), campaign


def test_a_phone_on_the_finished_table_shows_the_recap_and_joins_the_next_adventure_live(
    new_page, asgi_server, playing, password
):
    adventure, _campaign = _finished_in_a_campaign(asgi_server, playing, password)
    sam = playing["sam"]
    phone = new_page(PHONE)
    log_in(phone, sam.owner.username, password)
    phone.goto(playing["url"])
    # Not "Live" on a finished table (a fresh-eyes phone): the Director's word, and the TV's.
    expect(phone.locator("[data-live-status]")).to_have_text("The End")
    # No recap published, no next Adventure yet: only the way to the Adventure's recaps.
    expect(phone.get_by_role("heading", name="After the end")).to_be_visible()
    expect(phone.get_by_role("link", name="The Adventure's recaps")).to_be_visible()
    expect(phone.get_by_role("button", name=re.compile("^Join"))).to_have_count(0)

    # The Director publishes the recap: the phone offers it, live.
    recap = Recap.objects.filter(adventure=adventure).first() or draft_now(adventure)
    director = Visitor(asgi_server, adventure.director, password)
    publish = f"/adventures/{adventure.pk}/recaps/{recap.pk}/publish/"
    assert director.post(publish, {"published": "1"})[0] == 200
    expect(phone.get_by_role("link", name=f"Read the recap: {recap.title}")).to_be_visible()

    # The Director makes the Campaign's next Adventure from the finished one's page.
    desk = new_page(DESKTOP)
    log_in(desk, adventure.director.username, password)
    desk.goto(f"/adventures/{adventure.pk}/")
    desk.get_by_role("link", name="Make the next Adventure of The Monsoon Years").click()
    desk.get_by_label("Title").fill("The Clockmaker's Daughter")
    desk.get_by_role("button", name="Save", exact=True).click()
    expect(desk.get_by_text("is the next adventure of")).to_be_visible()
    sequel = Adventure.objects.get(title="The Clockmaker's Daughter")

    # The phone, untouched, offers to join it with Sam: one tap.
    join = phone.get_by_role("button", name=f"Join “The Clockmaker's Daughter” with {sam.name}")
    expect(join).to_be_visible()
    expect(join).to_be_in_viewport()
    screenshot(phone, "phone-after-the-end-join-next")
    join.click()
    expect(
        phone.get_by_text(f"{sam.name} joins the Cast of “The Clockmaker's Daughter”")
    ).to_be_visible()
    assert CastMember.objects.filter(adventure=sequel, character=sam, active=True).exists()


def test_the_finished_adventures_page_has_a_button_to_make_the_next_adventure(
    new_page, asgi_server, playing, password
):
    adventure, campaign = _finished_in_a_campaign(asgi_server, playing, password)
    desk = new_page(DESKTOP)
    log_in(desk, adventure.director.username, password)
    desk.goto(f"/adventures/{adventure.pk}/")
    make = desk.get_by_role("link", name="Make the next Adventure of The Monsoon Years")
    expect(make).to_be_visible()
    expect(make).to_have_class("button button-primary")
    screenshot(desk, "finished-adventure-next-adventure-button")
    make.click()
    desk.wait_for_url(f"**/adventures/new/?campaign={campaign.pk}")
    expect(desk.get_by_label("Title")).to_be_visible()
