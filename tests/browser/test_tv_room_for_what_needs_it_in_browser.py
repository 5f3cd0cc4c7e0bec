"""The TV gives its room to what needs it (issue 34, a fresh-eyes evening): between Scenes a
handout on show and the invitation share the room whole, neither over the other; during play the
QR code shrinks to the corner so that a few short Lines & Veils all show at once; the Wide Shot's
details take the room the Latest Gamble leaves instead of paging beside it; a Danger out of the
picture keeps its name on a line or two; and at session zero two heroes tied each to the other
have their two numbers apart."""

import pytest
from playwright.sync_api import expect

from sessions.actions import handouts
from sessions.models import Adventure, Danger, SafetyNote, Scene
from tests.browser import test_session_zero_in_browser as zero_tests
from tests.browser.conftest import drawn, shared_screen
from tests.browser.http import Visitor
from tests.browser.test_tv_and_session_zero_second_look_in_browser import _four_heroes_tied
from tests.browser.test_tv_reads_whole_in_browser import (
    EVERY,
    NOT_WHOLE,
    PLAY,
    SHOWN,
    SIZES,
    _evening,
    _gamble,
    _settled,
)
from tests.browser.test_tv_stage_in_browser import CLIPPED
from tests.images import handout

pytestmark = [pytest.mark.browser, pytest.mark.looks, pytest.mark.django_db(transaction=True)]

zero_table = zero_tests.zero_table  # the fixture: Alice's Adventure before its first Scene

SHORT_LINES_VEILS = (
    ("line", "Harm to children"),
    ("line", "Torture"),
    ("veil", "Sexual content"),
    ("veil", "Spiders and creeping things"),
    ("veil", "Drowning"),
)
HOUNDS = "The Baron's clockwork hounds of Vienna, off the leash at last"


def _pictures_drawn(tv) -> None:
    tv.wait_for_function("() => document.querySelector('.handout-show img')?.complete")
    drawn(tv)


def _reads_whole(tv) -> None:
    assert tv.evaluate("document.documentElement.scrollHeight") <= tv.viewport_size["height"]
    not_whole = tv.evaluate(NOT_WHOLE, PLAY)
    assert not_whole == [], "\n".join(not_whole)
    assert tv.evaluate(CLIPPED) == []


def _apart(one: dict, other: dict) -> bool:
    return (
        one["x"] + one["width"] <= other["x"] + 1
        or other["x"] + other["width"] <= one["x"] + 1
        or one["y"] + one["height"] <= other["y"] + 1
        or other["y"] + other["height"] <= one["y"] + 1
    )


@pytest.mark.parametrize("size", ["720p", "1080p"])
def test_between_scenes_a_handout_and_the_invitation_share_the_room_whole(
    new_page, asgi_server, playing, password, size
):
    """The Leg under way, no Scene in play yet, a handout revealed: the picture and its caption
    beside the QR code and the join code, each whole, nothing drawn over anything."""
    path = shared_screen(asgi_server, playing, password)
    adventure = playing["adventure"]
    Scene.objects.update(status=Scene.Status.PLANNED)
    caption = "The harbour map, drawn by the harbourmaster"
    handouts.reveal(adventure, handout(adventure, caption).pk, adventure.director)
    tv = new_page(SIZES[size])
    _settled(tv, path)
    _pictures_drawn(tv)
    tv.screenshot(path=f"artifacts/tv-room-handout-between-scenes-{size}.png")
    height = SIZES[size]["height"]
    picture = tv.locator(".screen-board .handout-show img")
    expect(picture).to_be_in_viewport(ratio=1)
    assert picture.bounding_box()["height"] >= height / 4  # a picture, not a strip
    words = tv.locator(".screen-board .handout-show figcaption")
    expect(words).to_contain_text(caption)
    expect(words).to_be_in_viewport(ratio=1)
    join = tv.get_by_role("region", name="Join the table")
    expect(join).to_be_in_viewport(ratio=1)
    qr = tv.locator("svg.join-qr")
    assert qr.bounding_box()["height"] >= height / 6
    code = tv.locator(".join-code")
    expect(code).to_be_in_viewport(ratio=1)
    shown = tv.locator(".screen-board .handouts").bounding_box()
    for part in (join, qr, code):
        assert _apart(shown, part.bounding_box()), (shown, part.bounding_box())
    _reads_whole(tv)


