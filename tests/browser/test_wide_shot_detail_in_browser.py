"""A player adds their detail to the Wide Shot from a phone: the input then holds the detail as
it stands (so "Change my detail" edits it, never an empty field), a second tap of the same
words logs nothing new, and the form reads the same after the Director reframes."""

import re

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import DESKTOP, log_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _the_first_scene_live(new_page, password, adventure, load_dice):
    """The Director (at a desk) and Bob (Sam's player, on a phone) at the table, Live; the
    Director starts the first Leg and its Scene, whose Wide Shot asks for details."""
    table = f"/adventures/{adventure.pk}/table/"
    director, sam = new_page(DESKTOP), new_page()
    log_in(director, "director", password)
    log_in(sam, "bob", password)
    for page in (director, sam):
        page.goto(table)
        expect(page.locator("[data-live-status]")).to_have_text("Live")
    load_dice(3, 3)
    director.get_by_role("button", name="Start Leg").click()
    director.get_by_role("button", name="Start Scene").click()
    return director, sam


def test_a_player_sends_a_wide_shot_detail_once_and_the_form_is_ready_again(
    new_page, password, game, load_dice
):
    director, sam = _the_first_scene_live(new_page, password, game["adventure"], load_dice)

    detail = sam.get_by_label("What does Sam see?")
    detail.fill("a parrot asleep on the ceiling fan")
    sam.get_by_role("button", name="Add my detail").click()
    board = sam.get_by_role("region", name=re.compile("Wide Shot"))
    expect(board.get_by_text("a parrot asleep on the ceiling fan")).to_be_visible()
    expect(detail).to_have_value("a parrot asleep on the ceiling fan")
    send = sam.get_by_role("button", name="Change my detail")
    expect(send).to_be_visible()

    # The page opened afresh: "Change my detail" comes with the detail in the field.
    sam.reload()
    expect(sam.locator("[data-live-status]")).to_have_text("Live")
    expect(detail).to_have_value("a parrot asleep on the ceiling fan")

    # The same words again (a second tap): the log says it once.
    send.click()
    expect(detail).to_have_value("a parrot asleep on the ceiling fan")
    said = re.compile("^Sam (looks again. Sam )?sees a parrot")
    sees = director.locator("#log-list").get_by_text(said)
    expect(sees).to_have_count(1)

    # The Director reframes: Sam's form is drawn again by the stream, and reads the same.
    director.get_by_text("Edit the Wide Shot (Director)").click()
    director.get_by_label("Opening description").fill("Rain hammers a tin roof. Thunder.")
    director.get_by_role("button", name="Update the Wide Shot").click()
    expect(board.get_by_text("Thunder.")).to_be_visible()
    expect(sam.get_by_role("button", name="Change my detail")).to_be_visible()
    expect(sam.get_by_label("What does Sam see?")).to_have_value(
        "a parrot asleep on the ceiling fan"
    )


def test_a_detail_typed_as_a_thing_reads_whole_on_every_screen(new_page, password, game, load_dice):
    """A fresh-eyes review read "Sam sees that crowbar on the floor": "sees that" glued to a
    thing read as a sentence cut short. The phone, the cockpit, its log and the TV say "Sam
    notices: that crowbar on the floor"."""
    from sessions.models import Adventure

    adventure = game["adventure"]
    Adventure.objects.filter(pk=adventure.pk).update(screen_token="tv-token")
    director, sam = _the_first_scene_live(new_page, password, adventure, load_dice)
    tv = new_page(DESKTOP)
    sam.get_by_label("What does Sam see?").fill("That crowbar on the floor")
    sam.get_by_role("button", name="Add my detail").click()
    tv.goto("/screen/tv-token/")

    told = "Sam notices: that crowbar on the floor"
    for page in (sam, director, tv):
        board = page.get_by_role("region", name=re.compile("Wide Shot"))
        expect(board.get_by_text(f"{told}.", exact=True)).to_be_visible()
        expect(board).not_to_contain_text("sees that")
    expect(director.locator("#log-list").get_by_text(f"{told}.")).to_have_count(1)
    sam.screenshot(path="artifacts/phone-wide-shot-notices-390x844.png")
    director.screenshot(path="artifacts/cockpit-wide-shot-notices-1280.png")
    tv.screenshot(path="artifacts/tv-wide-shot-notices-1280.png")
