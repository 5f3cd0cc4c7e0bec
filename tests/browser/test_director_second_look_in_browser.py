"""The Director's screens after a second fresh-eyes look (issue #35), in a real browser at
1366×768: a Leg with no Scene left gets one added and started in place; after The End nobody
joins and the page no longer says Live; the prep's first-Leg banner goes with the first Leg,
its jump list reads tidily, a folded Leg still offers "Add a Scene"; a long hero name wraps
in the Cast card; a Tumult's Knockout prompts go when it ends."""

import pytest
from playwright.sync_api import expect

from characters.models import Character
from sessions.models import Adventure, Scene
from tests.browser.conftest import ARTIFACTS, log_in, screenshot
from tests.browser.test_accessibility_in_browser import axe_violations, describe
from tests.browser.test_prep_outline_folds_in_browser import FOLD, _is_open, _leg, two_legs

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LAPTOP = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}
__all__ = ["two_legs"]  # the fixture, shared with the outline's own tests


def _seen(page, name: str) -> None:
    """What the person sees now (the viewport), and the whole page."""
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}-seen.png"))
    screenshot(page, name)


def _director(new_page, password, username="director", viewport=LAPTOP):
    page = new_page(viewport)
    page.on("dialog", lambda dialog: pytest.fail(f"a browser pop-up: {dialog.message}"))
    log_in(page, username, password)
    return page


def test_the_jump_list_reads_tidily_at_1366(new_page, two_legs, password):
    Scene.objects.filter(beat="Questions for the harbourmaster").update(
        beat="Questions for the harbourmaster, who knows far more than he lets on about the"
        " ships, the gears and the Baron's men on the quay at midnight"
    )
    page = _director(new_page, password)
    page.goto(two_legs.get_absolute_url())
    jump = page.get_by_role("navigation", name="Jump to")
    _seen(page, "prep-jump-list-1366")
    legs = jump.locator("ol.jump-legs > li")
    expect(legs).to_have_count(2)
    first, second = (legs.nth(n).bounding_box() for n in range(2))
    # Two Legs share the width side by side, in halves, not squeezed into narrow columns.
    assert abs(first["y"] - second["y"]) < 2
    assert first["width"] > LAPTOP["width"] * 0.35, first
    # A long Scene wraps within its half, under its own words, not under the number.
    long_scene = jump.get_by_role("link", name="Questions for the harbourmaster, who knows")
    expect(long_scene).to_be_visible()
    lines = long_scene.evaluate("a => a.getClientRects().length")
    box = long_scene.bounding_box()
    assert box["x"] + box["width"] <= first["x"] + first["width"] + 1, (box, first)
    assert lines == 1 or box["height"] > 30
    nav_height = jump.bounding_box()["height"]
    assert nav_height < 260, f"the jump list is {nav_height} px tall at 1366"


def test_the_first_leg_banner_goes_as_the_first_leg_is_added(new_page, two_legs, password):
    page = _director(new_page, password)
    page.goto("/adventures/new/")
    page.get_by_label("Title").fill("The Sunken Observatory")
    page.get_by_role("button", name="Save", exact=True).click()
    banner = page.get_by_text("“The Sunken Observatory” is yours to direct. Add its first Leg!")
    expect(banner).to_be_visible()
    page.evaluate("window.notReloaded = true")

    page.get_by_role("link", name="Add a Leg").click()
    form = page.locator("form.prep-form")
    form.get_by_label("Title").fill("Down the Well")
    form.get_by_role("button", name="Save", exact=True).click()
    expect(page.get_by_role("heading", name="Leg 1 Down the Well")).to_be_visible()
    expect(banner).to_have_count(0)
    assert page.evaluate("window.notReloaded === true"), "the page was reloaded"
    _seen(page, "prep-first-leg-added-1366")


