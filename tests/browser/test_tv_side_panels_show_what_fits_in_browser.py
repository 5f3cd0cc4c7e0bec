"""The TV's side panels (issue 34): fewer things whole, not more things cut. The Dangers, the
Wide Shot's details and the Lines & Veils show every item that fits whole, all of them while
the board has room (a whole panel crossing to the story column under the Latest Gamble when
that column has the room and the side one hasn't), and page the rest in groups of whole items
("1–2 of 6 · others in turn") only when they truly don't fit. The join QR code keeps
its size all the while
(at least a fifth of the screen's height); before the first Scene no empty Wide Shot takes
the room."""

import pytest
from playwright.sync_api import expect

from sessions.models import Adventure, Leg, Scene
from tests.browser.conftest import shared_screen
from tests.browser.http import Visitor
from tests.browser.test_tv_reads_whole_in_browser import (
    DETAILS,
    LINES_VEILS,
    NOT_WHOLE,
    PLAY,
    SHOWN,
    SIZES,
    _evening,
    _settled,
    crowded,
)

pytestmark = [pytest.mark.browser, pytest.mark.looks, pytest.mark.django_db(transaction=True)]

PLACEHOLDER = (
    "No Wide Shot yet. When the Cast first arrives at a Key Location, the Director paints the"
    " picture and everyone adds what their hero sees."
)


def _whole_and_qr(tv) -> None:
    assert tv.evaluate("document.documentElement.scrollHeight") <= tv.viewport_size["height"]
    not_whole = tv.evaluate(NOT_WHOLE, PLAY)
    assert not_whole == [], "\n".join(not_whole)
    expect(tv.get_by_role("heading", name="Join the table")).to_be_in_viewport(ratio=1)
    qr = tv.locator("svg.join-qr").bounding_box()
    # In play it keeps to the corner (issue 34): small, yet a phone at the table still reads it.
    assert qr["height"] >= tv.viewport_size["height"] * 0.1


@pytest.mark.parametrize("size", SIZES, ids=list(SIZES))
def test_with_the_join_code_up_every_danger_detail_line_and_veil_shows_at_once(
    new_page, asgi_server, playing, password, make_user, size
):
    """The reviewer's evening (two Dangers, three details, a Line and a Veil) with a seat
    free: the QR code up, yet nothing pages ("1 of 2" while half the board stood empty)."""
    path = shared_screen(asgi_server, playing, password)
    _evening(playing, make_user)
    Adventure.objects.update(seats=8)
    tv = new_page(SIZES[size])
    _settled(tv, path)
    tv.screenshot(path=f"artifacts/tv-side-panels-evening-join-{size}.png")
    _whole_and_qr(tv)
    details = tv.evaluate(SHOWN, ".wideshot .details > li")
    assert len(details) == 3
    assert all(row.endswith(text) for row, text in zip(details, DETAILS, strict=False))
    dangers = tv.evaluate(SHOWN, ".danger-list > li")
    assert [row.split(" ")[0] for row in dangers] == ["Dock", "Lieutenant"]
    safety = tv.evaluate(SHOWN, ".safety-list > li")
    assert [text for _, text in LINES_VEILS] == [row.split(" ", 1)[1] for row in safety]
    expect(tv.locator(".page-marker:visible")).to_have_count(0)
    for name in ("Dangers", "Wide Shot", "Lines & Veils"):
        expect(tv.get_by_role("region", name=name)).to_be_in_viewport(ratio=1)
    newest = tv.locator(".log-list > li").first
    expect(newest).to_contain_text("The newest line: a gull screams")
    expect(newest).to_be_in_viewport(ratio=1)


@pytest.mark.parametrize("size", ["720p", "1080p"])
def test_a_list_that_must_page_shows_as_many_whole_items_a_page_as_fit(
    new_page, asgi_server, playing, password, make_user, size
):
    """The crowded board (six heroes with long names, six details of sixty characters) with
    the QR code up: the Wide Shot pages, but two or more whole details at a time, and the
    next page is the next group; the Dangers and the Lines & Veils all show."""
    path = shared_screen(asgi_server, playing, password)
    crowded(playing, make_user)
    Adventure.objects.update(seats=8)
    tv = new_page(SIZES[size])
    _settled(tv, path)
    tv.screenshot(path=f"artifacts/tv-side-panels-crowded-join-{size}.png")
    _whole_and_qr(tv)
    shown = tv.evaluate(SHOWN, ".wideshot .details > li")
    assert 2 <= len(shown) < 6
    marker = tv.locator(".wideshot .page-marker")
    expect(marker).to_have_text(f"Details 1–{len(shown)} of 6 · others in turn")
    assert len(tv.evaluate(SHOWN, ".danger-list > li")) == 2
    assert len(tv.evaluate(SHOWN, ".safety-list > li")) == 2
    # The next page (every few seconds): the next whole details, again more than one.
    expect(marker).not_to_have_text(f"Details 1–{len(shown)} of 6 · others in turn", timeout=12_000)
    following = tv.evaluate(SHOWN, ".wideshot .details > li")
    assert following[0].endswith(DETAILS[len(shown)])
    assert len(following) >= 2
    not_whole = tv.evaluate(NOT_WHOLE, PLAY)
    assert not_whole == [], "\n".join(not_whole)


@pytest.mark.parametrize("size", SIZES, ids=list(SIZES))
def test_before_the_first_scene_the_tv_shows_no_empty_wide_shot(
    new_page, asgi_server, adventure, cast_member, password, size
):
    """Its placeholder said "No Wide Shot yet…" in the room the log and the invitation need (a
    fresh-eyes review, r51b): with no Scene in play the panel steps aside on the TV."""
    Leg.objects.filter(adventure=adventure).update(status=Leg.Status.PLANNED)
    Scene.objects.update(status=Scene.Status.PLANNED)
    director = Visitor(asgi_server, adventure.director, password)
    assert director.post(f"/adventures/{adventure.pk}/table/screen/", {"enabled": "1"})[0] == 200
    tv = new_page(SIZES[size])
    _settled(tv, f"/screen/{Adventure.objects.get().screen_token}/")
    tv.screenshot(path=f"artifacts/tv-wideshot-placeholder-{size}.png")
    expect(tv.get_by_role("region", name="Wide Shot")).to_be_hidden()
    expect(tv.get_by_text(PLACEHOLDER)).to_have_count(0)
    expect(tv.get_by_role("region", name="Table log")).to_be_in_viewport(ratio=1)
    _whole_and_qr(tv)
