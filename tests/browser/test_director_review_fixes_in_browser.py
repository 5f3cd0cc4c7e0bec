"""The Director's screens after a fresh-eyes evening (issue #35), in a real browser: a Tumult
that asks first in the page, a Line added and said where it was added (laptop and phone),
Peril from a named Danger in an ordinary Scene, a consequence prompt that sets the prep apart,
a Danger prepared hidden or in sight, and Lucky Saves typed in by hand at a Leg's start."""

import pytest
from playwright.sync_api import expect

from sessions.models import Danger, KeyLocation
from tests.browser.conftest import (
    ARTIFACTS,
    log_in,
    ready_for_leg_two_with_dice_by_hand,
    sam_locks_in,
    screenshot,
)
from tests.browser.test_accessibility_in_browser import axe_violations, describe

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LAPTOP = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}


def _table(new_page, playing, password, username="alice", viewport=LAPTOP):
    page = new_page(viewport)
    page.on("dialog", lambda dialog: pytest.fail(f"a browser pop-up: {dialog.message}"))
    log_in(page, username, password)
    page.goto(playing["url"])
    expect(page.locator("[data-live-status]")).to_have_text("Live")
    return page


def _seen(page, name: str) -> None:
    """What the person sees now (the viewport), for a person to look at, and the whole page."""
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}-seen.png"))
    screenshot(page, name)


def _in_view(page, locator) -> None:
    box = locator.bounding_box()
    height = page.viewport_size["height"]
    assert box is not None
    assert 0 <= box["y"] <= box["y"] + box["height"] <= height, box


def test_start_a_tumult_asks_in_the_page(new_page, playing, password):
    Danger.objects.update(name="Dockhands")
    page = _table(new_page, playing, password)
    page.get_by_role("button", name="Start a Tumult").click()
    question = page.get_by_role("dialog")
    expect(question).to_contain_text("Start a Tumult?")
    expect(question).to_contain_text("Dockhands (hidden)")
    _seen(page, "director-tumult-asks")
    violations = axe_violations(page)
    assert violations == [], describe(violations)
    question.get_by_role("button", name="Not yet").click()
    expect(question).to_be_hidden()
    expect(page.get_by_role("heading", name="Tumult! Round 1")).to_have_count(0)

    page.get_by_role("button", name="Start a Tumult").click()
    page.get_by_role("button", name="Yes, start the Tumult").click()
    expect(page.get_by_role("heading", name="Tumult! Round 1 · Players' turn")).to_be_visible()


@pytest.mark.parametrize(
    ("username", "viewport", "kind", "text"),
    [("alice", LAPTOP, "Line", "No spiders, ever"), ("bob", PHONE, "Veil", "Torture scenes")],
    ids=["director-1366", "phone-390"],
)
def test_a_line_or_veil_is_said_where_it_was_added(
    new_page, playing, password, username, viewport, kind, text
):
    page = _table(new_page, playing, password, username, viewport)
    section = page.locator("#lines-veils-panel")
    section.get_by_text("Add a Line or a Veil").click()
    section.get_by_label(kind, exact=True).check()
    section.get_by_label("What").fill(text)
    section.get_by_role("button", name="Add to Lines & Veils").click()

    said = section.get_by_role("status")
    expect(said).to_have_text(f"✓ {kind} added: {text}")
    expect(section.locator(".safety-list")).to_contain_text(text)
    # The live redraw everyone gets has come (the log says so), and the words are still here.
    expect(page.locator("#log-list")).to_contain_text(f"A {kind} was added to the Lines & Veils.")
    expect(said).to_have_text(f"✓ {kind} added: {text}")
    expect(section.get_by_label("What")).to_have_value("")
    _in_view(page, said)
    _seen(page, f"lines-veils-added-{viewport['width']}")
    violations = axe_violations(page)
    assert violations == [], describe(violations)

    # Folded again once added; opened, a mistake comes back in the same place, by its field.
    expect(section.get_by_role("button", name="Add to Lines & Veils")).to_be_hidden()
    section.get_by_text("Add a Line or a Veil").click()
    section.get_by_role("button", name="Add to Lines & Veils").click()
    expect(section.get_by_text("Say what the Line or Veil is.")).to_be_visible()
    _in_view(page, section.get_by_text("Say what the Line or Veil is."))


