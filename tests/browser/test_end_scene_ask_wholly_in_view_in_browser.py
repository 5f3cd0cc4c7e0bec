"""Ending a Scene with a Gamble open asks first, in the Legs & Scenes panel (fresh-eyes review
at 1366x768: the question came low in the right column, its buttons cut off by the window's
bottom edge). The question and both its buttons come wholly into view, wherever the End Scene
button sat when it was pressed."""

import pytest
from playwright.sync_api import expect

from sessions.models import Danger, KeyLocation
from tests.browser.conftest import gamble_panel, screenshot, seated, try_and_roll

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LAPTOP = {"width": 1366, "height": 768}

FOES = (
    "The Unspeakably Patient Clockwork Harbour-Crab of Cinder Hill",
    "Gullmaster's Storm-Gulls",
)
# Where the End Scene button is when pressed: the page as it opens, the button scrolled to the
# window's bottom edge, and to its top.
WHERE = {"as-opened": None, "at-the-bottom": "end", "at-the-top": "start"}


@pytest.mark.parametrize("where", WHERE, ids=str)
def test_the_end_scene_question_is_wholly_in_view(new_page, playing, password, load_dice, where):
    # The review's Scene: three Dangers, long names, the Legs & Scenes panel low in its column.
    place = KeyLocation.objects.get()
    Danger.objects.update(name="Oilskin Thugs", revealed=True)
    for name in FOES:
        Danger.objects.create(
            key_location=place, name=name, template="lieutenant", success_threshold=2,
            danger_rating=3, revealed=True,
        )  # fmt: skip
    phone = seated(new_page, None, "bob", password, playing["url"])
    sam = gamble_panel(phone, "Sam Okafor")
    load_dice(4)
    try_and_roll(sam)
    expect(sam.get_by_role("button", name="Lock in")).to_be_visible()
    laptop = seated(new_page, LAPTOP, "alice", password, playing["url"])
    pacing = laptop.get_by_role("region", name="Legs & Scenes")
    end = pacing.get_by_role("button", name="End Scene")
    if WHERE[where]:
        end.evaluate(f"(button) => button.scrollIntoView({{block: '{WHERE[where]}'}})")
    end.click()
    ask = pacing.get_by_role("group", name="A Gamble is still open")
    expect(ask).to_contain_text("Sam Okafor still has a Gamble open")
    # The whole question: its words and both its buttons, within the window.
    expect(ask).to_be_in_viewport(ratio=1)
    expect(ask.get_by_role("button", name="Wait for them")).to_be_in_viewport(ratio=1)
    expect(ask.get_by_role("button", name="Lock them in and end the Scene")).to_be_in_viewport(
        ratio=1
    )
    screenshot(laptop, f"director-end-scene-ask-in-view-{where}")
    laptop.screenshot(path=f"artifacts/director-end-scene-ask-in-view-{where}-seen.png")
