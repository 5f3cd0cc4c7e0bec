"""End Leg asks in the page, like End Scene (no browser pop-up), and stands apart from the
Scene's buttons so a Director in a hurry doesn't hit the wrong one."""

import pytest
from playwright.sync_api import expect

from sessions.models import Gamble
from tests.browser.conftest import log_in, screenshot
from tests.browser.http import Visitor
from tests.gambles import gamble_form

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

DIRECTOR = {"width": 1366, "height": 768}


def test_end_leg_asks_in_the_page_and_stands_apart(
    new_page, asgi_server, playing, password, load_dice
):
    sam, url = playing["sam"], playing["url"]
    bob = Visitor(asgi_server, sam.owner, password)
    load_dice(6)
    assert bob.post(url + f"roll/{sam.pk}/", gamble_form("leg-end-sam-0001"))[0] == 200
    assert Gamble.objects.filter(locked=False).exists()  # a Gamble still open

    page = new_page(DIRECTOR)
    page.on("dialog", lambda dialog: pytest.fail(f"a browser pop-up: {dialog.message}"))
    log_in(page, "alice", password)
    page.goto(url)
    pacing = page.locator("#director-pacing-panel")
    pacing.get_by_role("button", name="End Scene").click()
    lock = pacing.get_by_role("button", name="Lock them in and end the Scene")
    expect(lock).to_be_visible()
    end_leg = pacing.get_by_role("button", name="End Leg")
    gap = end_leg.bounding_box()["y"] - (lock.bounding_box()["y"] + lock.bounding_box()["height"])
    assert gap >= 10, gap

    end_leg.click()
    question = page.get_by_role("dialog")
    expect(question).to_contain_text("Peril resets to 0 for everyone")
    screenshot(page, "director-end-leg-asks")
    question.get_by_role("button", name="Not yet").click()
    expect(question).to_be_hidden()
    expect(page.locator("#log-list")).not_to_contain_text("Leg 1 ends")

    end_leg.click()
    page.get_by_role("button", name="Yes, end the Leg").click()
    expect(page.locator("#log-list").get_by_text("Leg 1 ends")).to_be_visible()
