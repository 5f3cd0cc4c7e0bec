"""A player's phone after Roll! (a fresh-eyes evening's defect, step 5, 390x844): the dice and
their +1 (Lucky Save) buttons come into sight, whichever comes first of the move's answer and
the live redraw of the player's own Gamble; the page kept where it was (a live redraw keeps
the player's place) had left them ~590 px above the screen, only Lock in in view."""

import pytest
from playwright.sync_api import expect

from characters.models import Character, Equipment, Knack
from sessions.models import TableEvent
from tests.browser.conftest import ARTIFACTS, HAND_IDS, HAND_SIZES, gamble_panel, seated

pytestmark = [pytest.mark.browser, pytest.mark.looks, pytest.mark.django_db(transaction=True)]

ACTION = "climb the slick drainpipe to the harbourmaster's window unseen"


def _size(viewport) -> str:
    return f"{viewport['width']}x{viewport['height']}"


def _long_form(playing):
    sam = playing["sam"]
    Character.objects.filter(pk=sam.pk).update(lucky_saves=3)
    for position, text in enumerate(("Brawling in cramped places", "Climbing wet rooftops")):
        Knack.objects.create(character=sam, text=text, position=position)
    Equipment.objects.create(character=sam, text="Grappling hook and a coil of rope")
    # An evening under way: a long log below the Gamble, so the page does not end at it.
    TableEvent.objects.bulk_create(
        TableEvent(adventure=playing["adventure"], kind="note", summary=f"Earlier, {n}: {ACTION}.")
        for n in range(30)
    )


@pytest.mark.parametrize("order", ["answer-first", "redraw-first"])
@pytest.mark.parametrize("viewport", HAND_SIZES, ids=HAND_IDS)
def test_the_dice_come_into_sight_after_roll(
    in_hand, viewport, order, playing, password, load_dice
):
    _long_form(playing)
    page = seated(in_hand, viewport, "bob", password, playing["url"])
    panel = gamble_panel(page, "Sam Okafor")
    panel.get_by_label("What are you attempting?").fill(ACTION)
    panel.locator("details.gamble-extras > summary").tap()
    panel.locator("details.gamble-blammo > summary").tap()
    for name in ("Brawling in cramped places", "Climbing wet rooftops"):
        panel.get_by_label(name).check()
    roll = panel.get_by_role("button", name="Roll!")
    # Roll low on the screen, as a thumb leaves it after filling the form in.
    roll.evaluate("b => window.scrollBy(0, b.getBoundingClientRect().bottom - innerHeight + 90)")
    expect(roll).to_be_in_viewport(ratio=1)
    first_die = panel.get_by_label("Die 1: 2")
    if order == "redraw-first":

        def answer_after_the_redraw(route):
            answer = route.fetch()
            first_die.wait_for()
            route.fulfill(response=answer)

        page.route("**/table/roll/**", answer_after_the_redraw)
    load_dice(2, 3, 4, 4, 4)
    roll.tap()
    expect(first_die).to_be_visible()
    lock = panel.get_by_role("button", name="Lock in")
    expect(lock).to_be_visible()
    # Both in: the answer and the live redraw (the event's redraw draws the same dice).
    expect(page.locator(".htmx-request")).to_have_count(0)
    page.screenshot(path=ARTIFACTS / f"phone-after-roll-{order}-{_size(viewport)}.png")
    expect(first_die).to_be_in_viewport(ratio=1)
    expect(panel.get_by_role("button", name="+1 on die 1 (Lucky Save)")).to_be_in_viewport(ratio=1)
