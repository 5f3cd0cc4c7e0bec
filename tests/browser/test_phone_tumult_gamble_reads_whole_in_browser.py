"""A hero's Gamble in a Tumult on a phone 360 wide (fresh-eyes game night): the enemy it is aimed
at reads whole in "Aimed at an enemy?", wrapped rather than cut; and the bar's "Gamble" brings
up Roll! with the Gamble's heading in sight below the calls' banner (the Tumult's turn, the Wide
Shot's call), never under it."""

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import ARTIFACTS, LONG_FOE, gamble_panel, sams_turn_at_360

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def tumult_phone(in_hand, asgi_server, playing, password):
    """Bob's phone at 360x780, Sam's turn in a Tumult against two foes (one with a long name),
    the Scene's Wide Shot still waiting on him."""
    return sams_turn_at_360(in_hand, asgi_server, playing, password)


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


def test_the_enemy_not_yet_picked_asks_on_one_line_at_360(tumult_phone):
    """ "Which enemy? Pick one" wrapped onto two lines in the box (a fresh-eyes phone)."""
    aim = gamble_panel(tumult_phone, "Sam Okafor").get_by_label("Aimed at an enemy?")
    aim.scroll_into_view_if_needed()
    expect(aim).to_have_value("ask")
    lines = aim.evaluate(
        """el => {
          const s = getComputedStyle(el);
          const inner = el.clientHeight - parseFloat(s.paddingTop) - parseFloat(s.paddingBottom);
          return inner / (parseFloat(s.lineHeight) || parseFloat(s.fontSize) * 1.2);
        }"""
    )
    assert lines < 1.6, f"the question takes {lines:.1f} lines in the box"
    tumult_phone.screenshot(path=str(ARTIFACTS / "phone-aim-asks-on-one-line-360x780.png"))
