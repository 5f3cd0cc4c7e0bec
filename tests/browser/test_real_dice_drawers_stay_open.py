"""The "I rolled real dice" drawers on a phone (a fresh-eyes review, 390x844): the player
opened the drawers of the Drive, the Equipment and Lucky Saves, tapped the Drive's face (its
"Use my die"), and the form came back with every drawer folded, the Equipment's and Lucky
Saves' to be opened again. A drawer the player opened stays open through any roll; only the
one whose faces the roll just used folds, its roll done."""

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import HAND_SIZES
from tests.browser.test_character_creation_in_browser import _sign_up

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_drawers_opened_stay_open_after_a_roll(in_hand, password):
    page = in_hand(HAND_SIZES[0])
    _sign_up(page, "drawers", password)
    page.goto("/characters/new/")
    page.get_by_role("radio", name="The Brawler").check()
    expect(page.get_by_role("heading", name="The Brawler")).to_be_visible()
    drive = page.get_by_role("group", name="Drive", exact=True)
    equipment = page.get_by_role("group", name="Equipment (up to two)")
    lucky = page.get_by_role("group", name="Lucky Saves")
    for fold in (drive, equipment, lucky):
        fold.get_by_text("I rolled real dice").tap()
    equipment_faces = equipment.get_by_label("Your own dice: two for each empty slot, tens first")
    lucky_die = lucky.get_by_label("The face of your own die for Lucky Saves")
    expect(equipment_faces).to_be_visible()
    expect(lucky_die).to_be_visible()

    drive.get_by_label("The face of your own die").fill("4")
    drive.get_by_role("button", name="Use my die").tap()
    expect(page.get_by_text("Drive roll (1d6, rolled by hand):")).to_be_visible(timeout=20_000)

    # Opened, nothing typed in them yet: still open, ready for their faces.
    expect(equipment_faces).to_be_visible()
    expect(lucky_die).to_be_visible()
    # The Drive's face was used: its drawer folds, the roll done.
    expect(drive.get_by_label("The face of your own die")).to_be_hidden()

    # A server roll (Roll Equipment) leaves them open too.
    equipment.get_by_role("button", name="Roll Equipment (d66)").tap()
    expect(page.get_by_text("Equipment 2 (d66):")).to_be_visible(timeout=20_000)
    expect(lucky_die).to_be_visible()
