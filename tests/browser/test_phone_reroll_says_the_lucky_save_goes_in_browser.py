"""A Lucky Save spent on a Gamble's dice, then the Catchphrase re-roll (fresh-eyes review,
item 3): the new dice replace the old (SRD, Catchphrases), the Save spent on them with them
(DESIGN.md), so the phone says so before the player taps, never losing it silently."""

import re

import pytest
from playwright.sync_api import expect

from characters.models import Character
from tests.browser.conftest import PHONE, gamble_panel, screenshot, seated, try_and_roll

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LOSES = "Re-rolling loses the Lucky Save you spent on these dice."


def test_the_reroll_says_the_lucky_save_spent_is_lost(load_dice, in_hand, playing, password):
    phone = seated(in_hand, PHONE, "bob", password, playing["url"])
    panel = gamble_panel(phone, playing["sam"].name)
    saves = Character.objects.get(pk=playing["sam"].pk).lucky_saves
    load_dice(4)
    try_and_roll(panel, tap=True)
    reroll = panel.get_by_role("button", name="Catchphrase re-roll")
    expect(reroll).to_be_visible()
    expect(panel.get_by_text(LOSES)).to_have_count(0)  # nothing spent yet: nothing to lose
    panel.get_by_role("button", name="+1 on die 1 (Lucky Save)").tap()
    expect(panel).to_contain_text(f"Lucky Saves left: {saves - 1}.")
    expect(panel.get_by_text(LOSES)).to_be_visible()
    # (4 + 1 is a success: the button also warns that a re-roll may come up a Blunder.)
    expect(reroll).to_have_accessible_description(re.compile(re.escape(LOSES)))
    screenshot(phone, "phone-reroll-says-the-lucky-save-goes-390x844")
    # Re-rolled: the Save is gone with the old dice, and the note with it.
    load_dice(2)
    reroll.tap()
    panel.get_by_role("button", name="Yes, re-roll").tap()  # a success: it asks first
    expect(panel).to_contain_text(f"Lucky Saves left: {saves - 1}.")
    expect(panel.get_by_role("img", name="Die 1: 2")).to_be_visible()
    expect(panel.get_by_text(LOSES)).to_have_count(0)
