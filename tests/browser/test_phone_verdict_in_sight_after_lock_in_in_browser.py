"""A player who taps Lock in on their phone (390x844, 360x780) reads what their Gamble came to:
the verdict ("Your last Gamble: …") in sight, below any banner pinned at the top, the fresh
form right after it; and it stays in sight when another's lock-in finishes the Group Gamble
(fresh-eyes phone review: the empty next form showed, the result scrolled up out of sight)."""

import pytest
from playwright.sync_api import expect

from sessions.models import Gamble
from tests.browser.conftest import HAND_IDS, HAND_SIZES, gamble_panel, seated, try_and_roll
from tests.browser.http import Visitor

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _below_the_banners(page, verdict) -> None:
    """The verdict whole in the viewport, its top below the calls' banner if one is pinned."""
    expect(verdict).to_be_in_viewport(ratio=1)
    # Measured in one go in the page: a live redraw may replace the panel between two reads.
    # (The verdict found afresh each time: the status that says "Your last Gamble".)
    clear = """() => {
      const banner = document.querySelector('.calls:has(.call-banner)')?.getBoundingClientRect();
      if (!banner || banner.top > 1) return true;  // none pinned at the top
      const verdict = [...document.querySelectorAll('[role=status]')].find(
        (el) => /your last gamble/i.test(el.textContent) && el.getClientRects().length);
      return Boolean(verdict) && verdict.getBoundingClientRect().top >= banner.bottom - 1;
    }"""
    page.wait_for_function(clear)


@pytest.mark.parametrize("viewport", HAND_SIZES, ids=HAND_IDS)
def test_the_verdict_is_in_sight_after_lock_in(
    in_hand, viewport, asgi_server, playing, password, load_dice
):
    adventure = playing["adventure"]
    director = Visitor(asgi_server, adventure.director, password)
    director.get(playing["url"])
    assert director.post(playing["url"] + "group/", {"text": "outrun the flood"})[0] == 200
    phone = seated(in_hand, viewport, "bob", password, playing["url"])
    panel = gamble_panel(phone, playing["sam"].name)
    load_dice(2)
    try_and_roll(panel, tap=True)
    panel.get_by_role("button", name="Lock in").tap()
    verdict = panel.get_by_role("status").filter(has_text="Your last Gamble")
    expect(verdict).to_contain_text("Blunder!")
    _below_the_banners(phone, verdict)
    # The fresh form right after it.
    assert (
        panel.get_by_label("What are you attempting?").bounding_box()["y"]
        > verdict.bounding_box()["y"]
    )

    # Carol's lock-in finishes the Group Gamble: Sam's phone redraws without the group's
    # prompt above the verdict, which stays in sight.
    carol = Visitor(asgi_server, playing["ada"].owner, password)
    load_dice(6)
    roll = {"request_id": "verdict-ada-0001", "intent": "outrun the flood"}
    assert carol.post(playing["url"] + f"roll/{playing['ada'].pk}/", roll)[0] == 200
    gamble = Gamble.objects.filter(character=playing["ada"]).latest("pk")
    assert (
        carol.post(playing["url"] + f"gambles/{gamble.pk}/lock/", {"step": gamble.step})[0] == 200
    )
    expect(panel.get_by_text("Group Gamble:")).to_have_count(0)
    _below_the_banners(phone, verdict)
