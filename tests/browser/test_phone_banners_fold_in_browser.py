"""The banners at the top of a player's phone take little room together (a fresh-eyes
evening, 360x740): a handout on show, a call and "Previously on…" each one line, the older
ones folded under the newest; the Gamble's heading and Roll! stay on the first screen with
two banners up, even with many Knacks and Equipment to choose from."""

import time

import pytest
from playwright.sync_api import expect

from characters.models import Character, Equipment, Knack
from sessions.models import Adventure, CastMember, Recap
from tests.browser.conftest import ARTIFACTS, gamble_panel, seated
from tests.browser.http import Visitor
from tests.browser.test_script_change_and_previously_on_in_browser import STORY
from tests.images import handout

pytestmark = [pytest.mark.browser, pytest.mark.looks, pytest.mark.django_db(transaction=True)]

SMALL_PHONE = {"width": 360, "height": 740}
CAPTION = "The harbourmaster's ledger, its torn pages pasted back in"


def _many_choices(sam) -> None:
    Character.objects.filter(pk=sam.pk).update(lucky_saves=3)
    knacks = ("Brawling in cramped places", "Climbing wet rooftops", "Reading a liar's face")
    for position, text in enumerate(knacks):
        Knack.objects.create(character=sam, text=text, position=position)
    for text in ("Grappling hook and a coil of rope", "A brass lantern", "Uncle's revolver"):
        Equipment.objects.create(character=sam, text=text)


def _previously_on_folded(adventure) -> None:
    """ "Previously on…" playing on the TV, begun before the Scene: on a phone, folded to a line."""
    recap = Recap.objects.create(
        adventure=adventure, title="So far", body=STORY, published="2026-01-01T00:00:00Z"
    )
    now = time.time()
    state = {"key": 0, "recap": recap.pk, "started": now, "until": now + 600}
    Adventure.objects.filter(pk=adventure.pk).update(previously_on=state)


def _banners_up(page, asgi_server, playing, password):
    """The handout on show and the Wide Shot's call in the banner, "Previously on…" folded
    (played before the page was opened)."""
    adventure, url = playing["adventure"], playing["url"]
    ledger = handout(adventure, CAPTION)
    director = Visitor(asgi_server, adventure.director, password)
    assert director.post(url + "handouts/reveal/", {"handout": ledger.pk})[0] == 200
    banner = page.get_by_role("navigation", name="Waiting on you")
    expect(banner).to_contain_text(f"A handout is on show: {CAPTION}")
    expect(banner).to_contain_text("Wide Shot: what does Sam Okafor see?")
    expect(page.get_by_text("Previously on… (read again)")).to_be_visible()
    page.evaluate("window.scrollTo(0, 0)")
    return banner


def test_banners_leave_the_gamble_and_roll_on_the_first_screen(
    in_hand, asgi_server, playing, password
):
    _previously_on_folded(playing["adventure"])
    page = seated(in_hand, SMALL_PHONE, "bob", password, playing["url"])
    banner = _banners_up(page, asgi_server, playing, password)
    page.screenshot(path=ARTIFACTS / "phone-banners-folded-360x740.png")
    panel = gamble_panel(page, "Sam Okafor")
    expect(panel.get_by_role("heading", name="Sam Okafor: Gamble")).to_be_in_viewport(ratio=1)
    expect(panel.get_by_role("button", name="Roll!")).to_be_in_viewport(ratio=1)
    # The banners together take little room: the handout's call one line beside its picture,
    # and the Gamble and Roll! keep the first screen.
    assert banner.bounding_box()["height"] <= 160, banner.bounding_box()
    # Its words are all there to read, with the keyboard's focus on it (and in its name).
    call = banner.get_by_role("link", name=f"A handout is on show: {CAPTION}")
    call.focus()
    words = call.locator(".call-text")
    assert words.evaluate("el => el.scrollWidth <= el.clientWidth")
    page.screenshot(path=ARTIFACTS / "phone-banner-call-opened-360x740.png")


def test_a_long_gamble_form_keeps_its_heading_and_the_way_to_roll_in_sight(
    in_hand, asgi_server, playing, password
):
    _many_choices(playing["sam"])
    _previously_on_folded(playing["adventure"])
    page = seated(in_hand, SMALL_PHONE, "bob", password, playing["url"])
    banner = _banners_up(page, asgi_server, playing, password)
    page.screenshot(path=ARTIFACTS / "phone-banners-long-form-360x740.png")
    panel = gamble_panel(page, "Sam Okafor")
    expect(panel.get_by_role("heading", name="Sam Okafor: Gamble")).to_be_in_viewport(ratio=1)
    expect(panel.get_by_label("What are you attempting?")).to_be_in_viewport(ratio=1)
    # The bar's "Gamble" brings Roll! above the bar.
    jump = page.locator(".hero-bar").get_by_role("link", name="Gamble")
    expect(jump).to_be_in_viewport(ratio=1)
    jump.tap()
    roll = panel.get_by_role("button", name="Roll!")
    expect(roll).to_be_in_viewport(ratio=1)
    page.screenshot(path=ARTIFACTS / "phone-banners-long-form-jumped-360x740.png")
    # Roll! is not under the banner pinned at the top, nor under the bar at the foot.
    pinned = banner.bounding_box()
    assert roll.bounding_box()["y"] >= pinned["y"] + pinned["height"], (roll.bounding_box(), pinned)


def test_three_calls_fold_to_the_first_and_one_line(in_hand, asgi_server, playing, password):
    # Bob plays two heroes: each is asked what they see in the Wide Shot, and a handout is on
    # show: three calls.
    twin = Character.objects.create(
        owner=playing["sam"].owner, name="Kit Okafor", archetype="explorer"
    )
    CastMember.objects.create(adventure=playing["adventure"], character=twin)
    _previously_on_folded(playing["adventure"])
    page = seated(in_hand, SMALL_PHONE, "bob", password, playing["url"])
    banner = _banners_up(page, asgi_server, playing, password)
    more = banner.get_by_text("2 more waiting on you")
    expect(more).to_be_visible()
    folded = banner.get_by_role("link", name=f"A handout is on show: {CAPTION}")
    expect(folded).to_be_hidden()
    assert banner.bounding_box()["height"] <= 110, banner.bounding_box()
    page.screenshot(path=ARTIFACTS / "phone-three-calls-folded-360x740.png")
    more.tap()
    expect(folded).to_be_visible()
    expect(banner.get_by_role("link", name="Wide Shot: what does Kit Okafor see?")).to_be_visible()
