"""No stale value is reused (issue 35 item 3): every Director form that went through comes back
fresh, even when a live redraw kept what was typed in it meanwhile (hx-preserve). Reported: the
Rest form kept a die typed for Sam, and the next Rest logged "rolled by hand 2" again."""

import re

import pytest
from playwright.sync_api import expect

from sessions.models import Adventure, Leg, RealDice
from tests.browser.conftest import seated, tool_group, try_and_roll
from tests.browser.http import Visitor

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LAPTOP = {"width": 1366, "height": 768}


def _real_dice(playing) -> None:
    Adventure.objects.filter(pk=playing["adventure"].pk).update(real_dice=RealDice.EITHER)


def _director(new_page, playing, password):
    page = seated(new_page, LAPTOP, "alice", password, playing["url"])
    return page


def _form_of(scope, button: str):
    return scope.locator("form").filter(has=scope.page.get_by_role("button", name=button))


def _live_redraw_of_the_tools(asgi_server, playing, password, page) -> None:
    """Someone presses the X-card and the Director resumes: two live redraws of the Tools."""
    player = Visitor(asgi_server, playing["sam"].owner, password)
    player.get(playing["url"])
    assert player.post(playing["url"] + "x-card/")[0] == 200
    expect(page.get_by_role("button", name="Resume the game")).to_be_visible()
    director = Visitor(asgi_server, playing["adventure"].director, password)
    director.get(playing["url"])
    assert director.post(playing["url"] + "resume/")[0] == 200
    expect(page.get_by_role("button", name="Resume the game")).to_have_count(0)


def test_the_rest_form_forgets_the_die_typed_for_a_hero_once_the_rest_is_called(
    new_page, asgi_server, playing, password, load_dice
):
    _real_dice(playing)
    page = _director(new_page, playing, password)
    rest = _form_of(tool_group(page, "Peril & Rest"), "Call a Rest (everyone rolls 1d6)")
    sams_die = rest.get_by_label("Sam Okafor")
    sams_die.fill("2")
    _live_redraw_of_the_tools(asgi_server, playing, password, page)
    expect(sams_die).to_have_value("2")  # what is being typed survives a redraw

    load_dice(4)  # Ada's die
    rest.get_by_role("button", name="Call a Rest (everyone rolls 1d6)").click()
    log = page.locator("#log-list")
    expect(log.get_by_text(re.compile(r"Sam Okafor rolled by hand 2"))).to_have_count(1)
    expect(sams_die).to_have_value("")
    expect(rest.get_by_label("Ada")).to_have_value("")

    # The next Rest rolls Sam's die afresh: nothing typed is sent again.
    load_dice(5, 6)
    rest.get_by_role("button", name="Call a Rest (everyone rolls 1d6)").click()
    expect(log.get_by_text(re.compile(r"Sam Okafor rolls 5"))).to_have_count(1)
    expect(log.get_by_text(re.compile(r"Sam Okafor rolled by hand 2"))).to_have_count(1)


def test_the_lucky_saves_form_of_the_next_leg_starts_empty(
    new_page, asgi_server, playing, password, load_dice
):
    _real_dice(playing)
    adventure = playing["adventure"]
    for position, title in ((2, "The Brass Jack"), (3, "The Last Train")):
        Leg.objects.create(adventure=adventure, position=position, title=title)
    director = Visitor(asgi_server, adventure.director, password)
    director.get(playing["url"])
    assert director.post(playing["url"] + "leg/end/", {"part": "director-pacing"})[0] == 200
    page = _director(new_page, playing, password)
    pacing = tool_group(page, "Pacing")
    start = _form_of(pacing, "Start Leg")
    start.get_by_label("Sam Okafor").fill("5")
    load_dice(3)  # Ada's die
    start.get_by_role("button", name="Start Leg").click()
    expect(page.locator("#log-list").get_by_text(re.compile("Leg 2 begins"))).to_be_visible()

    pacing.get_by_role("button", name="End Leg").click()
    pacing.get_by_role("button", name="Yes, end the Leg").click()  # asked in the page
    expect(start.get_by_label("Sam Okafor")).to_be_visible()
    expect(start.get_by_label("Sam Okafor")).to_have_value("")


