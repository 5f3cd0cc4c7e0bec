"""A portrait uploaded from a phone: the page comes back at the portrait, and "Sam has a new
portrait." is said there, in sight, not above the top of the screen (a fresh-eyes phone, at
390x844 and 360x780); so is its removal, and "Notes saved." at the notes."""

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import ARTIFACTS, HAND_IDS, HAND_SIZES, log_in
from tests.images import picture

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize("viewport", HAND_SIZES, ids=HAND_IDS)
def test_the_new_portrait_is_said_where_the_player_is(
    in_hand, viewport, playing, password, tmp_path
):
    sam = playing["sam"]
    portrait = tmp_path / "sam.jpg"
    portrait.write_bytes(picture("JPEG", (900, 1200), (150, 110, 60)))
    page = in_hand(viewport)
    log_in(page, "bob", password)
    page.goto(f"/characters/{sam.pk}/")
    page.get_by_text("Add a portrait").tap()
    page.get_by_label("Picture").set_input_files(str(portrait))
    page.get_by_role("button", name="Upload portrait").tap()
    said = page.get_by_text(f"{sam.name} has a new portrait.")
    expect(said).to_be_in_viewport(ratio=1)
    expect(page.locator("img.portrait-display")).to_be_in_viewport()
    page.screenshot(path=ARTIFACTS / f"phone-portrait-said-{viewport['width']}.png")

    page.once("dialog", lambda dialog: dialog.accept())
    page.get_by_text("Change the portrait").tap()
    page.get_by_role("button", name="Remove the portrait").tap()
    expect(page.get_by_text(f"{sam.name}'s portrait is gone.")).to_be_in_viewport(ratio=1)
