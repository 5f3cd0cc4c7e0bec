"""Making a hero on a phone (a fresh-eyes review at 390 and 360 px): each Knack and Equipment
box takes the panel's whole width, its label over it (beside it the box was half the width,
and a Knack such as "Climbing over garden walls" was cramped), and the real dice pad (1–6 and
Undo) is one row of thumb-sized buttons ("6" and "Undo" had wrapped to a second line)."""

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from tests.browser.conftest import ARTIFACTS, HAND_IDS, HAND_SIZES, log_in, screenshot

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

THUMB = 44  # px: the least a button a thumb taps


def _box(locator) -> dict:
    box = locator.bounding_box()
    assert box is not None
    return box


@pytest.mark.parametrize("viewport", HAND_SIZES, ids=HAND_IDS)
def test_knack_boxes_are_whole_width_and_the_dice_pad_one_row(in_hand, password, viewport):
    get_user_model().objects.create_user("tintin", password=password)
    phone = in_hand(viewport)
    log_in(phone, "tintin", password)
    phone.goto("/characters/new/")
    phone.get_by_role("radio", name="The Brawler").check()
    expect(phone.get_by_role("heading", name="The Brawler")).to_be_visible()

    for label in ("Knack 1", "Knack 2", "Knack 3", "Equipment 1", "Equipment 2"):
        box = phone.get_by_label(label, exact=True)
        field = _box(box)
        panel = _box(box.locator("xpath=ancestor::fieldset[1]"))
        # The box spans the panel but for its padding (12 px each side), never half of it.
        assert field["width"] >= panel["width"] - 2 * 16, (label, field, panel)
        assert field["x"] + field["width"] <= viewport["width"]
        # Its label is over it, not squeezing it from the side.
        name = _box(phone.locator(f"label[for='{box.get_attribute('id')}']"))
        assert name["y"] + name["height"] <= field["y"] + 1, (label, name, field)

    drive = phone.locator("details.hand-roll").first
    drive.locator("summary").tap()
    pad = drive.get_by_role("group", name="Tap each die's face")
    expect(pad).to_be_visible()
    faces = [_box(pad.get_by_role("button", name=f"{n} (add a die showing {n})")) for n in "123456"]
    undo = _box(pad.get_by_role("button", name="Undo the last face"))
    # The six faces in one row, 1 to 6, of one width…
    assert len({round(box["y"]) for box in faces}) == 1, f"the faces wrap: {faces}"
    assert [box["x"] for box in faces] == sorted(box["x"] for box in faces)
    assert max(box["width"] for box in faces) - min(box["width"] for box in faces) < 1
    # …and Undo a row of its own under the last three, as wide as they are together.
    assert undo["y"] >= faces[0]["y"] + faces[0]["height"]
    assert undo["x"] == pytest.approx(faces[3]["x"], abs=1)
    assert undo["x"] + undo["width"] == pytest.approx(faces[5]["x"] + faces[5]["width"], abs=1)
    for box in (*faces, undo):
        assert box["width"] >= THUMB
        assert box["height"] >= THUMB
        assert box["x"] >= 0
        assert box["x"] + box["width"] <= viewport["width"]
    assert phone.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
    screenshot(phone, f"creation-slots-and-pad-{viewport['width']}")
    # The two panels alone, for a person to look at.
    size = viewport["width"]
    drive.locator("xpath=ancestor::fieldset[1]").screenshot(path=ARTIFACTS / f"pad-{size}.png")
    knacks = phone.get_by_label("Knack 1", exact=True).locator("xpath=ancestor::fieldset[1]")
    knacks.screenshot(path=ARTIFACTS / f"knacks-{size}.png")
