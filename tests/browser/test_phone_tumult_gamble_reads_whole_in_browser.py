"""A hero's Gamble in a Tumult on a phone 360 wide (fresh-eyes game night): the enemy it is aimed
at reads whole in "Aimed at an enemy?", wrapped rather than cut; and the bar's "Gamble" brings
up Roll! with the Gamble's heading in sight below the calls' banner (the Tumult's turn, the Wide
Shot's call), never under it."""

import pytest
from playwright.sync_api import expect

from characters.models import Knack
from sessions.rules import DangerTemplate
from tests.browser.conftest import (
    ARTIFACTS,
    foes_in_sight,
    gamble_panel,
    seated,
    tumult_against_them_all,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SMALL = {"width": 360, "height": 780}
LONG_FOE = "Lieutenant Augustus Kray of the Brass Lantern Society"
KNACKS = ("Talking my way past a doorman", "Climbing anything with a handhold", "Knowing the docks")


@pytest.fixture
def tumult_phone(in_hand, asgi_server, playing, password):
    """Bob's phone at 360x780, Sam's turn in a Tumult against two foes (one with a long name),
    the Scene's Wide Shot still waiting on him."""
    adventure, sam = playing["adventure"], playing["sam"]
    for position, text in enumerate(KNACKS):
        Knack.objects.create(character=sam, text=text, position=position)
    foes_in_sight(
        adventure, (LONG_FOE, DangerTemplate.LIEUTENANT), ("Museum guards", DangerTemplate.MINION)
    )
    phone = seated(in_hand, SMALL, "bob", password, playing["url"])
    tumult_against_them_all(asgi_server, playing, password)
    expect(phone.get_by_role("link", name="Sam Okafor: your turn in the Tumult")).to_be_visible()
    return phone


def test_the_enemy_aimed_at_reads_whole_at_360(tumult_phone):
    aim = gamble_panel(tumult_phone, "Sam Okafor").get_by_label("Aimed at an enemy?")
    aim.scroll_into_view_if_needed()
    one_line = aim.bounding_box()["height"]
    aim.select_option(label=LONG_FOE)
    # The whole name shows in the closed drop-down: it wraps rather than being cut.
    assert aim.bounding_box()["height"] > one_line * 1.5
    assert not aim.evaluate("el => el.scrollWidth > el.clientWidth + 1")
    tumult_phone.screenshot(path=str(ARTIFACTS / "phone-aimed-at-a-long-name-360x780.png"))


def test_going_to_roll_keeps_the_gamble_heading_clear_of_the_banner(tumult_phone):
    mine = gamble_panel(tumult_phone, "Sam Okafor")
    mine.get_by_label("Aimed at an enemy?").select_option(label=LONG_FOE)
    tumult_phone.evaluate("window.scrollTo(0, 0)")
    tumult_phone.locator("[data-hero-bar]").get_by_role("link", name="Gamble").tap()
    roll = mine.get_by_role("button", name="Roll!")
    expect(roll).to_be_in_viewport(ratio=1)
    heading = mine.get_by_role("heading", name="Sam Okafor: Gamble")
    banner = tumult_phone.get_by_role("navigation", name="Waiting on you").bounding_box()
    bar = tumult_phone.locator("[data-hero-bar]").first.bounding_box()
    tumult_phone.screenshot(path=str(ARTIFACTS / "phone-gamble-heading-clear-360x780.png"))
    assert heading.bounding_box()["y"] >= banner["y"] + banner["height"], (
        heading.bounding_box(),
        banner,
    )
    box = roll.bounding_box()
    assert box["y"] + box["height"] <= bar["y"], (box, bar)
