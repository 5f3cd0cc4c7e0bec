"""The stream carries the table: a phone that drops comes back right by itself, a tap that
can't get through says so and can be retried (once), and events cost a page no requests."""

import re

import pytest
from playwright.sync_api import expect

from characters.models import Character
from sessions.models import Adventure, Gamble, TableEvent
from tests.browser.conftest import (
    DESKTOP,
    cast_line,
    gamble_panel,
    log_in,
    log_of,
    open_menu,
    screenshot,
    try_and_roll,
)
from tests.browser.http import Visitor

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

BADGE = "[data-live-status]"


def _at_the_table(new_page, playing, username, password, viewport=None):
    page = new_page(viewport) if viewport else new_page()
    log_in(page, username, password)
    page.goto(playing["url"])
    expect(page.locator(BADGE)).to_have_text("Live")
    return page


def _director(asgi_server, playing, password) -> Visitor:
    director = Visitor(asgi_server, playing["adventure"].director, password)
    director.get(playing["url"])
    return director


def _peril(director: Visitor, playing, hero, detail: str) -> None:
    status, _ = director.post(
        playing["url"] + "peril/",
        {"character": hero.pk, "delta": 1, "reason": "weird", "detail": detail},
    )
    assert status == 200


def test_a_phone_that_drops_off_the_network_comes_back_right(
    new_page, asgi_server, playing, password
):
    phone = _at_the_table(new_page, playing, "bob", password)
    director = _director(asgi_server, playing, password)
    phone.context.set_offline(True)
    expect(phone.locator(BADGE)).to_have_text(re.compile(r"^Offline since \d\d:\d\d$"))
    # While the phone is away the game goes on.
    _peril(director, playing, playing["sam"], "a scream in the fog")
    _peril(director, playing, playing["sam"], "the lights go out")
    screenshot(phone, "live-offline-phone")
    phone.context.set_offline(False)
    # Back within seconds, without a reload: the trackers and the log are right again.
    expect(phone.locator(BADGE)).to_have_text("Live", timeout=3_000)
    expect(cast_line(phone, "Sam")).to_contain_text("Peril 2/6", timeout=3_000)
    expect(phone.get_by_text("the lights go out")).to_be_visible(timeout=3_000)
    rows = phone.locator("#log-list > li").evaluate_all("rows => rows.map(r => r.id)")
    assert len(rows) == len(set(rows))


def test_a_dropped_stream_is_reopened_and_the_badge_says_so(
    new_page, asgi_server, playing, password
):
    """The stream is cut (the server hangs up on it): the page says it is reconnecting, then
    catches up with what the Director did meanwhile."""
    phone = _at_the_table(new_page, playing, "bob", password)
    director = _director(asgi_server, playing, password)
    # Refuse the page its stream for a while, and cut the one it has.
    phone.route(re.compile(r".*/events/.*"), lambda route: route.abort())
    phone.evaluate("() => window.dispatchEvent(new Event('offline'))")
    phone.context.set_offline(True)
    phone.context.set_offline(False)
    expect(phone.locator(BADGE)).not_to_have_text("Live")
    _peril(director, playing, playing["sam"], "a trapdoor")
    phone.unroute(re.compile(r".*/events/.*"))
    expect(phone.locator(BADGE)).to_have_text("Live", timeout=3_000)
    expect(cast_line(phone, "Sam")).to_contain_text("Peril 1/6", timeout=3_000)


def test_a_tap_that_cannot_get_through_says_so_and_retry_applies_once(
    new_page, asgi_server, playing, password, load_dice
):
    phone = _at_the_table(new_page, playing, "bob", password)
    panel = gamble_panel(phone, "Sam Okafor")
    phone.context.set_offline(True)
    panel.get_by_label("What are you attempting?").fill("leap the gap")
    try_and_roll(panel)
    alert = panel.get_by_role("alert").filter(has_text="offline")
    expect(alert).to_be_visible()
    screenshot(phone, "live-tap-offline-phone")
    assert not Gamble.objects.exists()
    phone.context.set_offline(False)
    expect(phone.locator(BADGE)).to_have_text("Live", timeout=3_000)
    load_dice(5, 2)
    alert.get_by_role("button", name="Retry").click()
    expect(panel.get_by_role("button", name="Lock in")).to_be_visible()
    assert Gamble.objects.count() == 1


