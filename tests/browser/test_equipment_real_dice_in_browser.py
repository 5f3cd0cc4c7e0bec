"""Equipment with real dice on a phone (a fresh-eyes game night, 390x844): the pad says "two
for each empty slot", so with both slots empty it waits for four faces, a third face typed is
never lost, and the fourth face tapped fills both slots at once, as the Drive's one face fills
its field (fresh-eyes review, item 4); two faces typed and "Use my dice" fill one, and the next
slot's two faces tapped fill it."""

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import ARTIFACTS, HAND_IDS, HAND_SIZES
from tests.browser.test_character_creation_in_browser import _sign_up

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _equipment_pad(page, viewport, name, password):
    _sign_up(page, name, password)
    page.goto("/characters/new/")
    page.get_by_role("radio", name="The Brawler").check()
    expect(page.get_by_role("heading", name="The Brawler")).to_be_visible()
    equipment = page.get_by_role("group", name="Equipment (up to two)")
    equipment.get_by_text("I rolled real dice").tap()
    return equipment


def _tap(fold, *faces) -> None:
    for face in faces:
        fold.get_by_role("button", name=f"{face} (add a die showing {face})").tap()


@pytest.mark.parametrize("viewport", HAND_SIZES, ids=HAND_IDS)
def test_four_faces_fill_both_empty_slots(in_hand, password, viewport):
    page = in_hand(viewport)
    equipment = _equipment_pad(page, viewport, f"four{viewport['width']}", password)
    faces = equipment.get_by_label("Your own dice: two for each empty slot, tens first")
    # Both slots empty: it asks for four dice, not two.
    expect(equipment.get_by_text("Roll 4 dice and tap their faces")).to_be_visible()
    _tap(equipment, "2", "5")
    # Two faces of four: nothing is sent, the pad stays open for the next two.
    expect(faces).to_have_value("2 5")
    expect(faces).to_be_visible()
    _tap(equipment, "3")
    expect(faces).to_have_value("2 5 3")
    expect(page.get_by_text("Equipment 1 (d66, rolled by hand):")).to_have_count(0)
    # The fourth face, the last one the slots wait for: both filled at once, no button to find.
    _tap(equipment, "1")

    first = page.get_by_role("status").filter(has_text="Equipment 1 (d66, rolled by hand):")
    second = page.get_by_role("status").filter(has_text="Equipment 2 (d66, rolled by hand):")
    expect(first).to_be_visible(timeout=20_000)
    expect(second).to_be_visible()
    for face in ("2", "5"):
        expect(first.get_by_role("img", name=f"a {face}")).to_be_visible()
    for face in ("3", "1"):
        expect(second.get_by_role("img", name=f"a {face}")).to_be_visible()
    assert page.get_by_label("Equipment 1", exact=True).input_value()
    assert page.get_by_label("Equipment 2", exact=True).input_value()
    second.scroll_into_view_if_needed()
    size = f"{viewport['width']}x{viewport['height']}"
    page.screenshot(path=ARTIFACTS / f"creation-equipment-four-faces-{size}.png")


def test_two_faces_fill_one_slot_and_the_pad_waits_for_the_next_two(in_hand, password):
    page = in_hand(HAND_SIZES[0])
    equipment = _equipment_pad(page, HAND_SIZES[0], "twofaces", password)
    faces = equipment.get_by_label("Your own dice: two for each empty slot, tens first")
    # Typed in (a keyboard), two of the four: the button uses them.
    faces.fill("4 6")
    equipment.get_by_role("button", name="Use my dice").tap()
    first = page.get_by_role("status").filter(has_text="Equipment 1 (d66, rolled by hand):")
    expect(first).to_be_visible(timeout=20_000)
    assert page.get_by_label("Equipment 1", exact=True).input_value()
    expect(page.get_by_label("Equipment 2", exact=True)).to_have_value("")
    # Slot 2 still empty: the pad stays open, empty, asking for its two faces.
    expect(faces).to_be_visible()
    expect(faces).to_have_value("")
    expect(equipment.get_by_text("Roll 2 dice and tap their faces")).to_be_visible()
    page.screenshot(path=ARTIFACTS / "creation-equipment-one-slot-left-390x844.png")
    # The slot's two faces tapped: filled at once.
    _tap(equipment, "3", "1")
    second = page.get_by_role("status").filter(has_text="Equipment 2 (d66, rolled by hand):")
    expect(second).to_be_visible(timeout=20_000)
    assert page.get_by_label("Equipment 2", exact=True).input_value()
    # Both filled: the fold closes, nothing left to roll.
    expect(faces).to_be_hidden()
