"""A whole Gamble from the keyboard alone (issue 13, item 11): a player Tabs to each field, fills
in the Gamble, rolls, spends a Lucky Save and locks in, and after every action the keyboard
focus is still somewhere in the Gamble panel, never dropped on the page body."""

import re

import pytest
from playwright.sync_api import expect

from characters.models import Character, Knack
from tests.browser.conftest import PHONE, gamble_panel, more_dice, seated

pytestmark = [pytest.mark.browser, pytest.mark.looks, pytest.mark.django_db(transaction=True)]

LAPTOP = {"width": 1366, "height": 768}


def _is_focused(locator) -> bool:
    return locator.evaluate("el => el === document.activeElement")


def tab_to(page, locator, *, key: str = "Tab", presses: int = 80) -> None:
    """Press Tab (or Shift+Tab) until the locator has the focus; fail if it never does."""
    for _ in range(presses):
        page.keyboard.press(key)
        if locator.count() == 1 and _is_focused(locator):
            return
    raise AssertionError(f"{presses} presses of {key} never reached {locator}")


def focus_kept_in(panel, after: str) -> None:
    """The focus rests on something inside the panel, not on <body> nor a removed element."""
    page = panel.page
    page.wait_for_function(
        "() => document.activeElement && document.activeElement !== document.body"
        " && document.activeElement.isConnected",
        timeout=5_000,
    )
    where = page.evaluate("() => document.activeElement.outerHTML.slice(0, 120)")
    assert panel.evaluate("el => el.contains(document.activeElement)"), (
        f"After {after} the focus left the Gamble panel for {where}"
    )


@pytest.mark.parametrize("viewport", [PHONE, LAPTOP], ids=["phone", "laptop"])
def test_a_player_gambles_with_the_keyboard_alone(new_page, playing, password, load_dice, viewport):
    Knack.objects.create(character=playing["sam"], text="Brawling in cramped places")
    Character.objects.filter(pk=playing["sam"].pk).update(lucky_saves=2)
    page = seated(new_page, viewport, "bob", password, playing["url"])
    panel = gamble_panel(page, "Sam Okafor")

    # Fill in the Gamble: type the intent, tick a Knack with Space, Tab on to Roll!, then
    # Shift+Tab back to add an external advantage with the arrow key.
    intent = panel.get_by_label("What are you attempting?")
    tab_to(page, intent)
    page.keyboard.type("kick the boiler door in")
    knack = panel.get_by_label("Brawling in cramped places")
    tab_to(page, knack)
    page.keyboard.press("Space")
    expect(knack).to_be_checked()
    more_dice(panel)
    roll = panel.get_by_role("button", name="Roll!")
    tab_to(page, roll)
    advantages = panel.get_by_label(re.compile("External advantages"))
    tab_to(page, advantages, key="Shift+Tab")
    page.keyboard.press("ArrowUp")
    expect(advantages).to_have_value("1")
    expect(panel.locator(".odds")).to_contain_text("3 dice")

    # Roll: a 4, a 3 and a 2 are a Blunder, but a Lucky Save can lift the 4 to a 5.
    load_dice(4, 3, 2)
    tab_to(page, roll)
    page.keyboard.press("Enter")
    lock_in = panel.get_by_role("button", name="Lock in")
    expect(lock_in).to_be_visible()
    expect(panel.get_by_role("status").filter(has_text="As the dice stand")).to_contain_text(
        "Blunder"
    )
    focus_kept_in(panel, "Roll!")

    # The focus waits just before the dice: a few Tabs reach the Lucky Saves.
    lucky = panel.get_by_role("button", name="+1 on die 1 (Lucky Save)")
    tab_to(page, lucky, presses=10)
    page.keyboard.press("Space")
    expect(panel.get_by_label("Die 1: 5")).to_be_visible()
    expect(panel.get_by_role("status").filter(has_text="As the dice stand")).to_contain_text(
        "Success!"
    )
    focus_kept_in(panel, "the Lucky Save")

    tab_to(page, lock_in)
    page.keyboard.press("Enter")
    expect(page.locator("#log-list > li").first).to_contain_text("locks in: Success!")
    expect(roll).to_be_visible()  # the panel is ready for the next Gamble
    focus_kept_in(panel, "Lock in")
    assert Character.objects.get(pk=playing["sam"].pk).lucky_saves == 1
