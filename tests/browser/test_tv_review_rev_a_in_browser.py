"""A fresh-eyes review of the TV (rev a): an open Gamble's spotlight says what is still to do
("… can lock it in", not "locks it in"); paged lists say plainly that a page is up; standing
Dangers come before those put out; at 1280×720 the Scene keeps its Key Location's line, and the
join QR code stays big enough to scan across a room once a Scene is under way."""

import pytest
from playwright.sync_api import expect

from characters.models import Character
from sessions.models import Danger, Gamble
from sessions.rules import DangerTemplate
from tests.browser.conftest import foes_in_sight, shared_screen
from tests.browser.http import Visitor
from tests.browser.test_tv_reads_whole_in_browser import (
    EVERY,
    NOT_WHOLE,
    PLAY,
    SHOWN,
    SIZES,
    _evening,
    _settled,
    looked_at,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_after_a_catchphrase_reroll_the_open_gamble_says_the_hero_can_lock_it_in(
    new_page, asgi_server, playing, password, load_dice
):
    sam = playing["sam"]
    Character.objects.filter(pk=sam.pk).update(lucky_saves=6, catchphrase_used=False)
    foes_in_sight(playing["adventure"], ("The Chronometer Thief", DangerTemplate.LIEUTENANT))
    path = shared_screen(asgi_server, playing, password)
    tv = new_page(SIZES["1080p"])
    _settled(tv, path)
    spotlight = tv.locator(".spotlight-part")
    spotlight.evaluate("h => { h.dataset.shownFor = 60000; h.dataset.readFor = 60000; }")
    player = Visitor(asgi_server, sam.owner, password)
    load_dice(*[6] * 12)  # a success, and a success again on the re-roll
    roll = {
        "request_id": "rev-a-catchphrase",
        "intent": "read the thief's bluff",
        "danger": Danger.objects.get().pk,
    }
    assert player.post(playing["url"] + f"roll/{sam.pk}/", roll)[0] == 200
    gamble = Gamble.objects.get(character=sam)
    url = playing["url"] + f"gambles/{gamble.pk}/reroll/"
    # (A success re-rolled: confirmed, as the phone's question does.)
    assert player.post(url, {"step": gamble.step, "confirm": "yes"})[0] == 200
    said = f"Catchphrase spent, no Lucky Save needed (6 left): {sam.name} can lock it in."
    expect(spotlight).to_contain_text(said)
    expect(spotlight).not_to_contain_text("locks it in")
    assert not Gamble.objects.get(pk=gamble.pk).locked


THIEF = "The Chronometer Thief, Who Leaps Between the Rooftops of the Old Medina"


@pytest.mark.parametrize("size", ["720p", "1080p"])
def test_standing_dangers_come_first_and_those_put_out_share_one_struck_line(
    new_page, asgi_server, playing, password, make_user, size
):
    """The reviewer's board: a handout up, two of three Dangers put out of the picture. The one
    still standing shows, first, with its successes; the two put out after it on one line,
    struck through; no page of the Dangers is only the defeated."""
    path = shared_screen(asgi_server, playing, password)
    _evening(playing, make_user, details=3, handout_up=True)
    foes_in_sight(
        playing["adventure"],
        (THIEF, DangerTemplate.LIEUTENANT),
        ("Hakim's hidden automaton", DangerTemplate.MINION),
        ("Brass-masked guards", DangerTemplate.MINION),
    )
    for danger in Danger.objects.exclude(name="Brass-masked guards"):
        Danger.objects.filter(pk=danger.pk).update(successes=danger.success_threshold)
    tv = looked_at(new_page, size, path, "tv-rev-a-dangers")
    rows = tv.evaluate(SHOWN, ".danger-list > li")
    assert rows[0].startswith("Brass-masked guards"), rows
    assert "0 of 1 success" in rows[0]
    assert tv.evaluate(EVERY, ".danger-list > li")[1:] == [
        f"Out of the picture: {THIEF}, Hakim's hidden automaton"
    ]
    names = tv.locator(".danger-out-line strong")
    for n in range(2):
        assert "line-through" in names.nth(n).evaluate(
            "el => getComputedStyle(el).textDecorationLine"
        )
    # Nothing paged away from the standing Danger: no marker says it pages.
    expect(tv.locator("#dangers-panel .page-marker:visible")).to_have_count(0)
    not_whole = tv.evaluate(NOT_WHOLE, PLAY)
    assert not_whole == [], "\n".join(not_whole)


def test_a_paged_list_says_it_shows_a_page_of_a_longer_list(
    new_page, asgi_server, playing, password, make_user
):
    """Six details beside a handout at 720p: the Wide Shot's heading says plainly that it shows
    some of them and the others come in turn, on the last page too (never a bare "5–6 of 6",
    read as a count). The last page fills up with the details before it: "4–6 of 6"."""
    path = shared_screen(asgi_server, playing, password)
    _evening(playing, make_user, details=6, handout_up=True)
    tv = looked_at(new_page, "720p", path, "tv-rev-a-marker")
    marker = tv.locator(".wideshot .page-marker")
    expect(marker).to_have_text("Details 1–4 of 6 · others in turn")
    expect(marker).to_have_text("Details 4–6 of 6 · others in turn", timeout=12_000)
    heading = tv.get_by_role("heading", name="Wide Shot")
    expect(heading).to_contain_text("Details 4–6 of 6 · others in turn")
    # The heading keeps to one line: the marker never pushes the details down.
    assert heading.evaluate(
        "el => el.getBoundingClientRect().height"
        " < 1.6 * parseFloat(getComputedStyle(el).lineHeight)"
    )
