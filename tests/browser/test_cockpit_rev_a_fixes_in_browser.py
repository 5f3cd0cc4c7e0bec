"""A fresh-eyes review of the Director's cockpit at a laptop (1366×768), in a real browser:
a Danger shown while the Tumult's question waits is offered ticked like the others."""

import pytest
from playwright.sync_api import expect

from sessions.actions import dangers
from sessions.models import Danger
from sessions.rules import DangerTemplate
from tests.browser.conftest import seated

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LAPTOP = {"width": 1366, "height": 768}


def _three_dangers(adventure, hidden=("The Lurker",)):
    Danger.objects.all().delete()
    for name, template in (
        ("Brass Jack", DangerTemplate.LIEUTENANT),
        ("Museum guards", DangerTemplate.MINION),
        ("The Lurker", DangerTemplate.VILLAIN),
    ):
        dangers.add_danger(adventure, name, template, None)
    Danger.objects.exclude(name__in=hidden).update(revealed=True)


def test_a_danger_shown_before_the_tumult_is_offered_ticked_like_the_others(
    new_page, asgi_server, playing, password
):
    _three_dangers(playing["adventure"])
    page = seated(new_page, LAPTOP, "alice", password, playing["url"])
    question = page.get_by_role("dialog")

    # The question asked once and put off: the hidden Lurker unticked, the Director's call.
    page.get_by_role("button", name="Start a Tumult").click()
    expect(question.get_by_label("The Lurker (hidden)")).not_to_be_checked()
    question.get_by_role("button", name="Not yet").click()
    expect(question).to_be_hidden()

    # The Lurker is shown to the table: asked again, every Danger in sight is ticked.
    page.get_by_role("button", name="Show The Lurker").click()
    expect(page.get_by_role("button", name="Hide The Lurker")).to_be_visible()
    expect(page.locator("#tumult-start-confirm")).not_to_contain_text("(hidden)")
    page.get_by_role("button", name="Start a Tumult").click()
    for name in ("Brass Jack", "Museum guards", "The Lurker"):
        expect(question.get_by_label(name)).to_be_checked()

    # Shown while the question is open: ticked too, and a box the Director changed stays so.
    question.get_by_label("Museum guards").uncheck()
    question.get_by_role("button", name="Not yet").click()
    page.get_by_role("button", name="Hide The Lurker").click()
    expect(page.get_by_role("button", name="Show The Lurker")).to_be_visible()
    page.get_by_role("button", name="Start a Tumult").click()
    expect(question.get_by_label("The Lurker (hidden)")).not_to_be_checked()
    expect(question.get_by_label("Museum guards")).not_to_be_checked()
    page.get_by_role("button", name="Show The Lurker").click()
    expect(question.get_by_label("The Lurker", exact=True)).to_be_checked()
    expect(question.get_by_label("Museum guards")).not_to_be_checked()
    expect(question.get_by_label("Brass Jack")).to_be_checked()
