"""The Director's Roll-for page follows the table as every other table page does (a fresh-eyes
evening: it kept showing a hero's old Peril and Lucky Saves until reloaded). Peril dealt from
the cockpit, a Lucky Save spent on the player's phone: the page shows it at once, without a
reload, and what the Director has typed and ticked in the Gamble stays as it was."""

import pytest
from playwright.sync_api import expect

from characters.models import Equipment
from sessions.models import Adventure, Gamble
from tests.browser.conftest import gamble_panel, screenshot, seated
from tests.browser.http import Visitor

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LAPTOP = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}


def _rolling_for_sam(new_page, playing, password, viewport=LAPTOP):
    page = seated(new_page, viewport, "alice", password, playing["url"])
    page.get_by_role("region", name="The Cast").get_by_role(
        "link", name="Roll for Sam Okafor"
    ).click()
    expect(page.get_by_role("heading", name="Rolling for Sam Okafor")).to_be_visible()
    # A reload would lose this: the page must change in place.
    page.evaluate("window.stillTheSamePage = true")
    return page, gamble_panel(page, "Sam Okafor")


def _same_page(page) -> None:
    assert page.evaluate("window.stillTheSamePage") is True


@pytest.mark.parametrize("viewport", [LAPTOP, PHONE], ids=["laptop", "phone"])
def test_peril_dealt_at_the_table_shows_at_once_the_gamble_kept(
    new_page, asgi_server, playing, password, viewport
):
    Equipment.objects.create(character=playing["sam"], text="A crowbar wrapped in newspaper")
    page, panel = _rolling_for_sam(new_page, playing, password, viewport)
    expect(panel).to_contain_text("Peril 0/")
    intent = "Shoulder through the crowd at the docks"
    panel.get_by_label("What are you attempting?").fill(intent)
    panel.get_by_label("A crowbar wrapped in newspaper").check()
    expect(panel.get_by_role("button", name="Roll!")).to_have_text("Roll! (2 dice)")

    # Dealt from the cockpit, in another browser.
    director = Visitor(asgi_server, playing["adventure"].director, password)
    director.get(playing["url"])
    peril = {"character": playing["sam"].pk, "delta": 1, "reason": "weird", "detail": "fog"}
    assert director.post(playing["url"] + "peril/", peril)[0] == 200

    expect(panel).to_contain_text("Peril 1/")
    _same_page(page)
    expect(panel.get_by_label("What are you attempting?")).to_have_value(intent)
    expect(panel.get_by_label("A crowbar wrapped in newspaper")).to_be_checked()
    expect(panel.get_by_role("button", name="Roll!")).to_have_text("Roll! (2 dice)")
    size = "1366" if viewport == LAPTOP else "390"
    screenshot(page, f"roll-for-follows-peril-{size}")


def test_a_lucky_save_spent_on_the_phone_shows_at_once(
    new_page, asgi_server, playing, password, load_dice
):
    Adventure.objects.update(real_dice="app")
    sam = playing["sam"]
    saves = sam.lucky_saves
    player = Visitor(asgi_server, sam.owner, password)
    player.get(playing["url"])
    load_dice(4)
    roll = {"request_id": "follow-0001", "intent": "Pick the lock before the guards turn"}
    assert player.post(playing["url"] + f"roll/{sam.pk}/", roll)[0] == 200

    page, panel = _rolling_for_sam(new_page, playing, password)
    expect(panel).to_contain_text(f"Lucky Saves left: {saves}.")
    expect(panel).to_contain_text("Blunder")

    # The player lifts the 4 to a 5 on their phone.
    gamble = Gamble.objects.get()
    lift = {"step": gamble.step, "die": 0}
    assert player.post(playing["url"] + f"gambles/{gamble.pk}/lucky/", lift)[0] == 200

    expect(panel).to_contain_text(f"Lucky Saves left: {saves - 1}.")
    expect(panel).to_contain_text("Success")
    _same_page(page)
