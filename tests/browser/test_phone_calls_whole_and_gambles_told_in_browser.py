"""A seated player's phone at 360x740, held in the hand (a fresh-eyes reviewer's defects):
every call in the banner pinned at the top reads whole, a long hero name and all, never cut
with "…"; a Gamble in a Group Gamble or on a Tumult turn says how it counts (the SRD's rule);
after The End, the Campaign's next Adventure is a call like the others; and the hero bar's
"Gamble" lands Roll!, its odds line and the Gamble's heading in sight, between the banner and
the bar."""

import pytest
from playwright.sync_api import expect

from characters.models import Character
from sessions.actions import dangers, groups, tumults
from sessions.models import Adventure
from sessions.rules import DangerTemplate
from tests.browser.conftest import ARTIFACTS, gamble_panel, seated
from tests.browser.http import Visitor
from tests.browser.test_phone_after_the_end_follows_the_campaign_in_browser import (
    _finished_in_a_campaign,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SMALL_PHONE = {"width": 360, "height": 740}
ANVIL = "Sam 'Anvil' Okafor-Whitlock"

# Every call's words drawn whole: none cut with "…", none run past its box.
ALL_WHOLE = """banner => Array.from(banner.querySelectorAll('.call-text'))
  .filter(words => words.getClientRects().length)
  .every(words => words.scrollWidth <= words.clientWidth
    && words.scrollHeight <= words.clientHeight
    && getComputedStyle(words).textOverflow !== 'ellipsis')"""


def _anvil(playing) -> str:
    Character.objects.filter(pk=playing["sam"].pk).update(name=ANVIL)
    return ANVIL


def _between_the_bars(page, locator) -> None:
    """``locator`` wholly on screen, below the calls' banner and above the hero bar."""
    expect(locator).to_be_in_viewport(ratio=1)
    box = locator.bounding_box()
    banner = page.get_by_role("navigation", name="Waiting on you").bounding_box()
    bar = page.locator("[data-hero-bar]").first.bounding_box()
    assert box["y"] >= banner["y"] + banner["height"], (box, banner)
    assert box["y"] + box["height"] <= bar["y"], (box, bar)


def test_every_call_reads_whole_with_a_long_hero_name(in_hand, playing, password):
    adventure, name = playing["adventure"], _anvil(playing)
    groups.call_group_gamble(adventure, "outrun the flood", adventure.director)
    page = seated(in_hand, SMALL_PHONE, "bob", password, playing["url"])
    banner = page.get_by_role("navigation", name="Waiting on you")
    expect(banner.get_by_role("link").first).to_contain_text(f"{name}: roll for the Group Gamble")
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=ARTIFACTS / "phone-calls-long-name-360x740.png")
    assert banner.evaluate(ALL_WHOLE)
    # The second call, too long for one line, waits whole in the fold: the banner stays small.
    more = banner.get_by_text("1 more waiting on you")
    expect(more).to_be_visible()
    assert banner.bounding_box()["height"] <= 150, banner.bounding_box()
    more.tap()
    second = banner.get_by_role("link", name=f"Wide Shot: what does {name} see?")
    expect(second).to_be_visible()
    assert banner.evaluate(ALL_WHOLE)
    page.screenshot(path=ARTIFACTS / "phone-calls-long-name-opened-360x740.png")


def test_a_group_gamble_and_a_tumult_turn_say_how_the_gamble_counts(in_hand, playing, password):
    adventure = playing["adventure"]
    groups.call_group_gamble(adventure, "outrun the flood", adventure.director)
    page = seated(in_hand, SMALL_PHONE, "bob", password, playing["url"])
    panel = gamble_panel(page, "Sam Okafor")
    # Sam and Ada are called on: more than half is both.
    told = panel.get_by_text(
        "Group Gamble: more than half of the Cast's Gambles must succeed (2 of 2); "
        "yours counts toward them."
    )
    expect(told).to_be_visible()
    page.locator(".hero-bar").get_by_role("link", name="Gamble").tap()
    expect(told).to_be_in_viewport(ratio=1)
    page.screenshot(path=ARTIFACTS / "phone-group-gamble-counts-360x740.png")

    groups.close_group_gamble(adventure, adventure.director)
    dangers.add_danger(adventure, "Brass Citadel guard", DangerTemplate.MINION, None, revealed=True)
    tumults.start_tumult(adventure, adventure.director)
    page.reload()
    expect(page.locator("[data-live-status]")).to_have_text("Live")
    expect(told).to_have_count(0)
    tumult = panel.get_by_text(
        "Tumult: a success aimed at an enemy marks one success against them; "
        "at their Success Threshold, they are out."
    )
    expect(tumult).to_be_visible()
    page.locator(".hero-bar").get_by_role("link", name="Gamble").tap()
    expect(tumult).to_be_in_viewport(ratio=1)
    page.screenshot(path=ARTIFACTS / "phone-tumult-gamble-counts-360x740.png")


def test_the_next_adventure_is_a_call_after_the_end(in_hand, asgi_server, playing, password):
    finished, campaign = _finished_in_a_campaign(asgi_server, playing, password)
    page = seated(in_hand, SMALL_PHONE, "bob", password, playing["url"])
    # The Director makes the Campaign's next Adventure: the phone hears of it, live.
    director = Visitor(asgi_server, finished.director, password)
    made = {"title": "The Clockmaker's Daughter", "campaign": campaign.pk}
    assert director.post(f"/adventures/new/?campaign={campaign.pk}", made)[0] in (200, 302)
    assert Adventure.objects.filter(campaign=campaign, title=made["title"]).exists()
    banner = page.get_by_role("navigation", name="Waiting on you")
    call = banner.get_by_role("link", name="The story goes on: join the next Adventure")
    expect(call).to_be_visible()
    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    expect(call).to_be_in_viewport(ratio=1)
    page.screenshot(path=ARTIFACTS / "phone-next-adventure-call-360x740.png")
    call.tap()
    heading = page.get_by_role("heading", name="After the end")
    expect(heading).to_be_in_viewport(ratio=1)
    assert (
        heading.bounding_box()["y"] >= banner.bounding_box()["y"] + banner.bounding_box()["height"]
    )
    expect(
        page.get_by_role("button", name="Join “The Clockmaker's Daughter” with Sam Okafor")
    ).to_be_in_viewport(ratio=1)
    page.screenshot(path=ARTIFACTS / "phone-next-adventure-call-tapped-360x740.png")


def test_the_hero_bars_gamble_lands_roll_and_its_odds_in_sight(in_hand, playing, password):
    adventure, name = playing["adventure"], _anvil(playing)
    groups.call_group_gamble(adventure, "outrun the flood", adventure.director)
    page = seated(in_hand, SMALL_PHONE, "bob", password, playing["url"])
    panel = gamble_panel(page, name)
    expect(page.get_by_role("navigation", name="Waiting on you")).to_be_visible()
    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    page.locator(".hero-bar").get_by_role("link", name="Gamble").tap()
    _between_the_bars(page, panel.get_by_role("button", name="Roll!"))
    _between_the_bars(page, panel.locator(".odds"))
    # Whose Gamble it is stays in sight too, never under the banner (fresh-eyes game night):
    # the line saying how it counts, with no room left for it, is a little further down.
    _between_the_bars(page, panel.get_by_role("heading", name=f"{name}: Gamble"))
    page.screenshot(path=ARTIFACTS / "phone-hero-bar-gamble-roll-in-sight-360x740.png")
    counts = panel.get_by_text("Group Gamble: more than half")
    counts.scroll_into_view_if_needed()
    _between_the_bars(page, counts)
