"""A Gamble typed on a phone in a Tumult, aimed at an enemy, not yet rolled, when another
hero's Gamble puts that enemy out (fresh-eyes review, item 1): the live redraw keeps every word
and tick the player gave, and the aim falls to a still-standing choice with a short note;
rolled then, it goes ahead (never "Aimed at which enemy?" over a lost Gamble)."""

import pytest
from playwright.sync_api import expect

from characters.models import Knack
from sessions.rules import DangerTemplate
from tests.browser.conftest import (
    PHONE,
    foes_in_sight,
    gamble_panel,
    screenshot,
    seated,
    try_and_roll,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LAPTOP = {"width": 1366, "height": 768}
KNACK = "Talking my way past a doorman"
TRIES = "Bluff past the guards"


def test_the_typed_gamble_survives_its_enemy_put_out(
    load_dice, in_hand, new_page, asgi_server, playing, password
):
    adventure, sam = playing["adventure"], playing["sam"]
    Knack.objects.create(character=sam, text=KNACK)
    foes_in_sight(
        adventure, ("Brass Jack", DangerTemplate.LIEUTENANT), ("Dock thugs", DangerTemplate.MINION)
    )
    director = seated(new_page, LAPTOP, "alice", password, playing["url"])
    ada = seated(new_page, PHONE, "carol", password, playing["url"])
    phone = seated(in_hand, PHONE, "bob", password, playing["url"])

    director.get_by_role("button", name="Start a Tumult").click()
    director.get_by_role("dialog").get_by_role("button", name="Yes, start the Tumult").click()
    expect(phone.get_by_role("heading", name="Tumult! Round 1 · Players' turn")).to_be_visible()

    mine = gamble_panel(phone, "Sam Okafor")
    mine.get_by_label("What are you attempting?").fill(TRIES)
    mine.get_by_label(KNACK).tap()
    mine.get_by_label("Aimed at an enemy?").select_option(label="Dock thugs")

    # Ada's Gamble, aimed at the thugs, puts them out of the picture.
    load_dice(5)
    hers = gamble_panel(ada, "Ada")
    hers.get_by_label("Aimed at an enemy?").select_option(label="Dock thugs")
    try_and_roll(hers)
    hers.get_by_role("button", name="Lock in").click()
    expect(phone.locator("#log-list")).to_contain_text("Ada locks in")

    aim = mine.get_by_label("Aimed at an enemy?")
    expect(aim.locator("option", has_text="Dock thugs")).to_have_count(0)
    expect(mine.get_by_label("What are you attempting?")).to_have_value(TRIES)
    expect(mine.get_by_label(KNACK)).to_be_checked()
    note = mine.get_by_role("status").filter(has_text="Out of the picture: Dock thugs")
    expect(note).to_have_text("Out of the picture: Dock thugs. Aim at another or nobody.")
    expect(note).to_be_visible()
    # Ada aimed at nobody else: her form says nothing of it.
    expect(hers.get_by_text("Out of the picture: Dock thugs.")).to_be_hidden()
    expect(aim.locator("option:checked")).to_have_text("Brass Jack")
    expect(mine).not_to_contain_text("Aimed at which enemy?")
    screenshot(phone, "phone-gamble-kept-when-its-enemy-falls-390x844")

    # Rolled as it stands: the Gamble goes ahead, with the words the player typed.
    load_dice(5, 5)
    mine.get_by_role("button", name="Roll!").tap()
    expect(mine.get_by_role("button", name="Lock in")).to_be_visible()
    expect(mine.locator(".intent")).to_contain_text(TRIES)