@pytest.mark.parametrize("size", ["720p", "1080p"])
@pytest.mark.parametrize("count", [3, 5])
def test_in_play_the_qr_code_keeps_to_the_corner_and_short_lines_and_veils_show_whole(
    new_page, asgi_server, playing, password, make_user, load_dice, size, count
):
    """The reviewer's evening in a Tumult (four heroes, two Dangers, four Wide Shot details, the
    Latest Gamble) with a seat free: the QR code small in the side column's corner, its address
    and code whole, and three or five short Lines & Veils all at once, never "1–2 of 3"."""
    path = shared_screen(asgi_server, playing, password)
    _evening(playing, make_user, details=4)
    adventure = playing["adventure"]
    SafetyNote.objects.all().delete()
    for kind, text in SHORT_LINES_VEILS[:count]:
        SafetyNote.objects.create(adventure=adventure, kind=kind, text=text)
    Adventure.objects.update(seats=8)
    director = Visitor(asgi_server, adventure.director, password)
    assert director.post(playing["url"] + "tumult/start/")[0] == 200
    _gamble(asgi_server, playing, password, playing["sam"], load_dice, (6, 5))
    tv = new_page(SIZES[size])
    _settled(tv, path)
    tv.screenshot(path=f"artifacts/tv-room-in-play-{count}-lines-veils-{size}.png")
    safety = tv.evaluate(SHOWN, ".safety-list > li")
    assert [row.split(" ", 1)[1] for row in safety] == [t for _, t in SHORT_LINES_VEILS[:count]]
    expect(tv.locator(".lines-veils .page-marker:visible")).to_have_count(0)
    expect(tv.get_by_role("region", name="Lines & Veils")).to_be_in_viewport(ratio=1)
    # The invitation in the corner: a small QR code, the address and the code whole.
    assert tv.locator("svg.join-qr").bounding_box()["height"] <= SIZES[size]["height"] * 0.13
    expect(tv.get_by_role("region", name="Join the table")).to_be_in_viewport(ratio=1)
    expect(tv.locator(".join-code")).to_be_in_viewport(ratio=1)
    _reads_whole(tv)


@pytest.mark.parametrize("size", ["720p", "1080p"])
def test_the_wide_shot_takes_the_room_the_latest_gamble_leaves(
    new_page, asgi_server, playing, password, make_user, load_dice, size
):
    """Six heroes' Wide Shot details, a seat free, a Gamble that puts the thugs out of the
    picture: the details show four or more at once (not "1–3 of 6" beside an empty Latest
    Gamble); the Scene's prose may give way for them, but its Where, What and Who stay."""
    path = shared_screen(asgi_server, playing, password)
    _evening(playing, make_user, details=6)
    Adventure.objects.update(seats=8)
    _gamble(asgi_server, playing, password, playing["sam"], load_dice, (6, 5))
    tv = new_page(SIZES[size])
    _settled(tv, path)
    tv.screenshot(path=f"artifacts/tv-room-wide-shot-{size}.png")
    every = tv.evaluate(EVERY, ".wideshot .details > li")
    shown = tv.evaluate(SHOWN, ".wideshot .details > li")
    assert len(every) == 6
    assert len(shown) >= 4
    expect(tv.locator(".scene-panel dt", has_text="Where")).to_be_visible()
    assert shown == every[: len(shown)]
    # The rest still whole and in sight: the newest log line, the Lines & Veils, the Gamble.
    expect(tv.locator(".log-list > li").first).to_be_in_viewport(ratio=1)
    assert len(tv.evaluate(SHOWN, ".safety-list > li")) == 2
    assert len(tv.evaluate(SHOWN, ".danger-list > li")) == 2
    expect(tv.get_by_role("region", name="Latest Gamble")).to_be_in_viewport(ratio=1)
    _reads_whole(tv)


@pytest.mark.parametrize("size", ["720p", "1080p"])
def test_a_danger_out_of_the_picture_keeps_its_name_on_a_line_or_two(
    new_page, asgi_server, playing, password, make_user, size
):
    path = shared_screen(asgi_server, playing, password)
    _evening(playing, make_user)
    Danger.objects.filter(name="Dock thugs").update(name=HOUNDS, successes=1)
    tv = new_page(SIZES[size])
    _settled(tv, path)
    tv.screenshot(path=f"artifacts/tv-room-danger-out-{size}.png")
    out = tv.locator(".danger-list li.is-out")
    expect(out).to_contain_text("Out of the picture")
    expect(out).to_be_in_viewport(ratio=1)
    lines = out.locator("strong").evaluate(
        "el => Math.round(el.getBoundingClientRect().height"
        " / parseFloat(getComputedStyle(el).lineHeight))"
    )
    assert lines <= 2, lines
    _reads_whole(tv)


@pytest.mark.parametrize("size", SIZES, ids=list(SIZES))
def test_ties_both_ways_keep_their_numbers_apart_on_the_tv(
    new_page, asgi_server, zero_table, make_user, password, size
):
    """Session zero's web of connections with eight ties, two pairs of heroes tied each to the
    other (and both those pairs' arrows crossing in the middle): every number's badge clear of
    every other, so each reads."""
    _four_heroes_tied(zero_table, make_user, ties=8)
    tv = new_page(SIZES[size])
    _settled(tv, shared_screen(asgi_server, zero_table, password))
    tv.screenshot(path=f"artifacts/tv-room-zero-web-both-ways-{size}.png")
    badges = tv.locator(".zero-badge")
    expect(badges).to_have_count(8)
    boxes = [badge.locator("circle").bounding_box() for badge in badges.all()]
    for n, one in enumerate(boxes):
        for other in boxes[n + 1 :]:
            # Circles: apart when their centres are a diameter apart.
            gap = ((one["x"] - other["x"]) ** 2 + (one["y"] - other["y"]) ** 2) ** 0.5 - one[
                "width"
            ]
            assert gap >= 0, (one, other)
    assert sorted(badge.text_content() for badge in badges.all()) == sorted(
        str(n) for n in range(1, 9)
    )