def test_a_retry_after_a_lost_answer_does_not_apply_twice(new_page, asgi_server, playing, password):
    """The Director's Peril reaches the server but the answer is lost on the way back: the
    Retry carries the same request id and changes nothing more."""
    director = _at_the_table(new_page, playing, "alice", password, DESKTOP)
    lost = []

    def lose_the_answer(route):
        route.fetch()  # the server does the work…
        lost.append(route.request.headers.get("x-request-id"))
        route.abort()  # …and the answer never arrives

    director.route("**/table/peril/", lose_the_answer)
    panel = director.get_by_role("region", name="Tools")
    panel.get_by_label("Who", exact=True).select_option(label="Sam Okafor")
    panel.get_by_label("Peril (+ or −)").fill("2")
    panel.get_by_role("button", name="Dole out Peril").click()
    alert = panel.get_by_role("alert").filter(has_text="Couldn't reach the table")
    expect(alert).to_be_visible()
    director.unroute("**/table/peril/")
    alert.get_by_role("button", name="Retry").click()
    expect(alert).to_be_hidden()
    expect(cast_line(director, "Sam")).to_contain_text("Peril 2/6")
    assert lost[0]  # the lost request carried an id, and so did its Retry
    assert Character.objects.get(pk=playing["sam"].pk).peril == 2
    assert TableEvent.objects.filter(kind="peril").count() == 1


def test_an_event_costs_a_page_no_requests(new_page, asgi_server, playing, password):
    """Every screen gets the new parts in its stream: none fetches anything because of it."""
    phone = _at_the_table(new_page, playing, "bob", password)
    requests = []
    phone.on("request", lambda request: requests.append(request.url))
    director = _director(asgi_server, playing, password)
    _peril(director, playing, playing["sam"], "a swinging crane hook")
    expect(cast_line(phone, "Sam")).to_contain_text("Peril 1/6")
    expect(log_of(phone).get_by_text("a swinging crane hook")).to_be_visible()
    status, _ = director.post(playing["url"] + "scene/end/")
    assert status == 200
    expect(phone.get_by_text("Scene over")).to_be_visible()
    assert requests == []


def test_switching_off_the_screen_link_closes_the_tv_and_says_so(
    new_page, asgi_server, playing, password
):
    director = _director(asgi_server, playing, password)
    director.post(playing["url"] + "screen/", {"enabled": "1"})
    token = Adventure.objects.get().screen_token
    tv = new_page(DESKTOP)
    tv.goto(f"/screen/{token}/")
    expect(tv.locator(BADGE)).to_have_text("Live")
    director.post(playing["url"] + "screen/", {"enabled": "0"})
    expect(tv.locator(BADGE)).to_have_text("This shared screen link has been switched off.")
    # It stays closed: no reconnecting to a link that is off.
    tv.wait_for_timeout(2_500)
    expect(tv.locator(BADGE)).to_have_text("This shared screen link has been switched off.")


def test_a_hero_taken_out_of_the_cast_loses_the_table(new_page, asgi_server, playing, password):
    phone = _at_the_table(new_page, playing, "carol", password)
    director = _director(asgi_server, playing, password)
    member = playing["adventure"].cast.get(character=playing["ada"])
    director.post(f"/adventures/{playing['adventure'].pk}/cast/{member.pk}/remove/")
    expect(phone.locator(BADGE)).to_have_text("You no longer have a seat at this table.")


def test_logging_out_in_another_tab_closes_the_table_and_says_so(new_page, playing, password):
    phone = _at_the_table(new_page, playing, "bob", password)
    other_tab = phone.context.new_page()
    other_tab.goto("/home/")
    open_menu(other_tab)
    other_tab.get_by_role("button", name=re.compile("Log out")).click()
    expect(phone.locator(BADGE)).to_have_text("You no longer have a seat at this table.")
    expect(phone.get_by_role("alert").filter(has_text="no longer have a seat")).to_be_visible()
    screenshot(phone, "live-logged-out-phone")
