"""The Director's "Tell the table" preview (the line with the hidden things in it marked, the
choices made, the line rephrased) is still there after a reload of the cockpit, posting
nothing; posted or not posted, it is gone for good (a fresh-eyes review: a reload lost it)."""

import pytest
from playwright.sync_api import expect

from sessions.models import Danger, TableEvent
from tests.browser.conftest import seated

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

CROC = "Cistern Crocodile"


def test_the_preview_comes_back_after_a_reload(new_page, playing, password):
    Danger.objects.update(name=CROC)  # in the Scene, still hidden
    laptop = seated(new_page, {"width": 1366, "height": 768}, "alice", password, playing["url"])
    notes = laptop.get_by_role("region", name="Your notes")
    notes.get_by_label("A line for everyone's log").fill(f"The {CROC} stirs in the dark water")
    notes.get_by_role("button", name="Post my line to the table").click()
    preview = notes.get_by_role("form", name="Check before posting")
    reads = preview.get_by_label("What the table will read")
    expect(reads).to_have_text("The Director: Something stirs in the dark water")
    preview.get_by_role("radio", name=f"Reveal {CROC} on every screen").check()
    expect(reads).to_have_text(f"The Director: The {CROC} stirs in the dark water")
    events = TableEvent.objects.count()

    laptop.reload()
    notes = laptop.get_by_role("region", name="Your notes")
    preview = notes.get_by_role("form", name="Check before posting")
    expect(preview.get_by_text("Careful: this gives away something")).to_be_visible()
    expect(preview.locator("mark.tell-secret")).to_contain_text(CROC)
    expect(preview.get_by_role("radio", name=f"Reveal {CROC} on every screen")).to_be_checked()
    expect(preview.get_by_label("What the table will read")).to_have_text(
        f"The Director: The {CROC} stirs in the dark water"
    )
    assert TableEvent.objects.count() == events  # nothing posted by the reload

    # Not posted, it is gone, and a reload doesn't bring it back.
    preview.get_by_role("button", name="Don't post").click()
    expect(preview).to_have_count(0)
    kept = f"enigma-table:tell-drafts:{playing['adventure'].pk}"
    # Forgotten once the answer settles (htmx:afterSettle, a moment after the preview goes).
    laptop.wait_for_function("(key) => sessionStorage.getItem(key) === null", arg=kept)
    laptop.reload()
    expect(laptop.get_by_role("region", name="Your notes")).to_be_visible()
    expect(laptop.get_by_role("form", name="Check before posting")).to_have_count(0)
    assert TableEvent.objects.count() == events
