"""Before the first Scene a player's phone (390x844, 360x780) shows one X-card, on the bar at
the foot of the screen, in reach wherever the page is scrolled (a fresh-eyes phone found two:
one at the top of the page, its help squeezed beside it, and one on the bar)."""

import pytest
from playwright.sync_api import expect

from sessions.actions import legs
from sessions.models import Leg, Scene
from sessions.rules import LoadedDice
from tests.browser.conftest import HAND_IDS, HAND_SIZES, seated

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize("viewport", HAND_SIZES, ids=HAND_IDS)
def test_the_x_card_help_wraps_under_the_button(
    in_hand, viewport, adventure, cast_member, password
):
    Leg.objects.filter(adventure=adventure).update(status=Leg.Status.PLANNED)
    Scene.objects.update(status=Scene.Status.PLANNED)
    legs.start_leg(adventure, adventure.legs.get(), adventure.director, LoadedDice([2, 3]))
    page = seated(in_hand, viewport, "bob", password, f"/adventures/{adventure.pk}/table/")
    buttons = page.get_by_role("button", name="X-card")
    expect(buttons.filter(visible=True)).to_have_count(1)
    expect(buttons.filter(visible=True)).to_be_in_viewport()
    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    expect(buttons.filter(visible=True)).to_be_in_viewport()
