"""The server goes down mid-game and comes back: nothing committed is lost, and open pages
reconnect and catch up by themselves."""

import pytest
from playwright.sync_api import expect

from sessions.actions import peril, scenes
from sessions.models import TableEvent
from tests.browser.conftest import _free_port, log_of, running_server
from tests.browser.http import Visitor

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_pages_catch_up_after_the_server_restarts(
    browser, shared_server_stopped, playing, password
):
    port = _free_port()
    adventure = playing["adventure"]
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    try:
        with running_server("restart", port) as base:
            page.goto(base + "/accounts/login/")
            log_in_here(page, base, playing["sam"].owner.username, password)
            page.goto(base + playing["url"])
            expect(page.locator("[data-live-status]")).to_have_text("Live")
            director = Visitor(base, adventure.director, password)
            director.get(playing["url"])
            status, _ = director.post(
                playing["url"] + "peril/",
                {"character": playing["sam"].pk, "delta": 1, "reason": "weird", "detail": "crash"},
            )
            assert status == 200
            expect(log_of(page).get_by_text("strange or eldritch: crash")).to_be_visible()
        # The server is down. The game goes on in the database (say, another process).
        expect(page.locator("[data-live-status]")).to_have_text("Reconnecting…")
        peril.adjust_peril(adventure, playing["sam"].pk, 2, "while the server was down", None)
        scenes.end_scene(adventure, None)
        committed = list(TableEvent.objects.values_list("pk", flat=True))
        with running_server("restart", port):
            expect(page.locator("[data-live-status]")).to_have_text("Live", timeout=20_000)
            expect(page.get_by_text("while the server was down")).to_be_visible()
            expect(page.get_by_text("Scene over")).to_be_visible()
            # The parts redraw too: Sam's Peril is 3 now, and no log row shows twice.
            cast = page.get_by_role("region", name="The Cast")
            expect(cast.locator("li", has_text="Sam")).to_contain_text("Peril 3/6")
            rows = page.locator("#log-list > li").evaluate_all("rows => rows.map(r => r.id)")
            assert len(rows) == len(set(rows))
        assert list(TableEvent.objects.values_list("pk", flat=True)) == committed
    finally:
        context.close()


def log_in_here(page, base, username, password):
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill(password)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url(base + "/home/")
