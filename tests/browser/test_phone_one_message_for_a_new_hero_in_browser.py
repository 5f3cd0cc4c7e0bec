"""A hero made on a phone for a table (a fresh-eyes evening's defect, at 390x844 and 360x780):
one short message says it joined the Cast and what the Lucky Saves die gave, not two stacked
messages taking a third of the screen."""

import re

import pytest
from django.core.cache import cache
from playwright.sync_api import expect

from sessions.models import Adventure
from tests.browser.conftest import ARTIFACTS, HAND_IDS, HAND_SIZES, log_in
from tests.browser.test_join_in_one_scan_in_browser import _make_a_hero

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize("viewport", HAND_SIZES, ids=HAND_IDS)
def test_a_hero_made_for_a_table_is_told_in_one_short_message(
    game, in_hand, make_user, password, viewport
):
    cache.clear()
    adventure = game["adventure"]
    code = Adventure.objects.get(pk=adventure.pk).join_code
    make_user("nell")
    phone = in_hand(viewport)
    log_in(phone, "nell", password)
    phone.goto(f"/join/{code}/hero/")
    _make_a_hero(phone)

    expect(phone.get_by_role("region", name="Nell Brightwater: Gamble")).to_be_visible()
    message = phone.locator(".message")
    expect(message).to_have_count(1)
    expect(message.locator("span")).to_have_text(
        re.compile(
            r"^Nell Brightwater joins the Cast of “The Clockwork Monsoon” "
            r"\(the server rolled a [1-6] for Lucky Saves\)\.$"
        )
    )
    # Compact: at most an eighth of the phone's screen, and it can be put away.
    assert message.bounding_box()["height"] <= viewport["height"] / 8
    size = f"{viewport['width']}x{viewport['height']}"
    phone.screenshot(path=ARTIFACTS / f"phone-new-hero-seated-{size}.png")
    message.get_by_role("button", name=re.compile("^Dismiss")).tap()
    expect(message).to_have_count(0)
