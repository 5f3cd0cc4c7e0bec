"""The odds line over Roll! on a phone counts a Blammo! Die as it is spent (its sound effect
typed), and still does after a live redraw of the panel (the review at 360 px: "Roll 3 dice…
70%" with 3 dice and a Blammo! Die to roll): the player rolling real dice counts out what
it says, and the app takes that many."""

import pytest
from playwright.sync_api import expect

from characters.models import Equipment, Knack
from sessions.models import Adventure, RealDice
from tests.browser.conftest import ARTIFACTS, HAND_IDS, HAND_SIZES, gamble_panel, seated
from tests.browser.http import Visitor

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize("viewport", HAND_SIZES, ids=HAND_IDS)
def test_the_odds_line_counts_the_blammo_die_through_a_live_redraw(
    in_hand, asgi_server, playing, password, viewport
):
    Adventure.objects.update(real_dice=RealDice.HAND)
    sam = playing["sam"]
    Knack.objects.create(character=sam, text="Brawling in cramped places")
    Equipment.objects.create(character=sam, text="A crowbar")
    page = seated(in_hand, viewport, "bob", password, playing["url"])
    panel = gamble_panel(page, "Sam Okafor")
    odds = panel.get_by_role("status").filter(has_text="to succeed")
    expect(odds).to_contain_text("Roll 1 die")

    panel.get_by_label("What are you attempting?").fill("Pry the hatch open")
    panel.get_by_label("Brawling in cramped places").check()
    panel.get_by_label("A crowbar").check()
    expect(odds).to_contain_text("Roll 3 dice (1 + 1 Knack + 1 Equipment). 70% to succeed")
    panel.get_by_text("Blammo! (2)", exact=True).tap()
    panel.get_by_label("Sound effect 1").fill("KER-RUNCH!")
    four = "Roll 4 dice (1 + 1 Knack + 1 Equipment + 1 Blammo! Die). 80% to succeed"
    expect(odds).to_contain_text(four)

    # The Director moves something that redraws Sam's panel: what Bob ticked and typed stays,
    # and so does the line that counts it.
    director = Visitor(asgi_server, playing["adventure"].director, password)
    status, _ = director.post(
        playing["url"] + "peril/", {"character": sam.pk, "delta": 1, "reason": "director"}
    )
    assert status == 200
    expect(panel.locator(".trackers-line")).to_contain_text("Peril 1")
    expect(panel.get_by_label("Sound effect 1")).to_have_value("KER-RUNCH!")
    expect(odds).to_contain_text(four)
    faces = panel.get_by_label("The faces you rolled")
    expect(faces).to_have_attribute("placeholder", "1–6 each")  # a hint, never faces
    faces.scroll_into_view_if_needed()
    page.screenshot(
        path=ARTIFACTS / f"phone-odds-blammo-{viewport['width']}x{viewport['height']}.png"
    )

    # Four faces for the four dice the line said: taken, one Blammo! Die spent.
    faces.fill("2 3 4 5")
    roll = panel.get_by_role("button", name="Enter the roll")
    roll.scroll_into_view_if_needed()
    roll.tap()
    expect(panel.get_by_label("Die 4: 5")).to_be_visible()
    expect(panel.locator(".trackers-line")).to_contain_text("Blammo! Dice 1")


def test_the_odds_line_ends_on_the_forms_pool_when_a_redraw_crosses_the_question(
    in_hand, asgi_server, playing, password
):
    """Under load (a busy evening), a live redraw of the panel may land while the odds question
    for a typed sound effect is on its way: its answer then belongs to the line the redraw took
    away. The line in the page still ends on the form's pool, 2 dice, not the redraw's 1 die."""
    sam = playing["sam"]
    page = seated(in_hand, HAND_SIZES[0], "bob", password, playing["url"])
    panel = gamble_panel(page, "Sam Okafor")
    odds = panel.get_by_role("status").filter(has_text="to succeed")
    expect(odds).to_contain_text("1 die")
    director = Visitor(asgi_server, playing["adventure"].director, password)
    held = []

    def answer_after_a_redraw(route):
        if held:
            route.continue_()
            return
        held.append(route)
        answer = route.fetch()  # for the pool with the sound effect: 2 dice
        status, _ = director.post(
            playing["url"] + "peril/", {"character": sam.pk, "delta": 1, "reason": "director"}
        )
        assert status == 200
        panel.locator(".trackers-line").filter(has_text="Peril 1").wait_for()
        route.fulfill(response=answer)

    page.route("**/odds/**", answer_after_a_redraw)
    panel.get_by_text("Blammo! (2)", exact=True).tap()
    panel.get_by_label("Sound effect 1").fill("KRAK!")
    expect(panel.locator(".trackers-line")).to_contain_text("Peril 1")
    expect(panel.get_by_label("Sound effect 1")).to_have_value("KRAK!")
    expect(odds).to_contain_text("2 dice")
    assert held  # the question did cross the redraw


@pytest.mark.parametrize("viewport", HAND_SIZES, ids=HAND_IDS)
def test_the_blammo_box_echoes_the_odds_where_the_sound_effect_is_typed(
    in_hand, playing, password, viewport
):
    """A fresh-eyes phone: the Blammo! box opens between the odds line and Roll!, and the line a
    sound effect changes was off the screen above. The box echoes it under the sound effects,
    in sight with Roll! just below it (a later review: echoed between the box's heading and
    its field, it didn't read as what the choices come to)."""
    page = seated(in_hand, viewport, "bob", password, playing["url"])
    panel = gamble_panel(page, "Sam Okafor")
    panel.get_by_text("Blammo! (2)", exact=True).tap()
    field = panel.get_by_label("Sound effect 1")
    field.press_sequentially("KRAK!")  # typed as a thumb types it, a key at a time
    echo = panel.locator(".odds-echo")
    expect(echo).to_contain_text("2 dice")
    expect(echo).to_contain_text("to succeed")
    roll = panel.get_by_role("button", name="Roll!")
    roll.scroll_into_view_if_needed()
    expect(echo).to_be_in_viewport(ratio=1)
    assert echo.bounding_box()["y"] < roll.bounding_box()["y"]
    page.screenshot(
        path=ARTIFACTS / f"phone-blammo-odds-echo-{viewport['width']}x{viewport['height']}.png"
    )


def test_an_odds_question_lost_on_the_way_is_asked_again(in_hand, playing, password):
    """A busy evening (CI under load, twice): the question a typed sound effect sends never
    came back, and the line stayed on the pool from before it, 1 die. A moment after the
    player stops typing, a line not answered since is asked for again."""
    page = seated(in_hand, HAND_SIZES[0], "bob", password, playing["url"])
    panel = gamble_panel(page, "Sam Okafor")
    odds = panel.get_by_role("status").filter(has_text="to succeed")
    expect(odds).to_contain_text("1 die")
    lost = []

    def lose_the_first(route):
        if lost:
            route.continue_()
            return
        lost.append(route.request.url)
        route.abort()

    page.route("**/odds/**", lose_the_first)
    panel.get_by_text("Blammo! (2)", exact=True).tap()
    panel.get_by_label("Sound effect 1").press_sequentially("KRAK!")
    # The server's line for 2 dice, its chances with it: the page's own count says "2 dice"
    # at once (gamble-form.js), before any question is sent, let alone lost and asked again.
    expect(odds).to_contain_text("2 dice: 56% to succeed")
    # The question lost was one with the sound effect (or the start of it) in it.
    assert len(lost) == 1
    assert "sound_effects=K" in lost[0]
