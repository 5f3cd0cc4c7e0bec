"""A fresh-eyes reviewer at 1366x768: "Roll for <hero>" took the Director off the cockpit to a
page of its own. It opens the hero's Gamble in the cockpit now (a dialog): a refusal comes back
in it with the focus on the wrong field, Roll! and Lock in go through as on the player's phone,
the roll reaches the log live, and Lock in, Cancel or Escape close it, the focus back on the
hero's "Roll for". The page never changes (same address, same page: nothing reloaded)."""

import pytest
from playwright.sync_api import expect

from sessions.models import Adventure
from tests.browser.conftest import ARTIFACTS, gamble_panel, seated
from tests.browser.http import Visitor

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LAPTOP = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}
TRIES = "Shoulder through the crowd at the docks"


def _open(page, hero: str):
    roll_for = page.get_by_role("region", name="The Cast").get_by_role(
        "link", name=f"Roll for {hero}", exact=True
    )
    roll_for.click()
    dialog = page.get_by_role("dialog", name=f"Rolling for {hero}")
    expect(dialog).to_be_visible()
    return dialog, gamble_panel(dialog, hero)


def _focus_on_roll_for(page, hero: str) -> None:
    expect(
        page.get_by_role("region", name="The Cast").get_by_role(
            "link", name=f"Roll for {hero}", exact=True
        )
    ).to_be_focused()


@pytest.mark.parametrize("viewport", [LAPTOP, PHONE], ids=["laptop", "phone"])
def test_roll_for_a_hero_without_leaving_the_cockpit(
    new_page, playing, password, load_dice, viewport
):
    Adventure.objects.update(real_dice="app")
    page = seated(new_page, viewport, "alice", password, playing["url"])
    address = page.url
    page.evaluate("window.stillTheSamePage = true")
    size = viewport["width"]

    # Cancel, then Escape: closed, the focus back on the hero's "Roll for", nothing sent.
    dialog, panel = _open(page, "Sam Okafor")
    expect(panel.get_by_label("What are you attempting?")).to_be_focused()
    dialog.get_by_role("button", name="Cancel").click()
    expect(dialog).to_be_hidden()
    _focus_on_roll_for(page, "Sam Okafor")
    dialog, panel = _open(page, "Sam Okafor")
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    _focus_on_roll_for(page, "Sam Okafor")

    # Roll! with nothing said: refused in the dialog, the focus on the field to put right.
    dialog, panel = _open(page, "Sam Okafor")
    panel.get_by_role("button", name="Roll!").click()
    expect(panel.get_by_text("Say what your hero tries, in a few words.")).to_be_visible()
    expect(panel.get_by_label("What are you attempting?")).to_be_focused()
    page.screenshot(path=ARTIFACTS / f"roll-for-dialog-refused-{size}.png")  # what shows

    # Said, rolled: the dice in the dialog, the roll on the table's log, live.
    load_dice(5)
    panel.get_by_label("What are you attempting?").fill(TRIES)
    panel.get_by_role("button", name="Roll!").click()
    expect(panel.get_by_role("button", name="Lock in")).to_be_visible()
    page.screenshot(path=ARTIFACTS / f"roll-for-dialog-rolled-{size}.png")
    # A success in hand: the re-roll asks first; Escape there closes the question, not the dialog.
    panel.get_by_role("button", name="Catchphrase re-roll").click()
    expect(panel.get_by_role("button", name="Yes, re-roll")).to_be_focused()
    page.keyboard.press("Escape")
    expect(panel.get_by_role("button", name="Yes, re-roll")).to_be_hidden()
    expect(dialog).to_be_visible()
    panel.get_by_role("button", name="Lock in").click()
    expect(dialog).to_be_hidden()
    _focus_on_roll_for(page, "Sam Okafor")
    log = page.locator("#log-list")
    expect(log.get_by_text("The Director locks in Sam Okafor's Gamble")).to_be_visible()
    assert page.url == address
    assert page.evaluate("window.stillTheSamePage") is True

    # The next time: a fresh form, nothing of the last Gamble in it.
    dialog, panel = _open(page, "Sam Okafor")
    expect(panel.get_by_label("What are you attempting?")).to_have_value("")
    expect(panel.get_by_role("button", name="Roll!")).to_be_visible()
    page.keyboard.press("Escape")
    _focus_on_roll_for(page, "Sam Okafor")
    assert page.url == address


def test_the_x_card_pressed_while_rolling_for_a_hero_resumes_in_the_dialog(
    new_page, asgi_server, playing, password
):
    page = seated(new_page, LAPTOP, "alice", password, playing["url"])
    dialog, panel = _open(page, "Sam Okafor")
    panel.get_by_label("What are you attempting?").fill(TRIES)

    player = Visitor(asgi_server, playing["sam"].owner, password)
    player.get(playing["url"])
    assert player.post(playing["url"] + "x-card/")[0] == 200
    bar = dialog.get_by_role("alert").filter(has_text="Someone pressed the X-card")
    expect(bar).to_be_visible()
    expect(panel.get_by_role("button", name="Roll!")).to_be_disabled()
    expect(panel.get_by_label("What are you attempting?")).to_have_value(TRIES)

    bar.get_by_role("button", name="Resume the game").click()
    expect(dialog.get_by_role("alert").filter(has_text="X-card")).to_have_count(0)
    expect(panel.get_by_role("button", name="Roll!")).to_be_enabled()
    expect(panel.get_by_label("What are you attempting?")).to_have_value(TRIES)
    expect(dialog).to_be_visible()


def test_the_roll_for_dialog_passes_axe(new_page, playing, password):
    """The dialog open over the cockpit, its form drawn: nothing axe finds (labels, names,
    contrast), as the pages around it."""
    from tests.browser.test_accessibility_in_browser import axe_violations, describe

    page = seated(new_page, LAPTOP, "alice", password, playing["url"])
    _dialog, panel = _open(page, "Sam Okafor")
    expect(panel.get_by_label("What are you attempting?")).to_be_focused()
    violations = axe_violations(page)
    assert violations == [], describe(violations)
