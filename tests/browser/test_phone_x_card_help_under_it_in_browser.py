"""Before the first Scene a player's phone (390x844, 360x780) shows the X-card alone: its help
("Something not OK? Press it…") wraps under the button, not squeezed into a narrow column
beside it (fresh-eyes phone review)."""

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
    button = page.get_by_role("button", name="X-card").first
    help_text = page.get_by_text("Something not OK? Press it").first
    expect(help_text).to_be_visible()
    under, box = button.bounding_box(), help_text.bounding_box()
    assert box["y"] >= under["y"] + under["height"] - 1, (under, box)
    # As wide as the page's column, not a narrow strip.
    assert box["width"] >= viewport["width"] * 0.75, box
