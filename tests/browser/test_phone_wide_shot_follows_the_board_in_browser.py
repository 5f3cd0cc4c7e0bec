"""The phone's Wide Shot follows the board: a detail the Director undid leaves the player's
field empty (nothing stale to send again), and a locked Wide Shot's leading questions read as
settled, no longer asked, at 390x844 and 360x780."""

import pytest
from playwright.sync_api import expect

from sessions.models import TableEvent
from tests.browser.conftest import ARTIFACTS, HAND_IDS, HAND_SIZES, seated
from tests.browser.http import Visitor

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SEEN = "A crow on the telegraph wire, watching us"


@pytest.mark.parametrize("viewport", HAND_SIZES, ids=HAND_IDS)
def test_a_detail_undone_leaves_the_field_empty(in_hand, viewport, asgi_server, playing, password):
    adventure = playing["adventure"]
    sam = playing["sam"]
    page = seated(in_hand, viewport, "bob", password, playing["url"])
    # Carol is typing Ada's meanwhile: the undo of Sam's detail is none of her field's business.
    carol = seated(in_hand, viewport, playing["ada"].owner.username, password, playing["url"])
    hers = carol.locator(".wideshot").get_by_label("What does Ada see?")
    hers.fill("Rain running")
    wideshot = page.locator(".wideshot")
    field = wideshot.get_by_label(f"What does {sam.name} see?")
    field.fill(SEEN)
    wideshot.get_by_role("button", name="Add my detail").tap()
    expect(wideshot.locator(".details")).to_contain_text("crow on the telegraph wire")
    expect(wideshot.get_by_role("button", name="Change my detail")).to_be_visible()

    director = Visitor(asgi_server, adventure.director, password)
    director.get(playing["url"])
    newest = TableEvent.objects.filter(adventure=adventure).latest("pk")
    assert director.post(playing["url"] + "undo/", {"event": newest.pk})[0] == 200
    expect(wideshot.get_by_role("button", name="Add my detail")).to_be_visible()
    expect(wideshot.locator(".details")).not_to_contain_text("crow")
    expect(field).to_have_value("")
    expect(carol.locator(".wideshot .details")).not_to_contain_text("crow")
    expect(hers).to_have_value("Rain running")


# The heaviest font weight of a list's words, its own and its children's.
HEAVIEST = """list => Math.max(...[list, ...list.querySelectorAll('*')]
  .map(el => Number(getComputedStyle(el).fontWeight)))"""


@pytest.mark.parametrize("viewport", HAND_SIZES, ids=HAND_IDS)
def test_a_locked_wide_shot_asks_no_more(in_hand, viewport, asgi_server, playing, password):
    adventure = playing["adventure"]
    sam = playing["sam"]
    director = Visitor(asgi_server, adventure.director, password)
    director.get(playing["url"])
    asked = {
        "opening": "Rain on a tin roof.",
        "questions": f"@{sam.name} What is under the desk?\nWho left the lamp lit?",
    }
    assert director.post(playing["url"] + "wideshot/edit/", asked)[0] == 200
    page = seated(in_hand, viewport, "bob", password, playing["url"])
    wideshot = page.locator(".wideshot")
    asks = wideshot.get_by_role("list", name="The Director asks")
    expect(asks).to_contain_text(f"{sam.name}: What is under the desk?")
    assert asks.evaluate(HEAVIEST) >= 700  # the hero asked, in bold: it is theirs to answer

    assert director.post(playing["url"] + "wideshot/lock/", {"locked": "1"})[0] == 200
    expect(wideshot.get_by_text("Locked: canon")).to_be_visible()
    expect(wideshot.get_by_role("list", name="The Director asks")).to_have_count(0)
    settled = wideshot.get_by_role("list", name="The Director asked")
    expect(settled).to_contain_text(f"What is under the desk? (asked of {sam.name})")
    expect(settled).to_contain_text("Who left the lamp lit?")
    assert settled.evaluate(HEAVIEST) <= 400
    settled.scroll_into_view_if_needed()
    page.screenshot(path=ARTIFACTS / f"phone-wide-shot-settled-{viewport['width']}.png")
