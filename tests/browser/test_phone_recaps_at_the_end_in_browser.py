"""At The End, a phone left open on the table shows the way to every published recap at
once (fresh-eyes review: Leg 1's recap was published, yet the phone showed no recap link
until a reload or until the Director published Leg 2's), and each recap as it is published."""

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from sessions.models import Adventure, Recap
from tests.browser.conftest import HAND_IDS, HAND_SIZES, log_in, screenshot
from tests.browser.http import Visitor

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize("viewport", HAND_SIZES, ids=HAND_IDS)
def test_the_phone_shows_every_published_recap_live_at_the_end(
    in_hand, asgi_server, playing, password, viewport
):
    adventure = playing["adventure"]
    leg = adventure.legs.get()
    Recap.objects.create(
        adventure=adventure,
        leg=leg,
        title="Leg 1: The Stolen Cormorant",
        body="Previously… the Cormorant was stolen.",
        published=timezone.now(),
        last_event=1,
    )
    phone = in_hand(viewport)
    log_in(phone, playing["sam"].owner.username, password)
    phone.goto(playing["url"])
    expect(phone.locator("[data-live-status]")).to_have_text("Live")

    director = Visitor(asgi_server, adventure.director, password)
    finish = f"/adventures/{adventure.pk}/table/finish/"
    assert director.post(finish, {"confirm": "yes"})[0] == 200
    expect(phone.locator("[data-live-status]")).to_have_text("The End")
    leg_one = phone.get_by_role(
        "link", name="Read the recap: Leg 1: The Stolen Cormorant", exact=True
    )
    expect(leg_one).to_be_visible()

    # The Director publishes the last Leg's recap, drafted as the curtain fell: both stay.
    last = Recap.objects.filter(adventure=adventure, published__isnull=True).get()
    publish = f"/adventures/{adventure.pk}/recaps/{last.pk}/publish/"
    assert director.post(publish, {"published": "1"})[0] == 200
    expect(
        phone.get_by_role("link", name=f"Read the recap: {last.title}", exact=True)
    ).to_be_visible()
    expect(leg_one).to_be_visible()
    assert Adventure.objects.get(pk=adventure.pk).is_finished
    screenshot(phone, f"phone-recaps-at-the-end-{viewport['width']}")
