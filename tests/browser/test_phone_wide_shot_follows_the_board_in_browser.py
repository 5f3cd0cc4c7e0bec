"""The phone's Wide Shot follows the board: a detail the Director undid leaves the player's
field empty (nothing stale to send again), and a locked Wide Shot's leading questions read as
settled, no longer asked, at 390x844 and 360x780."""

import pytest
from playwright.sync_api import expect

from sessions.models import TableEvent
from tests.browser.conftest import HAND_IDS, HAND_SIZES, seated
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
