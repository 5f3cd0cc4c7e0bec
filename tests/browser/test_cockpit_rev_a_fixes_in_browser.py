"""A fresh-eyes review of the Director's cockpit at a laptop (1366×768), in a real browser: a
Danger shown before a Tumult is offered ticked like the others in sight; an enemies' turn with
every box of Peril at 0 is asked about first; a double tap on "Lock the Wide Shot" can't reopen
it; after the Leg ends its recap is a tap away at the head of Legs & Scenes, and the crib says
it is the next Leg's prep."""

import re

import pytest
from playwright.sync_api import expect

from sessions.actions import dangers
from sessions.models import Danger, Leg, Recap
from sessions.rules import DangerTemplate
from tests.browser.conftest import ARTIFACTS, seated

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LAPTOP = {"width": 1366, "height": 768}


def _three_dangers(adventure, hidden=("The Lurker",)):
    Danger.objects.all().delete()
    for name, template in (
        ("Brass Jack", DangerTemplate.LIEUTENANT),
        ("Museum guards", DangerTemplate.MINION),
        ("The Lurker", DangerTemplate.VILLAIN),
    ):
        dangers.add_danger(adventure, name, template, None)
    Danger.objects.exclude(name__in=hidden).update(revealed=True)


def test_a_danger_shown_before_the_tumult_is_offered_ticked_like_the_others(
    new_page, asgi_server, playing, password
):
    _three_dangers(playing["adventure"])
    page = seated(new_page, LAPTOP, "alice", password, playing["url"])
    question = page.get_by_role("dialog")

    # The question asked once and put off: the hidden Lurker unticked, the Director's call.
    page.get_by_role("button", name="Start a Tumult").click()
    expect(question.get_by_label("The Lurker (hidden)")).not_to_be_checked()
    question.get_by_role("button", name="Not yet").click()
    expect(question).to_be_hidden()

    # The Lurker is shown to the table: asked again, every Danger in sight is ticked.
    page.get_by_role("button", name="Show The Lurker").click()
    expect(page.get_by_role("button", name="Hide The Lurker")).to_be_visible()
    expect(page.locator("#tumult-start-confirm")).not_to_contain_text("(hidden)")
    page.get_by_role("button", name="Start a Tumult").click()
    for name in ("Brass Jack", "Museum guards", "The Lurker"):
        expect(question.get_by_label(name)).to_be_checked()

    # Shown while the question is open: ticked too, and a box the Director changed stays so.
    question.get_by_label("Museum guards").uncheck()
    question.get_by_role("button", name="Not yet").click()
    page.get_by_role("button", name="Hide The Lurker").click()
    expect(page.get_by_role("button", name="Show The Lurker")).to_be_visible()
    page.get_by_role("button", name="Start a Tumult").click()
    expect(question.get_by_label("The Lurker (hidden)")).not_to_be_checked()
    expect(question.get_by_label("Museum guards")).not_to_be_checked()
    page.get_by_role("button", name="Show The Lurker").click()
    expect(question.get_by_label("The Lurker", exact=True)).to_be_checked()
    expect(question.get_by_label("Museum guards")).not_to_be_checked()
    expect(question.get_by_label("Brass Jack")).to_be_checked()


def test_an_enemies_turn_with_every_box_at_0_is_asked_before_it_goes_by(
    new_page, asgi_server, playing, password
):
    adventure = playing["adventure"]
    _three_dangers(adventure, hidden=())
    page = seated(new_page, LAPTOP, "alice", password, playing["url"])
    page.get_by_role("button", name="Start a Tumult").click()
    page.get_by_role("button", name="Yes, start the Tumult").click()
    panel = page.locator("#director-tumult-panel")
    expect(panel.get_by_role("heading", name="Tumult! Round 1 · Players' turn")).to_be_visible()

    # Every box reads 0, not empty.
    boxes = panel.get_by_role("spinbutton")
    expect(boxes.first).to_be_visible()
    for box in boxes.all():
        expect(box).to_have_value("0")

    # Left at 0, the turn is asked about in the page; going back changes nothing.
    panel.get_by_role("button", name="Enemies' turn").click()
    question = page.get_by_role("dialog", name="No Peril from the enemies this round?")
    expect(question).to_be_visible()
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "tumult-no-peril-question.png"))
    question.get_by_role("button", name="Go back").click()
    expect(question).to_be_hidden()
    expect(panel.get_by_role("heading", name="Tumult! Round 1 · Players' turn")).to_be_visible()
    expect(page.locator("#log-list")).not_to_contain_text("the enemies' turn")

    # "Yes, none": the turn goes by with no Peril, as before.
    panel.get_by_role("button", name="Enemies' turn").click()
    question.get_by_role("button", name="Yes, none").click()
    expect(panel.get_by_role("heading", name="Tumult! Round 1 · Enemies' turn")).to_be_visible()
    expect(page.locator("#log-list")).to_contain_text("No Peril this time.")
    expect(question).to_have_count(0)

    # Next round, a share typed: no question, the Peril dealt.
    panel.get_by_role("button", name="Next round").click()
    expect(panel.get_by_role("heading", name="Tumult! Round 2 · Players' turn")).to_be_visible()
    panel.get_by_label("Peril from Brass Jack to Sam Okafor").fill("2")
    panel.get_by_role("button", name="Enemies' turn").click()
    expect(panel.get_by_role("heading", name="Tumult! Round 2 · Enemies' turn")).to_be_visible()
    expect(page.locator("#log-list")).to_contain_text("Brass Jack → Sam Okafor")


