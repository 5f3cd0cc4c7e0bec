"""Join in one scan (issue 24 item 6, issue 34 item 7): the TV draws the QR code of the join URL;
a phone in the hand follows it with no account, is offered Sign up (Log in a tap away), goes
straight on to "Make a hero for <Adventure>", and saving the hero seats it at the table: no dead
end, no address typed."""

import io
import re
from urllib.parse import unquote

import pytest
import segno
from django.core.cache import cache
from PIL import Image
from playwright.sync_api import expect

from characters.archetypes import ARCHETYPES
from sessions.models import Adventure, CastMember
from tests.browser.conftest import HAND_IDS, HAND_SIZES, screenshot
from tests.browser.test_accessibility_in_browser import AXE, describe
from tests.browser.test_tv_stage_in_browser import CLIPPED

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

TV = {"width": 1920, "height": 1080}
SMALL_TV = {"width": 1280, "height": 720}


def _drawn_matrix(qr, size: int) -> list[list[bool]]:
    """The dark and light modules the page drew, read off a screenshot of the QR code at the
    centre of each of its ``size`` × ``size`` modules (quiet zone included)."""
    picture = Image.open(io.BytesIO(qr.screenshot())).convert("L")
    width, height = picture.size
    return [
        [picture.getpixel((int((x + 0.5) * width / size), int((y + 0.5) * height / size))) < 128
         for x in range(size)]
        for y in range(size)
    ]  # fmt: skip


def _expected_matrix(url: str) -> tuple[list[list[bool]], int]:
    code = segno.make(url, error="m")
    rows = [[bool(module) for module in row] for row in code.matrix_iter(border=4)]
    return rows, len(rows)


def _sign_up_from_invite(phone, username, password):
    expect(phone.get_by_role("heading", name="Join the Cast")).to_be_visible()
    expect(phone.get_by_text("You have an invite to a table")).to_be_visible()
    # The invite names the table and who runs it, before any account (issue 35 item 7).
    named = phone.get_by_text("Invited to “The Clockwork Monsoon”, directed by director")
    expect(named).to_be_in_viewport()
    # Log in is one tap away, on the first screen, and keeps the invite too.
    log_in = phone.get_by_role("main").get_by_role("link", name="Log in").first
    expect(log_in).to_be_in_viewport()
    invite = unquote(phone.url.split("next=")[1])
    assert unquote(log_in.get_attribute("href")).endswith(f"?next={invite}")
    violations = AXE.run(phone).response["violations"]
    assert violations == [], describe(violations)
    phone.get_by_label("Username").fill(username)
    phone.get_by_label("Password", exact=True).fill(password)
    phone.get_by_label("Password confirmation").fill(password)
    phone.get_by_role("button", name="Sign up").tap()


def _make_a_hero(phone):
    phone.get_by_role("radio", name="The Investigator").check()
    # The server rolls: on a loaded machine that can take longer than expect's default 5 s.
    phone.get_by_role("button", name="Roll a drive (1d6)").click()
    expect(phone.get_by_text("Drive roll (1d6):")).to_be_visible(timeout=20_000)
    phone.get_by_role("button", name="Roll Equipment (d66)").click()
    expect(phone.get_by_text("Equipment 1 (d66):")).to_be_visible(timeout=20_000)
    assert phone.get_by_label("Equipment 1").input_value() in {
        item for row in ARCHETYPES["investigator"].equipment for item in row
    }
    phone.get_by_label("Name").fill("Nell Brightwater")
    phone.get_by_label("Profession").fill("Harbour pilot")
    phone.get_by_label("Knack 1").fill("Reading the tides")
    phone.get_by_label("Knack 2").fill("Talking down a mutiny")
    phone.get_by_label("Catchphrase").fill("Hold fast!")
    phone.get_by_role("button", name="Create character").click()


@pytest.mark.parametrize("viewport", HAND_SIZES, ids=HAND_IDS)
def test_a_stranger_scans_the_tv_signs_up_makes_a_hero_and_sits_at_the_table(
    game, new_page, in_hand, asgi_server, password, viewport
):
    cache.clear()
    size = f"{viewport['width']}x{viewport['height']}"
    adventure = game["adventure"]
    Adventure.objects.filter(pk=adventure.pk).update(screen_token="tv-join")
    code = Adventure.objects.get(pk=adventure.pk).join_code
    join_url = f"{asgi_server}/join/{code}/"

    tv = new_page(TV)
    tv.goto("/screen/tv-join/")
    qr = tv.locator("svg.join-qr")
    expect(qr).to_be_visible()
    expect(tv.locator("[data-join-code]")).to_have_text(f"{code[:3]} {code[3:]}")
    expected, size_in_modules = _expected_matrix(join_url)
    assert _drawn_matrix(qr, size_in_modules) == expected
    box = qr.bounding_box()
    assert box["height"] >= 250  # a camera across the room gets a good look at it
    assert box["y"] + box["height"] <= TV["height"]
    assert box["x"] + box["width"] <= TV["width"]
    assert tv.evaluate(CLIPPED) == []  # the board before the first Scene, whole
    screenshot(tv, "join-tv-1920x1080")
    violations = AXE.run(tv, context=".join-part").response["violations"]
    assert violations == [], describe(violations)

    small = new_page(SMALL_TV)
    small.goto("/screen/tv-join/")
    expect(small.locator("svg.join-qr")).to_be_visible()
    assert _drawn_matrix(small.locator("svg.join-qr"), size_in_modules) == expected
    assert small.evaluate(CLIPPED) == []
    screenshot(small, "join-tv-1280x720")

    # The phone's camera opens the address the QR code holds: Sign up, not Log in.
    phone = in_hand(viewport)
    phone.goto(join_url)
    expect(phone).to_have_url(re.compile(r"/accounts/signup/\?next="))
    screenshot(phone, f"join-1-sign-up-{size}")
    _sign_up_from_invite(phone, "nell", password)

    # Straight on to making a hero for this table.
    expect(
        phone.get_by_role("heading", name="Make a hero for “The Clockwork Monsoon”")
    ).to_be_visible()
    expect(phone.get_by_text("they take a seat at the table")).to_be_visible()
    expect(phone.get_by_text("Directed by director.")).to_be_visible()
    violations = AXE.run(phone).response["violations"]
    assert violations == [], describe(violations)
    screenshot(phone, f"join-2-make-a-hero-{size}")
    _make_a_hero(phone)

    # Saved, seated, at the table: the hero's own Gamble panel and trackers.
    expect(phone).to_have_url(f"{asgi_server}/adventures/{adventure.pk}/table/")
    expect(phone.get_by_text("Nell Brightwater joins the Cast of")).to_be_visible()
    expect(phone.get_by_role("region", name="Nell Brightwater: Gamble")).to_be_visible()
    expect(phone.locator("[data-live-status]")).to_have_text("Live")
    assert CastMember.objects.filter(adventure=adventure, character__name="Nell Brightwater")
    screenshot(phone, f"join-3-at-the-table-{size}")
    # The TV sees the new hero join the Cast, live.
    expect(tv.get_by_text("Nell Brightwater").first).to_be_visible()


