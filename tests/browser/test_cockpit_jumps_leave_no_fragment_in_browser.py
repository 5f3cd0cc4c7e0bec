"""A jump within the Director's cockpit leaves the table's address as it was (fresh-eyes
review: after "When it goes wrong: 3 ideas ↓", the address ended in "#consequences-title" for
the rest of the evening, and still did once the Adventure was finished)."""

import re

import pytest
from playwright.sync_api import expect

from sessions.models import Gamble
from tests.browser.conftest import seated
from tests.browser.http import Visitor
from tests.gambles import gamble_form

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LAPTOP = {"width": 1366, "height": 768}


def _blunder(visitor: Visitor, url: str, hero, load_dice) -> None:
    load_dice(2, 3)
    form = gamble_form(f"c{hero.pk}-gamble-1", "Pick the lock of the harbour office")
    assert visitor.post(url + f"roll/{hero.pk}/", form)[0] == 200
    gamble = Gamble.objects.get(character=hero, locked=False)
    assert visitor.post(url + f"gambles/{gamble.pk}/lock/", {"step": gamble.step})[0] == 200


def test_the_pointer_to_the_prompts_jumps_without_a_fragment(
    new_page, asgi_server, playing, password, load_dice
):
    url = playing["url"]
    page = seated(new_page, LAPTOP, "alice", password, url)
    _blunder(Visitor(asgi_server, playing["sam"].owner, password), url, playing["sam"], load_dice)
    page.get_by_role("link", name="When it goes wrong: 3 ideas for what happens next").click()
    heading = page.get_by_role("heading", name="When it goes wrong")
    expect(heading).to_be_focused()
    expect(heading).to_be_in_viewport()
    assert page.url.endswith(url), page.url  # no "#consequences-title"


def test_a_fragment_the_table_was_opened_with_goes(new_page, playing, password):
    page = seated(new_page, LAPTOP, "alice", password, playing["url"] + "#lines-veils-panel")
    expect(page.locator("#lines-veils-panel")).to_be_in_viewport()
    expect(page).to_have_url(re.compile(re.escape(playing["url"]) + "$"))