def test_the_peril_form_comes_back_fresh(new_page, asgi_server, playing, password):
    page = _director(new_page, playing, password)
    tools = tool_group(page, "Peril & Rest")
    tools.get_by_label("Who", exact=True).select_option(label="Ada")
    tools.get_by_label("Peril (+ or −)").fill("2")
    tools.get_by_label("Say more (optional)").fill("a falling crate")
    _live_redraw_of_the_tools(asgi_server, playing, password, page)
    expect(tools.get_by_label("Say more (optional)")).to_have_value("a falling crate")
    tools.get_by_role("button", name="Dole out Peril").click()
    expect(page.locator("#log-list")).to_contain_text("a falling crate")
    expect(tools.get_by_label("Peril (+ or −)")).to_have_value("1")
    expect(tools.get_by_label("Say more (optional)")).to_have_value("")


def test_the_group_gamble_and_investigation_forms_come_back_fresh(
    new_page, asgi_server, playing, password
):
    page = _director(new_page, playing, password)
    tools = tool_group(page, "Group & Investigate")
    what = tools.get_by_label("At what?")
    what.fill("The ledger's torn pages")
    _live_redraw_of_the_tools(asgi_server, playing, password, page)
    expect(what).to_have_value("The ledger's torn pages")
    tools.get_by_role("button", name="Ask to investigate").click()
    expect(tools.get_by_text("Waiting for: Sam Okafor (The ledger's torn pages)")).to_be_visible()
    expect(what).to_have_value("")

    tools.get_by_label("What does the whole Cast attempt?").fill("Outrun the flood")
    tools.get_by_role("button", name="Call a Group Gamble").click()
    close = tools.get_by_role("button", name=re.compile("Close it now"))
    close.click()
    expect(tools.get_by_label("What does the whole Cast attempt?")).to_have_value("")


def test_a_form_comes_back_fresh_when_the_live_redraw_beats_its_answer(
    new_page, asgi_server, playing, password
):
    """Seen on PostgreSQL, whose events are quick: the redraw took the form out of the page
    before the answer came, and the typed line stayed."""
    page = _director(new_page, playing, password)
    tools = tool_group(page, "Group & Investigate")
    waiting = tools.get_by_text("Waiting for: Sam Okafor (The ledger's torn pages)")

    def answer_after_the_redraw(route):
        answer = route.fetch()
        waiting.wait_for()
        route.fulfill(response=answer)

    page.route("**/table/investigate/", answer_after_the_redraw)
    what = tools.get_by_label("At what?")
    what.fill("The ledger's torn pages")
    tools.get_by_role("button", name="Ask to investigate").click()
    expect(waiting).to_be_visible()
    expect(what).to_have_value("")


def test_rolling_for_a_hero_comes_back_fresh(new_page, asgi_server, playing, password):
    _real_dice(playing)
    page = _director(new_page, playing, password)
    page.goto(playing["url"] + f"for/{playing['sam'].pk}/")
    panel = page.get_by_role("region", name="Sam Okafor: Gamble")
    panel.get_by_label("What are you attempting?").fill("pick the lock")
    panel.get_by_label("Rolled your own? Enter the faces").fill("2")
    try_and_roll(panel)
    expect(panel.get_by_label("Die 1: 2")).to_be_visible()
    panel.get_by_role("button", name="Lock in").click()
    # The lock-in takes the Director back to the table; the next roll for Sam starts afresh.
    page.wait_for_url("**" + playing["url"])
    page.goto(playing["url"] + f"for/{playing['sam'].pk}/")
    expect(panel.get_by_role("button", name="Roll!")).to_be_visible()
    expect(panel.get_by_label("What are you attempting?")).to_have_value("")
    expect(panel.get_by_label("Rolled your own? Enter the faces")).to_have_value("")


def test_a_group_gamble_called_as_the_live_redraw_beats_its_answer_leaves_no_line_behind(
    new_page, asgi_server, playing, password
):
    """Seen under a loaded machine: the redraw of the Group Gamble called came before the
    call's answer, took the form away (the Gamble waiting) and kept the typed line for when
    it came back: closed, the form read "Outrun the flood" again."""
    page = _director(new_page, playing, password)
    tools = tool_group(page, "Group & Investigate")
    close = tools.get_by_role("button", name=re.compile("Close it now"))

    def answer_after_the_redraw(route):
        answer = route.fetch()
        close.wait_for()
        route.fulfill(response=answer)

    page.route("**/table/group/", answer_after_the_redraw)
    tools.get_by_label("What does the whole Cast attempt?").fill("Outrun the flood")
    tools.get_by_role("button", name="Call a Group Gamble").click()
    close.click()
    expect(tools.get_by_label("What does the whole Cast attempt?")).to_have_value("")
