"""Signing up from an invite on a phone (a fresh-eyes stranger at 360x780 and 390x844): the
invite is good news, said in a friendly sentence, not red capitals that read like an error;
and the Username's help ("Letters, digits and @/./+/-/_ only.") keeps clear of the focused
box's ring."""

import re

import pytest
from django.core.cache import cache
from playwright.sync_api import expect

from sessions.models import Adventure
from tests.browser.conftest import HAND_IDS, HAND_SIZES, screenshot

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize("viewport", HAND_SIZES, ids=HAND_IDS)
def test_the_invite_reads_as_good_news_and_the_help_clears_the_focus_ring(
    game, in_hand, asgi_server, viewport
):
    cache.clear()
    code = Adventure.objects.get(pk=game["adventure"].pk).join_code
    phone = in_hand(viewport)
    phone.goto(f"{asgi_server}/join/{code}/")
    expect(phone).to_have_url(re.compile(r"/accounts/signup/\?next="))
    note = phone.get_by_text("You have an invite to a table: sign up, make your hero")
    expect(note).to_be_visible()
    look = note.evaluate(
        "el => ({case: getComputedStyle(el).textTransform, color: getComputedStyle(el).color})"
    )
    # Sentence case, in the page's ink (#1d1a16), never the kicker's red capitals.
    assert look == {"case": "none", "color": "rgb(29, 26, 22)"}, look

    username = phone.get_by_label("Username")
    username.focus()
    help_box = phone.locator("#id_username_helptext").bounding_box()
    box = username.bounding_box()
    # The ring: 3px wide, 2px off the box (site.css :focus-visible); 4px of air above it.
    ring_top = box["y"] - 5
    assert ring_top - (help_box["y"] + help_box["height"]) >= 4, (help_box, box)
    screenshot(phone, f"invite-sign-up-{viewport['width']}x{viewport['height']}")
