"""Ending a Tumult asks first, in the page, as starting one does (a fresh-eyes cockpit: one
click beside "Enemies' turn" ended the fight for every screen); the server ends it only once
the Director said yes."""

import html

import pytest

from sessions.models import TableEvent, Tumult
from tests.conftest import HTMX

pytestmark = pytest.mark.django_db


def test_the_end_without_its_yes_is_refused_and_the_question_asked_again(director, playing):
    director.post(playing["url"] + "tumult/start/")
    before = TableEvent.objects.count()
    refused = director.post(
        playing["url"] + "tumult/end/", {"part": "director-tumult", "tool": "end"}, headers=HTMX
    )
    assert refused.status_code == 409
    page = html.unescape(refused.content.decode())
    assert "Say yes to end the Tumult" in page
    assert 'id="tumult-end-confirm"' in page
    assert "data-ask-again" in page
    assert Tumult.objects.filter(active=True).exists()
    assert TableEvent.objects.count() == before

    done = director.post(
        playing["url"] + "tumult/end/",
        {"part": "director-tumult", "tool": "end", "confirm": "yes"},
        headers=HTMX,
    )
    assert done.status_code == 200
    assert not Tumult.objects.filter(active=True).exists()


def test_the_cockpit_asks_before_the_tumult_ends(director, playing):
    director.post(playing["url"] + "tumult/start/")
    page = html.unescape(director.get(playing["url"]).content.decode())
    assert 'popovertarget="tumult-end-confirm"' in page
    assert "End the Tumult?" in page
    assert 'name="confirm" value="yes"' in page
    # No button ends it in one click any more: each "End the Tumult" opens the question.
    assert 'form="tumult-end" autofocus' in page
    assert page.count('form="tumult-end"') == 1
