"""The Director rolls for a hero (the Roll-for page): the odds line follows the pool as it is
built, as on the player's own panel, though the page's forms are sent without htmx."""

import pytest
from playwright.sync_api import expect

from characters.models import Knack
from sessions.models import Adventure
from tests.browser.conftest import gamble_panel, more_dice, screenshot, seated

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LAPTOP = {"width": 1366, "height": 768}


def test_the_odds_follow_the_pool_the_director_builds_for_a_hero(
    new_page, asgi_server, playing, password
):
    Adventure.objects.update(real_dice="either")
    Knack.objects.create(character=playing["sam"], text="Brawling in cramped places")
    page = seated(new_page, LAPTOP, "alice", password, playing["url"])
    page.get_by_role("region", name="The Cast").get_by_role(
        "link", name="Roll for Sam Okafor"
    ).click()
    expect(page.get_by_role("heading", name="Rolling for Sam Okafor")).to_be_visible()
    expect(page.get_by_text("hx-disable")).to_have_count(0)  # no template comment shows
    panel = gamble_panel(page, "Sam Okafor")
    odds = panel.get_by_role("status").filter(has_text="to succeed")
    expect(odds).to_contain_text("Roll 1 die (1)")

    panel.get_by_label("What are you attempting?").fill("Shoulder through the crowd at the docks")
    panel.get_by_label("Brawling in cramped places").check()
    expect(odds).to_contain_text("Roll 2 dice")
    more_dice(panel)
    panel.get_by_label("External advantages (+1d6 each)").fill("1")
    expect(odds).to_contain_text("Roll 3 dice")
    expect(odds).to_contain_text("(1 + 1 Knack + 1 advantage)")
    screenshot(page, "roll-for-odds-three-dice")

    # The faces typed are for the pool the line names: three dice, taken.
    panel.get_by_label("Rolled your own? Enter the faces").fill("5 2 1")
    panel.get_by_role("button", name="Roll!").click()
    panel = gamble_panel(page, "Sam Okafor")
    expect(panel.get_by_label("Die 3: 1")).to_be_visible()


def test_the_odds_end_on_the_last_tick_when_the_first_question_is_slow(
    new_page, asgi_server, playing, password
):
    """A busy server (a CI run under load once left the line on "1 die" with a box ticked):
    while the first question is on its way the pool grows, and the line ends on the pool as
    the form stands, not on the first answer."""
    Knack.objects.create(character=playing["sam"], text="Brawling in cramped places")
    page = seated(new_page, LAPTOP, "alice", password, playing["url"])
    page.get_by_role("region", name="The Cast").get_by_role(
        "link", name="Roll for Sam Okafor"
    ).click()
    panel = gamble_panel(page, "Sam Okafor")
    odds = panel.get_by_role("status").filter(has_text="to succeed")
    expect(odds).to_contain_text("1 die")
    held = []
    page.route("**/odds/**", lambda route: held.append(route) if not held else route.continue_())

    panel.get_by_label("What are you attempting?").fill("Shoulder through the crowd")
    panel.get_by_label("Brawling in cramped places").check()
    for _ in range(200):  # each round trip lets the question reach the route
        if held:
            break
        page.evaluate("1")
    assert held, "the first odds question is on its way, and slow"
    more_dice(panel)
    panel.get_by_label("External advantages (+1d6 each)").fill("1")
    panel.get_by_label("External advantages (+1d6 each)").blur()
    held[0].continue_()
    expect(odds).to_contain_text("3 dice")
    expect(panel.get_by_role("button", name="Roll!")).to_have_text("Roll! (3 dice)")
