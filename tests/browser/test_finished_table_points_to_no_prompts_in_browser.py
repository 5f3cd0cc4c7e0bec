"""A finished table points to no prompts (fresh-eyes review: after "Finish the Adventure" the
cockpit still offered "When it goes wrong: 3 ideas for what happens next ↓", leading to a panel
reading "The Adventure is finished."). The pointer goes as the Adventure ends, and stays gone."""

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import sam_locks_in, seated

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LAPTOP = {"width": 1366, "height": 768}
POINTER = "When it goes wrong: 3 ideas for what happens next"


def test_the_prompts_pointer_goes_when_the_adventure_is_finished(
    new_page, playing, password, load_dice
):
    laptop = seated(new_page, LAPTOP, "alice", password, playing["url"])
    phone = seated(new_page, None, "bob", password, playing["url"])
    sam_locks_in(phone, load_dice, 2)
    pointer = laptop.locator(".prompts-pointer")
    expect(laptop.get_by_role("link", name=POINTER)).to_be_visible()

    pacing = laptop.get_by_role("region", name="Legs & Scenes")
    pacing.get_by_text("The end", exact=True).click()
    pacing.get_by_label("Yes, the Adventure is over", exact=False).check()
    pacing.get_by_role("button", name="Finish the Adventure").click()
    expect(laptop.locator("[data-live-status]")).to_have_text("The End")
    expect(pacing).to_contain_text("This Adventure is finished.")
    # Gone from the page, not merely out of sight until the next redraw of the prompts.
    expect(pointer).to_have_count(0)
    laptop.reload()
    expect(laptop.locator("[data-live-status]")).to_have_text("The End")
    expect(pointer).to_have_count(0)
