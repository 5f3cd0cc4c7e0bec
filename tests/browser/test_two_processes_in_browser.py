"""Several app processes serve one table on PostgreSQL: LISTEN/NOTIFY carries the news."""

import pytest
from django.db import connection
from playwright.sync_api import expect

from sessions.models import Gamble
from tests.browser.conftest import log_in, running_server
from tests.browser.http import Visitor
from tests.gambles import gamble_form

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.mark.skipif(
    connection.vendor != "postgresql",
    reason="one SQLite file is served by one process; CI runs this on PostgreSQL",
)
def test_an_event_from_process_a_reaches_a_browser_on_process_b(
    asgi_server, browser, playing, password, load_dice
):
    with running_server("server-b") as server_b:
        context = browser.new_context(base_url=server_b, viewport={"width": 390, "height": 844})
        page = context.new_page()
        log_in(page, playing["ada"].owner.username, password)
        page.goto(playing["url"])
        expect(page.locator("[data-live-status]")).to_have_text("Live")

        sam_on_a = Visitor(asgi_server, playing["sam"].owner, password)
        sam_on_a.get(playing["url"])
        load_dice(6)
        status, _ = sam_on_a.post(
            playing["url"] + f"roll/{playing['sam'].pk}/", gamble_form("two-procs-1")
        )
        assert status == 200
        gamble = Gamble.objects.get()
        sam_on_a.post(playing["url"] + f"gambles/{gamble.pk}/lock/", {"step": gamble.step})
        expect(page.get_by_text("Sam Okafor locks in: Success!")).to_be_visible()
        expect(page.get_by_role("region", name="Latest Gamble")).to_contain_text("Success!")
        context.close()
