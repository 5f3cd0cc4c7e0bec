"""The End after a fresh-eyes review. The TV had an empty "Latest Gamble: This Adventure is
finished" where the whole story had been played: it has a closing card like the end of a
Leg's (the Adventure's title, "The End", its Gambles, the Blammo! sound effects heard, its
Knockouts, who took part), whole at 1280×720 and 1920×1080. The phone at The End had no way
to the recap: it has one at its top, and the Director's a tap to the last Leg's recap."""

import re

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from sessions.models import Adventure, Recap
from tests.browser.conftest import drawn, log_in, shared_screen
from tests.browser.http import Visitor
from tests.browser.test_tv_between_legs_in_browser import _a_leg_with_a_blammo
from tests.browser.test_tv_stage_in_browser import CLIPPED, SIZES

pytestmark = [pytest.mark.browser, pytest.mark.looks, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}


def _finish(asgi_server, playing, password) -> None:
    director = Visitor(asgi_server, playing["adventure"].director, password)
    assert director.post(playing["url"] + "finish/", {"confirm": "yes"})[0] == 200


@pytest.mark.parametrize("size", ["720p", "1080p"])
def test_the_tv_at_the_end_tells_how_the_whole_adventure_went(
    new_page, asgi_server, playing, password, load_dice, size
):
    path = shared_screen(asgi_server, playing, password)
    _a_leg_with_a_blammo(asgi_server, playing, password, load_dice)
    tv = new_page(SIZES[size])
    tv.goto(path)
    expect(tv.locator("[data-live-status]")).to_have_text("Live")
    tv.locator(".spotlight-part").evaluate("holder => holder.dataset.shownFor = 1")
    _finish(asgi_server, playing, password)

    card = tv.get_by_role("region", name="The End")
    expect(card).to_contain_text(playing["adventure"].title)
    expect(card).to_contain_text("1 Leg and 1 Scene played.")
    expect(card).to_contain_text("1 Gamble: 1 success, 0 blunders.")
    expect(card).to_contain_text("1 Blammo! sound effect · 0 Knockouts")
    expect(card).to_contain_text("Heard: KRAK!")
    expect(card).to_contain_text(f"Starring {playing['sam'].name} and {playing['ada'].name}.")
    # In the place of the empty Latest Gamble, not beside it.
    expect(tv.get_by_role("region", name="Latest Gamble")).to_be_hidden()
    expect(tv.locator(".spotlight-part")).not_to_have_class(re.compile(r"\bis-on\b"))
    drawn(tv)
    tv.screenshot(path=f"artifacts/tv-the-end-card-{size}.png")
    expect(card).to_be_in_viewport(ratio=1)
    assert tv.evaluate(CLIPPED) == []
    cast = tv.get_by_role("region", name="The Cast").bounding_box()
    assert card.bounding_box()["y"] >= cast["y"] + cast["height"]

    # A TV switched on after The End reads the same card.
    tv.reload()
    expect(tv.get_by_role("region", name="The End")).to_contain_text("Heard: KRAK!")


def test_the_phone_at_the_end_has_the_way_to_the_recap(
    new_page, asgi_server, playing, password, load_dice
):
    _a_leg_with_a_blammo(asgi_server, playing, password, load_dice)
    _finish(asgi_server, playing, password)
    phone = new_page(PHONE)
    log_in(phone, playing["sam"].owner.username, password)
    phone.goto(playing["url"])
    # No recap published yet: the way to the Adventure's recaps, at the top of the phone.
    recaps = phone.get_by_role("link", name="The Adventure's recaps")
    expect(recaps).to_be_in_viewport(ratio=1)
    phone.screenshot(path="artifacts/phone-the-end-recaps-390x844.png")
    recaps.click()
    expect(phone.get_by_role("heading", name="Recaps")).to_be_visible()

    # Published: the recap itself, a tap away.
    recap = Recap.objects.get(adventure=playing["adventure"])
    Recap.objects.filter(pk=recap.pk).update(published=timezone.now())
    phone.goto(playing["url"])
    read = phone.get_by_role("link", name=f"Read the recap: {recap.title}")
    expect(read).to_be_in_viewport(ratio=1)
    phone.screenshot(path="artifacts/phone-the-end-recap-published-390x844.png")
    read.click()
    expect(phone.get_by_role("heading", name=recap.title)).to_be_visible()


def test_the_director_at_the_end_has_the_last_recap_a_tap_away(
    new_page, asgi_server, playing, password, load_dice
):
    _a_leg_with_a_blammo(asgi_server, playing, password, load_dice)
    _finish(asgi_server, playing, password)
    recap = Recap.objects.get(adventure=playing["adventure"])
    page = new_page(PHONE)
    log_in(page, Adventure.objects.get().director.username, password)
    page.goto(playing["url"])
    read = page.get_by_role("link", name=f"Read the recap: {recap.title}")
    expect(read).to_be_visible()
    read.click()
    expect(page.get_by_role("heading", name=recap.title)).to_be_visible()