def test_a_player_types_the_code_at_join(game, phone, password):
    from tests.browser.conftest import log_in

    cache.clear()
    code = game["adventure"].join_code
    log_in(phone, "bob", password)
    phone.goto("/join/")
    violations = AXE.run(phone).response["violations"]
    assert violations == [], describe(violations)
    phone.get_by_label("Join code").fill("nope")
    phone.get_by_role("button", name="Find the table").click()
    expect(phone.get_by_text("A join code is six letters and digits")).to_be_visible()
    violations = AXE.run(phone).response["violations"]
    assert violations == [], describe(violations)
    phone.get_by_label("Join code").fill(f"{code[:3].lower()} {code[3:]}")
    phone.get_by_role("button", name="Find the table").click()
    expect(phone).to_have_url(re.compile(f"/join/{code}/$"))
    expect(phone.get_by_role("heading", name=re.compile("Join the Cast of"))).to_be_visible()
    screenshot(phone, "join-by-code-phone")


def _mid_scene(adventure, new_page, password):
    """A Scene in play, the TV on (with no join code up) and the Director's Safety & Screen
    tools open: (the TV, the tools)."""
    from sessions.models import Leg, Scene
    from tests.browser.conftest import log_in

    Leg.objects.filter(adventure=adventure).update(status=Leg.Status.PLAYING)
    Scene.objects.filter(leg__adventure=adventure).update(status=Scene.Status.PLAYING)
    Adventure.objects.filter(pk=adventure.pk).update(screen_token="tv-live")
    tv = new_page(TV)
    tv.goto("/screen/tv-live/")
    expect(tv.locator("[data-live-status]")).to_have_text(re.compile("Live", re.I))
    expect(tv.locator("svg.join-qr")).to_have_count(0)
    director = new_page({"width": 1366, "height": 900})
    log_in(director, "director", password)
    director.goto(f"/adventures/{adventure.pk}/table/")
    tools = director.locator("#director-safety")
    if tools.get_attribute("open") is None:
        tools.locator("summary").click()
    return tv, tools


def test_the_director_puts_the_code_on_the_tv_mid_scene_and_it_appears_live(
    game, new_page, password
):
    adventure = game["adventure"]
    tv, tools = _mid_scene(adventure, new_page, password)
    tools.get_by_role("button", name="Show on the TV (the join code)").click()
    expect(tv.locator("svg.join-qr")).to_be_visible()
    tools.get_by_role("button", name="New code").click()
    expect(tools.locator(".join-code")).not_to_have_text(adventure.join_code)
    new_code = Adventure.objects.get(pk=adventure.pk).join_code
    expect(tv.locator("[data-join-code]")).to_have_attribute("data-join-code", new_code)
    tools.get_by_role("button", name="Take off the TV (the join code)").click()
    expect(tv.locator("svg.join-qr")).to_have_count(0)


def test_while_a_seat_is_free_the_tv_keeps_its_code_up_and_takes_it_down_when_full(
    game, new_page, password, make_user
):
    from tests.browser.conftest import log_in

    cache.clear()
    adventure = game["adventure"]
    tv, tools = _mid_scene(adventure, new_page, password)  # no seat count: no code on the TV
    director = tools.page
    seats = tools.get_by_label("Seats at the table")
    seats.fill("13")
    tools.get_by_role("button", name="Set seats").click()
    expect(tools.get_by_role("alert")).to_have_text(
        "Seats are a number from 1 to 12, or blank for no limit."
    )
    tools.get_by_label("Seats at the table").fill("3")
    tools.get_by_role("button", name="Set seats").click()
    expect(tv.locator("svg.join-qr")).to_be_visible()  # two heroes at a table for three
    screenshot(director, "join-seats-director")

    make_user("nell")
    phone = new_page()
    log_in(phone, "nell", password)
    phone.goto(f"/join/{Adventure.objects.get(pk=adventure.pk).join_code}/")
    phone.get_by_role("link", name="Make a hero").click()
    _make_a_hero(phone)  # saved and seated at once
    expect(phone.get_by_text("Nell Brightwater joins the Cast of")).to_be_visible()
    expect(tv.locator("svg.join-qr")).to_have_count(0)  # the last seat is taken
