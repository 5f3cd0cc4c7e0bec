"""The TV says what a move did, in the log's own words (issue 34, the room's screens): a lock-in's
every consequence (the Peril its 1s dealt, the Danger taken out) under its verdict, in the
spotlight and on the board's Latest Gamble; a Rest's outcome for each hero, Peril down or not,
on the TV and at the top of each player's phone."""

import pytest
from playwright.sync_api import expect

from characters.models import Character
from sessions.actions import dangers
from sessions.models import Danger, Gamble, TableEvent
from sessions.rules import DangerTemplate
from tests.browser.conftest import ARTIFACTS, PHONE, seated, shared_screen
from tests.browser.http import Visitor
from tests.browser.test_tv_stage_in_browser import SIZES

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_tv_and_the_phones_say_every_consequence_of_a_lock_in(
    new_page, asgi_server, playing, password, load_dice
):
    path = shared_screen(asgi_server, playing, password)
    adventure, sam = playing["adventure"], playing["sam"]
    dangers.add_danger(adventure, "Brass sentry", DangerTemplate.MINION, None)
    guard = Danger.objects.get(name="Brass sentry")
    Danger.objects.filter(pk=guard.pk).update(revealed=True)
    tv = new_page(SIZES["720p"])
    tv.goto(path)
    expect(tv.locator("[data-live-status]")).to_have_text("Live")
    phone = seated(new_page, PHONE, "carol", password, playing["url"])

    bob = Visitor(asgi_server, sam.owner, password)
    bob.get(playing["url"])
    load_dice(6, 1)
    roll = {"request_id": "sentry-sam-01", "intent": "knock the sentry flat", "danger": guard.pk}
    roll["advantages"] = 1  # two dice: a 6 to win, a 1 for Peril
    assert bob.post(playing["url"] + f"roll/{sam.pk}/", roll)[0] == 200
    gamble = Gamble.objects.get(character=sam)
    assert bob.post(playing["url"] + f"gambles/{gamble.pk}/lock/", {"step": gamble.step})[0] == 200

    logged = TableEvent.objects.get(kind="gamble_locked").summary
    said = ["One 1 rolled: Peril +1.", "Sam Okafor puts Brass sentry out of the picture!"]
    for words in said:
        assert words in logged  # the log's words, which every screen repeats
    spotlight = tv.locator(".spotlight-part")
    for words in said:
        expect(spotlight).to_contain_text(words)
    tv.screenshot(path=ARTIFACTS / "tv-lock-in-consequences-spotlight-1280.png")
    # The board settles back: the Latest Gamble keeps saying them, on the TV and on a phone.
    expect(spotlight.locator(".spotlight")).to_be_hidden(timeout=15_000)
    for page in (tv, phone):
        latest = page.get_by_role("region", name="Latest Gamble")
        for words in said:
            expect(latest).to_contain_text(words)
            expect(latest.get_by_text(words)).to_be_visible()
    tv.screenshot(path=ARTIFACTS / "tv-lock-in-consequences-board-1280.png")
    phone.get_by_role("region", name="Latest Gamble").screenshot(
        path=ARTIFACTS / "phone-lock-in-consequences.png"
    )


def test_a_rest_on_the_tv_says_what_it_did_for_each_hero(
    new_page, asgi_server, playing, password, load_dice
):
    path = shared_screen(asgi_server, playing, password)
    sam, ada = playing["sam"], playing["ada"]
    Character.objects.filter(pk=sam.pk).update(peril=3)
    Character.objects.filter(pk=ada.pk).update(peril=1)
    tv = new_page(SIZES["720p"])
    tv.goto(path)
    expect(tv.locator("[data-live-status]")).to_have_text("Live")
    phone = seated(new_page, PHONE, "bob", password, playing["url"])

    director = Visitor(asgi_server, playing["adventure"].director, password)
    load_dice(2, 5)  # Sam 2 (at most his Peril 3: one off), Ada 5 (over her Peril 1: stays)
    assert director.post(playing["url"] + "rest/")[0] == 200

    said = ["Sam Okafor rolls 2: Peril 3 → 2", "Ada rolls 5: Peril stays at 1"]
    rests = tv.locator(".spot-rests")
    for words in said:
        expect(rests).to_contain_text(words)
    tv.screenshot(path=ARTIFACTS / "tv-rest-outcome-1280.png")
    log = phone.locator("#log-list")
    for words in said:
        expect(log).to_contain_text(words)
    # Bob's phone tells him, at its top, what the Rest did for his hero (his alone).
    phone.evaluate("window.scrollTo(0, 0)")
    told = phone.get_by_role("status").filter(has_text="A Rest")
    expect(told).to_contain_text(said[0])
    expect(told).not_to_contain_text("Ada")
    expect(told).to_be_in_viewport(ratio=1)
    phone.screenshot(path=ARTIFACTS / "phone-rest-outcome.png")
