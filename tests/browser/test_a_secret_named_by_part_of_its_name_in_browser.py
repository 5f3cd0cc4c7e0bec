"""A fresh-eyes review at 1366×768: the crib's clue "Voss's orders in a tin box" was offered for
every screen's log with no warning, the hidden Danger being "Professor Ilsa Voss, the Tide
Widow". Now the surname is marked in the preview, and posted without her the line keeps its
possessive: "Someone's orders in a tin box"; Bob's phone never reads "Voss"."""

import pytest
from playwright.sync_api import expect

from sessions.models import Danger, KeyLocation
from tests.browser.conftest import ARTIFACTS, seated

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

VOSS = "Professor Ilsa Voss, the Tide Widow"


def test_a_clue_naming_a_hidden_danger_by_surname_is_marked_in_the_crib(
    new_page, playing, password
):
    location = KeyLocation.objects.get()
    location.clues = "Voss's orders in a tin box"
    location.save()
    Danger.objects.create(key_location=location, name=VOSS, template="boss")  # in the Scene
    laptop = seated(new_page, {"width": 1366, "height": 768}, "alice", password, playing["url"])
    phone = seated(new_page, None, "bob", password, playing["url"])

    crib = laptop.get_by_role("region", name="Your crib")
    clue = crib.locator(".crib-line", has_text="orders in a tin box")
    clue.get_by_role("button", name="Post this clue").click()
    preview = clue.get_by_role("form", name="Check before posting")
    expect(preview.get_by_role("alert")).to_have_text(
        "Careful: this gives away something the players haven't been told."
    )
    expect(preview.locator("mark")).to_have_text("Voss's (a hidden Danger)")
    expect(preview.get_by_role("group", name=f"{VOSS}: a hidden Danger")).to_be_visible()
    without = preview.get_by_role("radio", name="Post without it")
    expect(without).to_be_checked()
    expect(preview.get_by_label("What the table will read")).to_have_text(
        "Clue: Someone's orders in a tin box"
    )
    preview.locator("mark").scroll_into_view_if_needed()
    expect(preview.locator("mark")).to_be_in_viewport()
    laptop.screenshot(path=ARTIFACTS / "crib-clue-surname-preview-1366.png")

    preview.get_by_role("button", name="Post to the log").click()
    expect(phone.locator("#log-list")).to_contain_text("Clue: Someone's orders in a tin box")
    expect(laptop.locator("#log-list")).not_to_contain_text("Voss")
    expect(phone.locator("body")).not_to_contain_text("Voss")
