"""A Group Gamble on the players' phones (issue 35 item 3): each member's Gamble panel says what
the Cast tries, starts their action box with it (theirs to reword as their part), and lists
each member's part and where it stands, live, at phone size."""

import re

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import (
    HAND_IDS,
    HAND_SIZES,
    gamble_panel,
    log_in,
    screenshot,
    try_and_roll,
)
from tests.browser.http import Visitor

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize("viewport", HAND_SIZES, ids=HAND_IDS)
def test_each_phone_shows_the_groups_action_and_each_part(
    in_hand, asgi_server, playing, password, viewport
):
    adventure = playing["adventure"]
    bob, carol = in_hand(viewport), in_hand(viewport)
    log_in(bob, "bob", password)
    log_in(carol, "carol", password)
    for page in (bob, carol):
        page.goto(playing["url"])
        expect(page.locator("[data-live-status]")).to_have_text("Live")
    director = Visitor(asgi_server, adventure.director, password)
    director.get(playing["url"])
    assert director.post(playing["url"] + "group/", {"text": "outrun the flood"})[0] == 200

    sam, ada = gamble_panel(bob, "Sam Okafor"), gamble_panel(carol, "Ada")
    for panel in (sam, ada):
        expect(panel).to_contain_text("Group Gamble: the Cast tries to outrun the flood.")
        expect(panel.locator(".group-members li")).to_have_text(
            ["Sam Okafor (to roll)", "Ada (to roll)"]
        )
        # The action box starts with the group's action, live.
        expect(panel.get_by_label("What are you attempting?")).to_have_value("outrun the flood")
    intent = sam.get_by_label("What are you attempting?")
    intent.fill("carry Ada's satchel through the flood")
    try_and_roll(sam, tap=True)
    sam.get_by_role("button", name="Lock in").tap()

    # Carol's phone hears Sam's part, live.
    expect(ada.locator(".group-members li").first).to_have_text(
        re.compile(
            r"Sam Okafor tries to carry Ada's satchel through the flood \((Success!|Blunder)\)"
        )
    )
    expect(ada.locator(".group-members li").last).to_have_text("Ada (to roll)")
    ada.scroll_into_view_if_needed()
    screenshot(carol, f"phone-group-parts-{viewport['width']}x{viewport['height']}")
