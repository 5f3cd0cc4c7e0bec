"""The Director sees exactly what the table will read before a line goes: a line naming a
hidden Danger and a place the Cast hasn't been is shown with plain words in their place
("Warn someone who is hiding somewhere"), redrawn as the Director picks and rephrases (the
review: "warn something, who is hiding at somewhere" went out unseen)."""

import pytest
from playwright.sync_api import expect

from sessions.models import Danger, KeyLocation, Leg
from tests.browser.conftest import ARTIFACTS, seated

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

CROC = "Cistern Crocodile"


def test_the_preview_reads_as_the_table_will_and_follows_the_choices(new_page, playing, password):
    Danger.objects.update(name=CROC)  # in the Scene, still hidden
    KeyLocation.objects.create(leg=Leg.objects.get(), position=2, name="Spice Warehouse")
    laptop = seated(new_page, {"width": 1366, "height": 768}, "alice", password, playing["url"])
    notes = laptop.get_by_role("region", name="Your notes")
    notes.get_by_label("A line for everyone's log").fill(
        f"Warn the {CROC}, who is hiding at the Spice Warehouse"
    )
    notes.get_by_role("button", name="Post my line to the table").click()
    preview = notes.get_by_role("form", name="Check before posting")
    reads = preview.get_by_label("What the table will read")
    expect(reads).to_have_text("The Director: Warn someone who is hiding somewhere")

    # Picking another choice redraws the line in place, nothing posted.
    preview.get_by_role("radio", name=f"Reveal {CROC} on every screen").check()
    expect(reads).to_have_text(f"The Director: Warn the {CROC}, who is hiding somewhere")
    laptop.set_viewport_size({"width": 390, "height": 844})
    reads.scroll_into_view_if_needed()
    laptop.screenshot(path=ARTIFACTS / "tell-the-table-reads-390.png")
    laptop.set_viewport_size({"width": 1366, "height": 768})

    # Rephrased, the line as it would go follows the words.
    preview.get_by_text("Rephrase it").click()
    preview.get_by_label("The line (checked again before it goes)").fill(
        f"Warn the {CROC}: the Cast is coming"
    )
    expect(reads).to_have_text(f"The Director: Warn the {CROC}: the Cast is coming")
    log = laptop.locator("#log-list")
    expect(log).not_to_contain_text("Warn")

    preview.get_by_role("button", name="Post to the log").click()
    expect(log).to_contain_text(f"The Director: Warn the {CROC}: the Cast is coming")
