"""Nothing leaks by a tap: the Director tells the table a consequence that names a Danger the
players haven't seen; the line is shown first with the name marked, and Bob's phone (its page
and its live stream) never gets the name unless the Director reveals it."""

import pytest
from playwright.sync_api import expect

from sessions import hidden
from sessions.models import Danger, KeyLocation
from tests.browser.conftest import (
    ARTIFACTS,
    sam_locks_in,
    seated,
    tool_group,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

CROC = "Cistern Crocodile"


def _look(page, name: str, element) -> None:
    """What the person sees, as they see it: the screen with ``element`` in view."""
    element.scroll_into_view_if_needed()
    page.screenshot(path=ARTIFACTS / f"{name}.png")


def test_a_hidden_dangers_name_is_caught_before_it_reaches_the_phones(
    new_page, playing, password, load_dice
):
    Danger.objects.update(name=CROC)  # in the Scene, still hidden
    laptop = seated(new_page, {"width": 1366, "height": 768}, "alice", password, playing["url"])
    phone = seated(new_page, None, "bob", password, playing["url"])
    sam_locks_in(phone, load_dice, 2)

    prompts = laptop.get_by_role("region", name="When it goes wrong")
    expect(prompts).to_contain_text("A blunder for Sam Okafor.")
    # Another, until one of the ideas sets the Crocodile on them (each pile goes round).
    naming = prompts.locator(".prompt", has_text=CROC)
    for _ in range(30):
        if naming.count():
            break
        before = prompts.locator(".prompt-move").all_inner_texts()
        prompts.get_by_role("button", name="Another").click()
        expect(prompts.locator(".prompt-move").first).not_to_have_text(before[0])
    naming.first.get_by_role("button", name="Use this").click()
    prompts.get_by_role("button", name="Send this line to every screen:").click()

    # The card's own words never hold the prep's names: its lead ("Against the Crocodile") is
    # the Director's alone, so the line as offered gives nothing away.
    preview = prompts.get_by_role("form", name="Check before posting")
    expect(preview.locator(".tell-line")).not_to_contain_text(CROC)
    expect(preview.get_by_role("alert")).to_have_count(0)

    # Rephrased with the name, it is caught before it goes.
    said = f"The {CROC} heard that, and the Cast has seconds to look innocent."
    preview.get_by_text("Rephrase it").click()
    preview.get_by_label("The line (checked again before it goes)").fill(said)
    preview.get_by_role("button", name="Post to the log").click()
    preview = prompts.get_by_role("form", name="Check before posting")
    expect(preview.get_by_role("alert")).to_contain_text(
        "Careful: this gives away something the players haven't been told."
    )
    expect(preview.locator("mark", has_text=CROC).first).to_be_visible()
    expect(preview.get_by_role("radio", name="Post without it")).to_be_checked()
    _look(laptop, "tell-the-table-preview-1366", preview)
    laptop.set_viewport_size({"width": 390, "height": 844})
    _look(laptop, "tell-the-table-preview-390", preview)
    laptop.set_viewport_size({"width": 1366, "height": 768})
    expect(phone.locator("body")).not_to_contain_text(CROC)

    preview.get_by_role("button", name="Post to the log").click()
    expect(prompts.get_by_role("status").last).to_have_text("✓ Posted to everyone's log.")
    log = phone.locator("#log-list")
    found = hidden.find(playing["adventure"], said)
    without = hidden.without(said, found, [h.key for h in found])
    assert CROC not in without
    expect(log).to_contain_text(f"The Director: {without}")
    expect(phone.locator("body")).not_to_contain_text(CROC)
    phone.reload()
    expect(phone.locator("#log-list")).to_contain_text("The Director:")
    expect(phone.locator("body")).not_to_contain_text(CROC)

    # Said in the Director's own words, with the Crocodile revealed as it goes.
    notes = laptop.get_by_role("region", name="Your notes")
    notes.get_by_label("A line for everyone's log").fill(f"The {CROC} surfaces!")
    notes.get_by_role("button", name="Post my line to the table").click()
    preview = notes.get_by_role("form", name="Check before posting")
    expect(preview.locator("mark", has_text=CROC)).to_be_visible()
    expect(phone.locator("body")).not_to_contain_text(CROC)
    preview.get_by_role("radio", name=f"Reveal {CROC} on every screen").check()
    preview.get_by_role("button", name="Post to the log").click()
    expect(log).to_contain_text(f"The Director: The {CROC} surfaces!")
    expect(log).to_contain_text(f"Enter {CROC}!")


def crib_clue_shown(new_page, playing, password):
    """The Director's laptop with the crib's clue naming the hidden Cistern Crocodile (the
    Scene's Danger) tapped to post: the laptop, the clue's line and its preview, name marked."""
    location = KeyLocation.objects.get()
    location.clues = f"Wet scales by the drain: the {CROC} came this way"
    location.save()
    Danger.objects.update(name=CROC)  # in the Scene, still hidden
    laptop = seated(new_page, {"width": 1366, "height": 768}, "alice", password, playing["url"])
    crib = laptop.get_by_role("region", name="Your crib")
    clue = crib.locator(".crib-line", has_text="Wet scales")
    clue.get_by_role("button", name="Post this clue").click()
    preview = clue.get_by_role("form", name="Check before posting")
    expect(preview.locator("mark")).to_have_text(f"{CROC} (a hidden Danger)")
    return laptop, clue, preview


def test_a_clue_from_the_crib_is_shown_before_it_is_posted(new_page, playing, password):
    laptop, clue, preview = crib_clue_shown(new_page, playing, password)
    _look(laptop, "tell-the-table-crib-preview-1366", preview)
    preview.get_by_role("button", name="Don't post").click()
    expect(preview).to_have_count(0)
    clue.get_by_role("button", name="Post this clue").click()
    clue.get_by_role("form", name="Check before posting").get_by_role(
        "button", name="Post to the log"
    ).click()
    expect(laptop.locator("#log-list")).to_contain_text(
        "Clue: Wet scales by the drain: something came this way"
    )
    expect(laptop.locator("#log-list")).not_to_contain_text(CROC)


def test_the_directors_journal_line_is_checked_in_place(new_page, playing, password):
    Danger.objects.update(name=CROC)
    laptop = seated(new_page, {"width": 1366, "height": 768}, "alice", password, playing["url"])
    journal = laptop.get_by_role("region", name="Cast journal")
    tool_group(laptop, "Write in the journal")  # folded at the cockpit, opened as a Director does
    journal.get_by_label("Add to the Cast journal").fill(f"The {CROC} nests under the quay.")
    journal.get_by_role("button", name="Write it down").click()
    expect(journal.get_by_role("alert")).to_contain_text("Careful: this gives away something")
    _look(laptop, "tell-the-table-journal-1366", journal.locator(".tell-preview"))
    journal.get_by_role("button", name="Write it down").click()
    expect(journal.locator(".journal-list")).to_contain_text("Something nests under the quay.")
    expect(journal.locator(".journal-list")).not_to_contain_text(CROC)