def test_a_double_tap_on_lock_leaves_the_wide_shot_locked(new_page, asgi_server, playing, password):
    page = seated(new_page, LAPTOP, "alice", password, playing["url"])
    panel = page.get_by_role("region", name="Wide Shot")
    panel.get_by_role("button", name="Lock the Wide Shot").dblclick()
    expect(panel.get_by_role("heading", name="Wide Shot Locked: canon")).to_be_visible()
    # The tap that lands late, on what took Lock's place: the Wide Shot's own control again.
    unlock = panel.get_by_role("button", name=re.compile("^Unlock"))
    expect(unlock).to_have_count(1)
    unlock.click()
    question = page.get_by_role("dialog", name="Unlock the Wide Shot?")
    expect(question).to_be_visible()
    expect(panel.get_by_role("heading", name="Wide Shot Locked: canon")).to_be_visible()
    expect(page.locator("#log-list")).not_to_contain_text("open again")
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "wide-shot-unlock-question.png"))
    question.get_by_role("button", name="Keep it locked").click()
    expect(question).to_be_hidden()
    expect(panel.get_by_role("button", name="Lock the Wide Shot")).to_have_count(0)

    # Unlocked on purpose: asked, then "Yes, unlock it".
    panel.get_by_role("button", name="Unlock…").click()
    question.get_by_role("button", name="Yes, unlock it").click()
    expect(panel.get_by_role("button", name="Lock the Wide Shot")).to_be_visible()
    expect(page.locator("#log-list")).to_contain_text("The Wide Shot is open again for details.")


def test_after_the_leg_ends_its_recap_is_in_sight_and_the_crib_speaks_of_the_next_leg(
    new_page, asgi_server, playing, password
):
    adventure = playing["adventure"]
    Leg.objects.create(
        adventure=adventure,
        position=2,
        title="The Brass Jack",
        clues="The bell rope is cut with silver",
        set_pieces="The great gear room",
    )
    page = seated(new_page, LAPTOP, "alice", password, playing["url"])
    crib = page.get_by_role("region", name="Your crib")
    expect(crib).to_contain_text("Still unused this Leg:")
    pacing = page.get_by_role("region", name="Legs & Scenes")
    pacing.get_by_role("button", name="End Leg").click()
    page.get_by_role("button", name="Yes, end the Leg").click()
    expect(pacing.get_by_role("button", name="Start Leg")).to_be_attached()

    # The recap of the Leg just ended: at the head of the panel, in sight without scrolling.
    recap = pacing.get_by_role("link", name="Read the recap of Leg 1")
    expect(recap).to_be_in_viewport()
    assert recap.bounding_box()["y"] < pacing.get_by_label("Next Leg").bounding_box()["y"]
    expect(pacing).to_contain_text("Drafted from the log: read it, edit it, publish it.")

    # The crib is the next Leg's prep, said so: not "this Leg", which has not started.
    expect(crib).to_contain_text("Next Leg: 1 clue and 1 set piece to use.")
    expect(crib).not_to_contain_text("Still unused this Leg")
    expect(crib.get_by_role("heading", name="Clues & set pieces of the next Leg")).to_be_visible()
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "cockpit-leg-ended-recap-pointer.png"))

    recap.click()
    expect(page.get_by_role("heading", level=1)).to_contain_text(Recap.objects.get().title)
