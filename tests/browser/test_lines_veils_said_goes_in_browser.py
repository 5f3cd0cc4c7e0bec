"""What the Lines & Veils' form says back ("✓ Veil added: …") is news for a while, not for the
evening (a fresh-eyes phone, item 3: it still showed after both Legs had ended): it stays
through the live redraw everyone gets, then goes, and a later redraw doesn't bring it back.
On a phone held in the hand, at 390x844 and 360x740."""

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import ARTIFACTS, log_in
from tests.browser.http import Visitor

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONES = [{"width": 390, "height": 844}, {"width": 360, "height": 740}]
PHONE_IDS = ["390x844", "360x740"]
SAID = "✓ Veil added: Drowning described in detail"


@pytest.mark.parametrize("viewport", PHONES, ids=PHONE_IDS)
def test_a_veil_added_is_said_then_goes(in_hand, asgi_server, playing, password, viewport):
    page = in_hand(viewport)
    page.clock.install()  # the page's own clock, moved on below
    log_in(page, "bob", password)
    page.goto(playing["url"])
    expect(page.locator("[data-live-status]")).to_have_text("Live")
    section = page.locator("#lines-veils-panel")
    section.get_by_text("Add a Line or a Veil").tap()
    section.get_by_label("Veil", exact=True).check()
    section.get_by_label("What").fill("Drowning described in detail")
    section.get_by_role("button", name="Add to Lines & Veils").tap()
    said = section.get_by_text(SAID)
    expect(said).to_be_visible()
    # The live redraw everyone gets has come, and it is still said.
    expect(page.locator("#log-list")).to_contain_text("A Veil was added to the Lines & Veils.")
    expect(said).to_be_visible()
    page.screenshot(
        path=ARTIFACTS / f"phone-veil-said-{viewport['width']}x{viewport['height']}.png"
    )

    # Half a minute on: gone.
    page.clock.fast_forward("00:31")
    expect(said).to_have_count(0)
    expect(section.locator(".safety-list")).to_contain_text("Drowning described in detail")
    # Carol adds a Line: the part is drawn again, and what Bob was told stays gone.
    carol = Visitor(asgi_server, playing["ada"].owner, password)
    carol.get(playing["url"])
    line = {"kind": "line", "text": "No spiders, ever", "part": "lines-veils"}
    assert carol.post(f"/adventures/{playing['adventure'].pk}/safety/", line)[0] == 200
    expect(section.locator(".safety-list")).to_contain_text("No spiders, ever")
    expect(section.locator("[data-said]")).to_have_count(0)
