"""A player on a phone ticks a Knack and taps Roll! at once, on a busy evening: the server's
odds line (the chances for the pool as ticked) is still on its way when the roll goes, and
comes after it (a CI run: the late answer raced the tap). The roll goes once, with the box
ticked as it was at the tap; the late answer changes nothing on the panel after it, neither
the dice rolled nor the fresh Gamble after Lock in."""

import pytest
from playwright.sync_api import expect

from characters.models import Equipment, Knack
from sessions.models import Gamble
from tests.browser.conftest import gamble_panel, seated

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 360, "height": 780}


def _sams_gamble(in_hand, playing, password, where: str):
    """Sam's Gamble panel on a phone: on Bob's table, or on the Director's Roll-for page."""
    if where == "player":
        page = seated(in_hand, PHONE, "bob", password, playing["url"])
    else:
        page = seated(in_hand, PHONE, "alice", password, playing["url"])
        page.goto(f"{playing['url']}for/{playing['sam'].pk}/")
        expect(page.get_by_role("heading", name="Rolling for Sam Okafor")).to_be_visible()
    return page, gamble_panel(page, "Sam Okafor")


class _Held(list):
    """The odds questions held, in order; `letting_go`: answered as they come from then on."""

    letting_go = False

    def take(self, route) -> None:
        route.continue_() if self.letting_go else self.append(route)


def _hold(page) -> _Held:
    """The odds questions from now on wait, unanswered, until let through (`_answer`)."""
    held = _Held()
    page.route("**/odds/**", held.take)
    return held


def _let_go(page, held) -> None:
    """The odds questions held, and any asked from now on, are answered."""
    held.letting_go = True
    _answer(page, held)


def _answer(page, held) -> None:
    """Let the held odds questions through, and wait for each answer to reach the page."""
    while held:
        route = held.pop(0)
        with page.expect_response(lambda response, asked=route.request: response.request == asked):
            route.continue_()
    page.evaluate("() => new Promise((done) => requestAnimationFrame(() => setTimeout(done)))")


@pytest.mark.parametrize(
    ("where", "answered"),
    [("player", "after the roll"), ("player", "after Lock in"), ("Roll for", "after the roll")],
)
def test_a_roll_tapped_right_after_a_tick_goes_once_and_a_late_odds_answer_changes_nothing(
    in_hand, playing, password, load_dice, where, answered
):
    sam = playing["sam"]
    Knack.objects.create(character=sam, text="Brawling in cramped places")
    page, panel = _sams_gamble(in_hand, playing, password, where)
    odds = panel.get_by_role("status").filter(has_text="to succeed")
    panel.get_by_label("What are you attempting?").fill("Shoulder the door")
    expect(odds).to_contain_text("1 die: 33% to succeed")

    held = _hold(page)
    load_dice(5, 2)
    panel.get_by_label("Brawling in cramped places").tap()
    panel.get_by_role("button", name="Roll!").tap()

    # Rolled once, with the Knack ticked at the tap: two dice.
    panel = gamble_panel(page, "Sam Okafor")  # the Roll-for page drawn afresh
    lock_in = panel.get_by_role("button", name="Lock in")
    expect(lock_in).to_be_visible()
    expect(panel.get_by_label("Die 2: 2")).to_be_visible()
    expect(panel.get_by_label("Die 3", exact=False)).to_have_count(0)
    if where == "Roll for":
        held.clear()  # its questions went with the page the roll left (sent without htmx)
    else:
        assert held, "the odds question was on its way at the tap"
    if answered == "after the roll":
        _answer(page, held)
        # The dice stay: no form drawn back over them, no odds line.
        expect(lock_in).to_be_visible()
        expect(panel.get_by_label("Die 2: 2")).to_be_visible()
        expect(panel.get_by_role("button", name="Roll!")).to_have_count(0)
        expect(panel.get_by_role("status").filter(has_text="to succeed")).to_have_count(0)
    gamble = Gamble.objects.get()
    assert (gamble.pool, gamble.dice) == (2, [5, 2])
    if where == "Roll for":
        return  # its Lock in goes back to the cockpit: no fresh form here

    # Locked in: a fresh Gamble, nothing ticked, one die; an odds answer for the old one,
    # coming after, puts nothing back.
    lock_in.tap()
    roll = panel.get_by_role("button", name="Roll!")
    expect(roll).to_have_text("Roll! (1 die)")
    expect(panel.get_by_label("Brawling in cramped places")).not_to_be_checked()
    _let_go(page, held)
    expect(panel.get_by_label("Brawling in cramped places")).not_to_be_checked()
    expect(panel.get_by_label("What are you attempting?")).to_have_value("")
    expect(odds).to_contain_text("1 die: 33% to succeed")
    expect(panel.locator(".odds-counting")).to_have_count(0)
    expect(roll).to_have_text("Roll! (1 die)")
    assert Gamble.objects.count() == 1


@pytest.mark.parametrize("where", ["player", "Roll for"])
def test_an_odds_answer_for_the_pool_before_the_last_tick_is_not_drawn(
    in_hand, playing, password, where
):
    """A Knack ticked, then Equipment, the first question still on its way: its answer (2 dice)
    comes after the second tick, and the line and Roll! stay on the 3 dice ticked (they went
    back to 2 for a moment: a tap then rolled 3 dice under "Roll! (2 dice)")."""
    sam = playing["sam"]
    Knack.objects.create(character=sam, text="Brawling in cramped places")
    Equipment.objects.create(character=sam, text="A crowbar")
    page, panel = _sams_gamble(in_hand, playing, password, where)
    odds = panel.get_by_role("status").filter(has_text="to succeed")
    roll = panel.get_by_role("button", name="Roll!")
    expect(odds).to_contain_text("1 die: 33% to succeed")

    held = _hold(page)
    panel.get_by_label("Brawling in cramped places").tap()
    page.wait_for_function("() => document.querySelector('.odds.odds-counting')")
    panel.get_by_label("A crowbar").tap()
    expect(roll).to_have_text("Roll! (3 dice)")
    assert len(held) == 1, "the second question waits for the first"
    _answer(page, held)  # the answer for the Knack alone
    expect(odds).to_contain_text("3 dice")
    expect(roll).to_have_text("Roll! (3 dice)")
    _let_go(page, held)
    expect(odds).to_contain_text("3 dice: 70% to succeed")
    expect(roll).to_have_text("Roll! (3 dice)")
