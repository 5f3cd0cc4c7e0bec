"""The Director's "Tell the table" preview (the line with a hidden Danger marked, the choice
made, the line rephrased) stays open while the table moves: a redraw of its panel that a
player's roll or a Danger's change brings doesn't take it away, and what is posted from it is
what the Director chose (a fresh-eyes review: the preview vanished whenever anyone rolled)."""

import pytest
from playwright.sync_api import expect

from sessions.models import Danger
from tests.browser.conftest import gamble_panel, sam_locks_in, seated, try_and_roll
from tests.browser.http import Visitor
from tests.browser.test_telling_the_table_keeps_secrets_in_browser import CROC, crib_clue_shown

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _mark_drawing(page, part) -> None:
    """Tag what ``part`` shows now, to see a redraw replace it (a test's marker, unseen)."""
    tag = "(id) => { document.getElementById(id).firstElementChild.dataset.before = '1'; }"
    page.evaluate(tag, part)


def test_a_clue_being_told_outlives_a_redraw_of_the_crib(new_page, asgi_server, playing, password):
    laptop, _clue, preview = crib_clue_shown(new_page, playing, password)
    crib = laptop.get_by_role("region", name="Your crib")
    croc = Danger.objects.get()
    preview.get_by_role("radio", name=f"Reveal {CROC} on every screen").check()
    reads = preview.get_by_label("What the table will read")
    expect(reads).to_have_text(f"Clue: Wet scales by the drain: the {CROC} came this way")

    # The table moves: the Director's other device marks a success on the Danger.
    part = crib.get_attribute("id")
    _mark_drawing(laptop, part)
    director = Visitor(asgi_server, playing["adventure"].director, password)
    director.get(playing["url"])
    assert director.post(playing["url"] + "dangers/success/", {"danger": croc.pk})[0] == 200
    expect(crib.locator("[data-before]")).to_have_count(0)  # the crib was drawn anew

    expect(preview.get_by_role("radio", name=f"Reveal {CROC} on every screen")).to_be_checked()
    expect(reads).to_have_text(f"Clue: Wet scales by the drain: the {CROC} came this way")
    # And a reload brings it back as it was, under its clue.
    laptop.reload()
    expect(preview.get_by_role("radio", name=f"Reveal {CROC} on every screen")).to_be_checked()
    preview.get_by_role("button", name="Post to the log").click()
    log = laptop.locator("#log-list")
    expect(log).to_contain_text(f"Clue: Wet scales by the drain: the {CROC} came this way")
    expect(preview).to_have_count(0)
    croc.refresh_from_db()
    assert croc.revealed


def test_a_consequence_being_told_outlives_another_players_blunder(
    new_page, playing, password, load_dice
):
    Danger.objects.update(name=CROC)  # in the Scene, still hidden
    laptop = seated(new_page, {"width": 1366, "height": 768}, "alice", password, playing["url"])
    prompts = laptop.get_by_role("region", name="When it goes wrong")
    sam = seated(new_page, None, "bob", password, playing["url"])
    sam_locks_in(sam, load_dice, 2)
    expect(prompts).to_contain_text("A blunder for Sam Okafor.")

    # Use this, then Tell the table: the line rephrased to name the hidden Danger is shown
    # again with it marked, and the Director leaves it out.
    move = prompts.locator(".prompt-move").first.inner_text()
    prompts.get_by_role("button", name=f"Use this: {move}").click()
    prompts.get_by_role("button", name="Send this line to every screen:").click()
    preview = prompts.get_by_role("form", name="Check before posting")
    preview.get_by_text("Rephrase it").click()
    line = f"The {CROC} drags the rope into the dark"
    preview.get_by_label("The line (checked again before it goes)").fill(line)
    preview.get_by_role("button", name="Post to the log").click()
    expect(preview.locator("mark")).to_have_text(f"{CROC} (a hidden Danger)")
    preview.get_by_role("radio", name="Post without it").check()
    reads = preview.get_by_label("What the table will read")
    expect(reads).not_to_contain_text(CROC)
    said = reads.inner_text()
    assert "drags the rope into the dark" in said

    # Ada's player blunders too: the panel is drawn anew for her, the preview still open.
    ada = seated(new_page, None, "carol", password, playing["url"])
    load_dice(2)
    ada_panel = gamble_panel(ada, "Ada")
    try_and_roll(ada_panel)
    ada_panel.get_by_role("button", name="Lock in").click()
    expect(prompts).to_contain_text("A blunder for Ada.")
    expect(preview.get_by_role("radio", name="Post without it")).to_be_checked()
    expect(preview.get_by_label("The line (checked again before it goes)")).to_have_value(line)
    expect(reads).to_have_text(said)
    # Still a live preview: the line follows the choices, as before.
    preview.get_by_role("radio", name=f"Reveal {CROC} on every screen").check()
    expect(reads).to_contain_text(CROC)
    preview.get_by_role("radio", name="Post without it").check()
    expect(reads).to_have_text(said)

    laptop.evaluate("() => { window.samePage = true; }")  # posted in place, not a new page
    preview.get_by_role("button", name="Post to the log").click()
    expect(ada.locator("#log-list")).to_contain_text(said)
    assert laptop.evaluate("() => window.samePage") is True
    expect(preview).to_have_count(0)
    expect(ada.locator("body")).not_to_contain_text(CROC)
    assert not Danger.objects.get().revealed