@pytest.mark.parametrize("viewport", [LAPTOP, PHONE], ids=["1366", "phone-390"])
def test_a_folded_leg_still_offers_add_a_scene(new_page, two_legs, password, viewport):
    page = _director(new_page, password, viewport=viewport)
    page.goto(two_legs.get_absolute_url())
    leg = _leg(page, "The Train North")
    assert not _is_open(leg)
    add = leg.get_by_role("link", name="Add a Scene to The Train North")
    expect(add).to_be_visible()
    _seen(page, f"prep-folded-add-scene-{viewport['width']}")
    violations = axe_violations(page)
    assert violations == [], describe(violations)
    # Beside the Leg's heading, not over it.
    heading = leg.locator(FOLD).get_by_role("heading").bounding_box()
    button = add.bounding_box()
    assert heading["x"] + heading["width"] <= button["x"] or button["y"] >= heading["y"] + 10

    add.click()
    assert _is_open(leg)
    form = page.locator("form.prep-form")
    expect(form.get_by_label("Story beat")).to_be_focused()
    expect(form).to_be_in_viewport()
    form.get_by_label("Story beat").fill("The engine room")
    form.get_by_role("button", name="Save", exact=True).click()
    expect(leg.locator("ol.scenes > li strong")).to_have_text(
        ["A murder at dinner", "Chase over the carriages", "The bridge is out", "The engine room"]
    )
    assert _is_open(leg)
    assert not _is_open(_leg(page, "A Ticking in the Rain"))


LONG_NAME = "Professor Ignatius Bartholomew Fairweather-Montgomery III"


@pytest.mark.parametrize("viewport", [LAPTOP, PHONE], ids=["1366", "phone-390"])
def test_a_long_hero_name_wraps_and_the_trackers_stay_whole(new_page, playing, password, viewport):
    Character.objects.filter(pk=playing["ada"].pk).update(name=LONG_NAME, peril=3)
    page = _director(new_page, password, "alice", viewport)
    page.goto(playing["url"])
    expect(page.locator("[data-live-status]")).to_have_text("Live")
    card = page.locator(".cockpit-hero", has_text="Fairweather")
    card.scroll_into_view_if_needed()
    expect(card.get_by_text(LONG_NAME, exact=True)).to_be_visible()
    _seen(page, f"director-cast-long-name-{viewport['width']}")
    # Every card inside the Cast's panel: none pushed wider by another's long name.
    panel = page.locator("#director-cast-panel").bounding_box()
    for hero in page.locator(".cockpit-hero").all():
        box = hero.bounding_box()
        assert box["x"] + box["width"] <= panel["x"] + panel["width"] + 1, "a card spills out"
    name = card.locator(".cast-name strong").bounding_box()
    body = card.locator(".cockpit-hero-body").bounding_box()
    assert name["x"] + name["width"] <= body["x"] + body["width"] + 1, "the name spills out"
    assert name["height"] > 25, "a name this long wraps onto a second line"
    # Each tracker keeps its words on one line and inside the card.
    for tracker in card.locator(".tracker").all():
        box = tracker.bounding_box()
        assert box["height"] < 26, f"{tracker.inner_text()} is broken over two lines"
        assert box["x"] + box["width"] <= body["x"] + body["width"] + 1
    moves = card.locator(".cockpit-hero-moves").bounding_box()
    assert moves["x"] + moves["width"] <= panel["x"] + panel["width"] + 1, "the taps spill out"
    track = card.locator("ol.track-peril").bounding_box()
    assert track["width"] > 60, "the Peril track is squeezed"
    expect(card.get_by_role("button", name=f"+1 Peril to {LONG_NAME}")).to_be_visible()
    expect(card.get_by_role("link", name=f"Roll for {LONG_NAME}")).to_be_visible()


def _table(new_page, playing, password, username="alice", viewport=LAPTOP):
    page = _director(new_page, password, username, viewport)
    page.goto(playing["url"])
    expect(page.locator("[data-live-status]")).to_have_text("Live")
    return page


def test_a_leg_with_no_scene_gets_one_added_and_started_in_place(new_page, playing, password):
    Scene.objects.all().delete()
    page = _table(new_page, playing, password)
    phone = _table(new_page, playing, password, "bob", PHONE)
    pacing = page.get_by_role("region", name="Legs & Scenes")
    expect(pacing).to_contain_text("A Ticking in the Rain has no Scene yet")
    expect(pacing).not_to_contain_text("Every Scene of this Leg has been played")
    _seen(page, "director-leg-without-scenes")
    violations = axe_violations(page)
    assert violations == [], describe(violations)

    pacing.get_by_label("New Scene's story beat").fill("   ")  # nothing to it
    pacing.get_by_role("button", name="Add a Scene and start it").click()
    expect(pacing.get_by_text("Sum up the Scene's story beat.")).to_be_visible()
    assert not Scene.objects.exists()

    pacing.get_by_label("New Scene's story beat").fill("The rooftop chase")
    pacing.get_by_label("At Key Location").select_option(label="Harbourmaster's Office")
    pacing.get_by_role("button", name="Add a Scene and start it").click()
    expect(pacing).to_contain_text("Scene: The rooftop chase")
    expect(pacing.get_by_role("button", name="End Scene")).to_be_visible()
    expect(phone.get_by_role("heading", name="The rooftop chase")).to_be_visible()
    scene = Scene.objects.get()
    assert (scene.beat, scene.status, scene.key_location.name) == (
        "The rooftop chase",
        Scene.Status.PLAYING,
        "Harbourmaster's Office",
    )


