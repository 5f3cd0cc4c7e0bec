"""The Director's folds are remembered for one Adventure (a fresh-eyes evening, issue 35, D11):
"The end" opened to finish one Adventure doesn't open by itself at the next Adventure's table,
and a reload of the same table keeps it as the Director left it."""

import pytest
from playwright.sync_api import expect

from sessions.models import Adventure, Leg
from tests.browser.conftest import seated

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

DIRECTOR = {"width": 1366, "height": 768}


def _the_end(page):
    return page.locator("#director-pacing-panel details", has_text="The end")


def test_the_end_opened_at_one_table_is_folded_at_the_next(new_page, playing, password):
    adventure = playing["adventure"]
    following = Adventure.objects.create(director=adventure.director, title="The Brass Jack")
    Leg.objects.create(adventure=following, position=1, title="Cogs at Dawn")
    page = seated(new_page, DIRECTOR, "alice", password, playing["url"])
    expect(_the_end(page)).not_to_have_attribute("open", "")
    page.get_by_text("The end", exact=True).click()
    expect(page.get_by_label("Yes, the Adventure is over")).to_be_visible()
    page.reload()
    expect(page.get_by_label("Yes, the Adventure is over")).to_be_visible()  # kept here

    page.goto(f"/adventures/{following.pk}/table/")
    expect(page.locator("[data-live-status]")).to_have_text("Live")
    expect(_the_end(page)).not_to_have_attribute("open", "")
    expect(page.get_by_label("Yes, the Adventure is over")).to_be_hidden()
