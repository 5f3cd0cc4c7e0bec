"""\"Previously on…\" at the Campaign's next Adventure, on the TV (1080p, 720p, 4K) and a phone
(390x844, 360x780): each published recap a card of its own under its own (edited) title, every
page of it whole on the TV's screen; on the phone, each recap's title over its own text, and
the Live badge clear of the card (it lay over the card's corner beside Skip)."""

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from sessions.models import Adventure, Campaign, Leg, Recap, Scene
from tests.browser.conftest import drawn, log_in
from tests.browser.http import Visitor
from tests.browser.test_tv_previously_and_campaign_flow_in_browser import _screen_on
from tests.integration.test_previously_on_one_card_a_recap import (
    LEG_ONE,
    LEG_ONE_TITLE,
    LEG_TWO,
    LEG_TWO_TITLE,
    SERPENT,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

TVS = {
    "1080p": {"width": 1920, "height": 1080},
    "720p": {"width": 1280, "height": 720},
    "4k": {"width": 3840, "height": 2160},
}
PHONES = {"390": {"width": 390, "height": 844}, "360": {"width": 360, "height": 780}}

# Every page of the sequence shown in turn (the others hidden), measured against the screen.
EVERY_PAGE_FITS = """() => {
  const pages = [...document.querySelectorAll('.previously-tv .previously-page')];
  const was = pages.map((page) => page.hidden);
  const out = [];
  for (const shown of pages) {
    pages.forEach((page) => (page.hidden = page !== shown));
    const box = shown.getBoundingClientRect();
    if (box.top < 0 || box.bottom > innerHeight || box.left < 0 || box.right > innerWidth)
      out.push(shown.innerText.slice(0, 80));
  }
  pages.forEach((page, n) => (page.hidden = was[n]));
  return out;
}"""


def _the_next_adventure(adventure: Adventure) -> None:
    campaign = Campaign.objects.create(director=adventure.director, title="The Brass Years")
    earlier = Adventure.objects.create(
        director=adventure.director, title=SERPENT, status=Adventure.Status.FINISHED
    )
    Adventure.objects.filter(pk=earlier.pk).update(created=timezone.now().replace(year=2020))
    Adventure.objects.filter(pk__in=[adventure.pk, earlier.pk]).update(campaign=campaign)
    for n, (title, body) in enumerate(((LEG_ONE_TITLE, LEG_ONE), (LEG_TWO_TITLE, LEG_TWO)), 1):
        leg = Leg.objects.create(adventure=earlier, position=n, title=title.split(": ")[1])
        Recap.objects.create(
            adventure=earlier,
            leg=leg,
            title=title,
            body=body,
            published=timezone.now(),
            last_event=n * 10,
        )
    Scene.objects.update(status=Scene.Status.DONE)


@pytest.mark.parametrize(
    ("tv_size", "phone_size"), [("1080p", "390"), ("720p", "360"), ("4k", "390")]
)
def test_previously_on_tells_each_recap_on_a_card_of_its_own(
    new_page, asgi_server, playing, password, tv_size, phone_size
):
    adventure = playing["adventure"]
    _the_next_adventure(adventure)
    tv = new_page(TVS[tv_size])
    tv.goto(_screen_on(asgi_server, adventure, password))
    expect(tv.locator("[data-live-status]")).to_have_text("Live")
    phone = new_page(PHONES[phone_size])
    log_in(phone, playing["sam"].owner.username, password)
    phone.goto(playing["url"])
    expect(phone.locator("[data-live-status]")).to_have_text("Live")

    director = Visitor(asgi_server, adventure.director, password)
    assert director.post(playing["url"] + "previously/")[0] == 200

    # The TV: Leg 1's first page under the Director's own title, its text its own.
    page = tv.locator(".previously-page:not([hidden])")
    expect(page.get_by_role("heading", name=LEG_ONE_TITLE)).to_be_visible(timeout=12_000)
    expect(page.locator(".previously-text")).to_contain_text("Previously, in")
    expect(page.locator(".previously-text")).not_to_contain_text("The story so far")
    drawn(tv)
    tv.screenshot(path=f"artifacts/tv-previously-card-a-recap-{tv_size}.png")
    assert tv.evaluate(EVERY_PAGE_FITS) == []

    # The phone: each recap's title over its own text, in order, the Live badge clear of it.
    story = phone.get_by_role("region", name=SERPENT)
    expect(story).to_be_visible()
    one = story.get_by_role("article", name=LEG_ONE_TITLE)
    two = story.get_by_role("article", name=LEG_TWO_TITLE)
    expect(one).to_contain_text("Sam Okafor punched a dockhand clean off the gantry.")
    expect(one).not_to_contain_text("The story so far")
    expect(two).to_contain_text("The story so far, in")
    expect(two).not_to_contain_text("Stolen Cormorant")
    badge = phone.locator("[data-live-status]").bounding_box()
    card = phone.locator(".previously-phone").bounding_box()
    assert badge["y"] + badge["height"] <= card["y"], (badge, card)
    phone.screenshot(
        path=f"artifacts/phone-previously-card-a-recap-{phone_size}.png", full_page=True
    )