def test_after_the_end_nobody_joins_and_the_page_no_longer_says_live(
    new_page, browser, asgi_server, playing, password
):
    code = playing["adventure"].join_code
    Adventure.objects.update(screen_token="tv-token")  # a TV on: its line says what it shows
    page = _table(new_page, playing, password)
    expect(page.locator(".on-tv")).to_contain_text("In play")
    expect(page.get_by_text(code)).to_have_count(1)  # under Safety & Screen
    page.get_by_text("The end", exact=True).click()
    page.get_by_label("Yes, the Adventure is over").check()
    page.get_by_role("button", name="Finish the Adventure").click()
    expect(page.get_by_text("This Adventure is finished.")).to_be_visible()
    # No reload: the badge and the "On the TV now" line turn with the redraw.
    expect(page.locator("[data-live-status]")).to_have_text("The End")
    expect(page.locator(".on-tv")).not_to_contain_text("In play")
    expect(page.get_by_text(code)).to_have_count(0)
    expect(page.get_by_role("heading", name="Join code")).to_have_count(0)
    _seen(page, "director-after-the-end")
    page.reload()
    expect(page.locator("[data-live-status]")).to_have_text("The End")
    expect(page.locator(".on-tv")).to_contain_text("Moment: The End")
    expect(page.locator(".on-tv")).not_to_contain_text("In play")
    expect(page.get_by_text(code)).to_have_count(0)

    # A stranger with the TV's code is told plainly, before any sign-up.
    stranger = new_page(PHONE)
    answer = stranger.goto(f"/join/{code}/")
    assert answer.status == 410
    expect(
        stranger.get_by_role("heading", name="“The Clockwork Monsoon” has finished")
    ).to_be_visible()
    assert stranger.url.endswith(f"/join/{code}/"), "sent to sign up for nothing"
    _seen(stranger, "join-after-the-end-phone")
    violations = axe_violations(stranger)
    assert violations == [], describe(violations)
    # Carol, logged in, types the code: the same answer, by the field.
    carol = _director(new_page, password, "carol", PHONE)
    carol.goto("/join/")
    carol.get_by_label("Join code").fill(code.lower())
    carol.get_by_role("button", name="Find the table").click()
    expect(carol.get_by_text("has finished: its table takes no new heroes")).to_be_visible()


def test_a_tumults_knockout_prompts_clear_when_it_ends(new_page, playing, password):
    Character.objects.filter(pk=playing["ada"].pk).update(peril=5)
    page = _table(new_page, playing, password)
    page.get_by_role("button", name="Start a Tumult").click()
    page.get_by_role("button", name="Yes, start the Tumult").click()
    expect(page.get_by_role("heading", name="Tumult! Round 1 · Players' turn")).to_be_visible()
    page.get_by_role("button", name="+1 Peril to Ada").click()
    prompts = page.get_by_role("region", name="When it goes wrong")
    expect(prompts).to_contain_text("A Knockout!")
    expect(prompts.locator(".prompt-move")).to_have_count(3)

    page.get_by_role("button", name="End the Tumult").first.click()
    page.get_by_role("button", name="Yes, end the Tumult").click()
    expect(page.locator("#log-list")).to_contain_text("the Tumult is over")
    expect(prompts.locator(".prompt-move")).to_have_count(0)
    expect(prompts).not_to_contain_text("A Knockout!")
    _seen(page, "director-tumult-ended-prompts-clear")
    page.reload()
    expect(
        page.get_by_role("region", name="When it goes wrong").locator(".prompt-move")
    ).to_have_count(0)