def test_peril_from_a_named_danger_in_an_ordinary_scene(new_page, playing, password):
    Danger.objects.update(name="Dockhands", danger_rating=2, revealed=True)
    page = _table(new_page, playing, password)
    page.get_by_label("Peril for").select_option(label="Dockhands")
    page.get_by_role("button", name="+1 Peril to Sam Okafor").click()
    expect(page.locator("#log-list")).to_contain_text("Peril from Dockhands: Sam Okafor")
    expect(page.locator(".cockpit-hero", has_text="Sam Okafor")).to_contain_text("Peril 1/6")
    # The Peril went through: "Peril for" stays on the Danger; a Danger can't take Peril
    # away, and the refused tap keeps the choice to correct.
    expect(page.get_by_label("Peril for")).to_have_value(f"danger-{Danger.objects.get().pk}")
    page.get_by_role("button", name="−1 Peril from Sam Okafor").click()
    expect(page.locator(".cockpit-cast")).to_contain_text("pick another reason")
    expect(page.get_by_label("Peril for")).to_have_value(f"danger-{Danger.objects.get().pk}")
    _seen(page, "director-peril-from-a-danger")


def test_a_consequence_prompt_sets_the_prep_apart(new_page, playing, password, load_dice):
    Danger.objects.update(name="Dockhands")
    KeyLocation.objects.update(obstacles="a locked gate, two guard dogs and a nosy clerk")
    page = _table(new_page, playing, password)
    phone = _table(new_page, playing, password, "bob", PHONE)
    sam_locks_in(phone, load_dice, 2)
    prompts = page.get_by_role("region", name="When it goes wrong")
    expect(prompts.locator(".prompt-move")).to_have_count(3)
    for _ in range(12):  # the draw is the app's: ask for others until one has a lead
        if prompts.locator(".prompt-lead").count():
            break
        before = prompts.locator(".prompt-move").first.inner_text()
        prompts.get_by_role("button", name="Another").click()
        expect(prompts.locator(".prompt-move").first).not_to_have_text(before)
    lead = prompts.locator(".prompt-lead").first
    expect(lead).to_have_text(
        [
            "Against Dockhands:",
            "Against the obstacle here: “a locked gate, two guard dogs and a nosy clerk”:",
        ][0 if "Dockhands" in lead.inner_text() else 1]
    )
    for example in prompts.locator(".prompt-example").all_inner_texts():
        assert "Dockhands" not in example
        assert "guard dogs" not in example
    prompts.scroll_into_view_if_needed()
    _seen(page, "consequences-with-a-lead-1366")


def test_a_danger_is_prepared_hidden_or_in_sight(new_page, playing, password):
    page = new_page(LAPTOP)
    log_in(page, "alice", password)
    page.goto(f"/adventures/{playing['adventure'].pk}/")
    page.get_by_role("link", name="Add a Danger at Harbourmaster's Office").click()
    form = page.locator("form.prep-form")
    expect(form.get_by_label("Hidden from players until you reveal it")).to_be_checked()
    form.get_by_label("Name").fill("Harbour Police")
    form.get_by_label("In sight: the players see it as soon as its Scene starts").check()
    form.scroll_into_view_if_needed()
    _seen(page, "prep-danger-hidden-or-in-sight")
    violations = axe_violations(page)
    assert violations == [], describe(violations)
    form.get_by_role("button", name="Save", exact=True).click()
    police = page.locator("li[id^=danger-]", has_text="Harbour Police")
    expect(police).to_contain_text("In sight of the players")
    assert Danger.objects.get(name="Harbour Police").revealed


def test_lucky_saves_typed_in_by_the_director_at_a_legs_start(new_page, playing, password):
    adventure = playing["adventure"]
    ready_for_leg_two_with_dice_by_hand(adventure)
    page = _table(new_page, playing, password)
    pacing = page.locator("#director-pacing-panel")
    dice = pacing.get_by_role("group", name="Lucky Saves rolled by hand? One die each")
    expect(dice).to_be_visible()
    dice.get_by_label("Ada").fill("9")
    pacing.get_by_role("button", name="Start Leg").click()
    expect(pacing.get_by_role("alert")).to_contain_text("isn't a face of a d6")
    pacing.get_by_label("Ada").fill("5")
    _seen(page, "director-start-leg-lucky-saves-by-hand")
    pacing.get_by_role("button", name="Start Leg").click()
    expect(page.locator("#log-list")).to_contain_text(
        "Ada rolled by hand (typed in by the Director): 5."
    )
