"""\"Previously on…\" on the phones (a fresh-eyes evening, issue 34, D5): the panel goes from
every phone when the sequence's time runs out (not only when someone skips it), and while it is
up a newer banner (a handout on show, which takes the TV from it) is in sight above it, at
390x844 and 360x780."""

import time

import pytest
from playwright.sync_api import expect

from sessions.models import Adventure, Recap
from tests.browser.conftest import HAND_IDS, HAND_SIZES, log_in, screenshot, shared_screen
from tests.browser.http import Visitor
from tests.browser.test_script_change_and_previously_on_in_browser import STORY
from tests.browser.test_tv_stage_in_browser import SIZES
from tests.images import handout

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

CAPTION = "A map of the harbour"
LEFT = 6  # seconds of the sequence still to play once it is wound on


def _wound_on(adventure: Adventure) -> None:
    """Wound on to its last seconds (the TV pages from where the sequence is now, the phones
    count down what is left), as if it had played most of its minute."""
    state = Adventure.objects.get(pk=adventure.pk).previously_on
    length = state["until"] - state["started"]
    now = time.time()
    state.update(started=now + LEFT - length, until=now + LEFT)
    Adventure.objects.filter(pk=adventure.pk).update(previously_on=state)


@pytest.mark.parametrize("viewport", HAND_SIZES, ids=HAND_IDS)
def test_previously_on_goes_from_the_phone_as_it_ends_on_the_tv_and_hides_no_banner(
    in_hand, new_page, asgi_server, playing, password, viewport
):
    adventure, url = playing["adventure"], playing["url"]
    Recap.objects.create(
        adventure=adventure, title="So far", body=STORY, published="2026-01-01T00:00:00Z"
    )
    the_map = handout(adventure, CAPTION)
    tv = new_page(SIZES["720p"])
    tv.goto(shared_screen(asgi_server, playing, password))
    phone = in_hand(viewport)
    log_in(phone, "bob", password)
    phone.goto(url)
    for page in (tv, phone):
        expect(page.locator("[data-live-status]")).to_have_text("Live")
    director = Visitor(asgi_server, adventure.director, password)
    assert director.post(url + "previously/")[0] == 200
    expect(tv.locator(".previously-tv")).to_be_visible()
    story = phone.get_by_role("region", name=adventure.title)
    expect(story).to_be_visible()

    # A handout comes while the story is up: its banner is in sight, at the top.
    assert director.post(url + "handouts/reveal/", {"handout": the_map.pk})[0] == 200
    banner = phone.get_by_role("navigation", name="Waiting on you")
    expect(banner).to_contain_text(f"Handout: {CAPTION}")
    expect(banner).to_be_in_viewport(ratio=1)
    expect(story).to_be_visible()
    # On the TV the handout, a move of the table, takes the screen from the story at once.
    expect(tv.locator(".previously-tv")).to_be_hidden()
    size = f"{viewport['width']}x{viewport['height']}"
    phone.screenshot(path=f"artifacts/phone-previously-on-and-a-handout-{size}.png")

    # Near its end (the phone drawn again from where it is now), its time runs out: the
    # phone's story goes with it, the banner stays.
    _wound_on(adventure)
    phone.reload()
    expect(phone.locator("[data-live-status]")).to_have_text("Live")
    expect(story).to_be_visible()
    expect(story).to_be_hidden(timeout=LEFT * 1000 + 5000)
    expect(banner).to_be_in_viewport()
    screenshot(phone, f"phone-previously-on-ended-{size}")
