"""The call pinned at the top of a player's phone ("Wide Shot: what does Sam see?", a fresh-eyes
evening's defect) at 390x844 and 360x780: a Scene starting leaves the player reading where they
were, just below the banner, and no control of their Gamble lies under it; a control tabbed to
stops below it, as a tap on the banner lands in the Wide Shot's field, its card's top below it."""

import pytest
from playwright.sync_api import expect

from sessions.actions import legs
from sessions.models import Leg, Scene
from sessions.rules import LoadedDice
from tests.browser.conftest import ARTIFACTS, HAND_IDS, HAND_SIZES, gamble_panel, seated
from tests.browser.http import Visitor

pytestmark = [pytest.mark.browser, pytest.mark.looks, pytest.mark.django_db(transaction=True)]

# The controls of the player's Gamble panels that lie, even in part, under the calls' banner.
UNDER_THE_BANNER = """() => {
  const banner = document.querySelector('.call-banner').getBoundingClientRect();
  return [...document.querySelectorAll(
      '#gamble-panels :is(input, button, select, textarea, summary, a)')]
    .filter(el => el.checkVisibility())
    .filter(el => {
      const box = el.getBoundingClientRect();
      return box.height && box.bottom > banner.top && box.top < banner.bottom;
    })
    .map(el => el.outerHTML.slice(0, 80));
}"""


def _size(viewport) -> str:
    return f"{viewport['width']}x{viewport['height']}"


@pytest.mark.parametrize("viewport", HAND_SIZES, ids=HAND_IDS)
def test_a_scene_starting_keeps_the_players_place_clear_of_the_wide_shot_call(
    in_hand, viewport, asgi_server, adventure, cast_member, password
):
    Leg.objects.filter(adventure=adventure).update(status=Leg.Status.PLANNED)
    Scene.objects.update(status=Scene.Status.PLANNED)
    leg = adventure.legs.get()
    legs.start_leg(adventure, leg, adventure.director, LoadedDice([2, 3]))
    scene = leg.scenes.order_by("position").first()
    table = f"/adventures/{adventure.pk}/table/"
    page = seated(in_hand, viewport, "bob", password, table)
    panel = gamble_panel(page, "Sam Okafor")
    heading = panel.get_by_role("heading", name="Sam Okafor: Gamble")
    expect(panel.get_by_text("Gambles wait for a Scene in play")).to_be_visible()
    # The player has scrolled down a little: their Gamble panel at the top of the screen, what
    # they read (a third of the way down the screen).
    page.evaluate("window.scrollTo(0, 20)")
    page.wait_for_function("scrollY === 20")
    was = heading.bounding_box()["y"]
    page.screenshot(path=ARTIFACTS / f"phone-before-the-scene-{_size(viewport)}.png")

    director = Visitor(asgi_server, adventure.director, password)
    assert director.post(table + "scene/start/", {"scene": scene.pk})[0] == 200
    banner = page.get_by_role("navigation", name="Waiting on you")
    expect(banner.get_by_role("link", name="Wide Shot: what does Sam Okafor see?")).to_be_visible()
    attempt = panel.get_by_label("What are you attempting?")
    expect(attempt).to_be_visible()
    page.screenshot(path=ARTIFACTS / f"phone-the-scene-starts-{_size(viewport)}.png")
    # Where they were: the panel's heading just as far below the banner (now pinned above
    # it) as it was below the top of the screen, and nothing of the Gamble under the banner.
    below = banner.bounding_box()
    below = max(below["y"] + below["height"], 0) if below["y"] <= 1 else 0
    assert abs(heading.bounding_box()["y"] - below - was) <= 2, (was, below)
    assert page.evaluate(UNDER_THE_BANNER) == []

    # Scrolled on, the form's box under the banner: tabbed to, it comes out below it.
    attempt.evaluate("box => window.scrollBy(0, box.getBoundingClientRect().top - 10)")
    panel.locator("details.gamble-extras > summary").focus()
    page.keyboard.press("Shift+Tab")
    expect(attempt).to_be_focused()
    assert page.evaluate(UNDER_THE_BANNER) == []

    # The banner, tapped: the Wide Shot's field, below it, ready to type. (Its card as long as
    # an evening's: an opening of a few lines and three questions over the field.)
    wide_shot = {
        "opening": "Saffron smoke, a thousand voices, and somewhere a clock ticking out of time"
        " over the rooftops of the old medina, where the bells have not rung for a hundred years.",
        "questions": "The spice smoke stings: what do you smell underneath it?\n"
        "A merchant stares at your watch: why?\nWho is following you through the crowd?",
    }
    assert director.post(table + "wideshot/edit/", wide_shot)[0] == 200
    expect(page.get_by_text("Who is following you through the crowd?")).to_be_visible()
    banner.get_by_role("link", name="Wide Shot: what does Sam Okafor see?").tap()
    field = page.get_by_label("What does Sam Okafor see?")
    expect(field).to_be_focused()
    expect(field).to_be_in_viewport(ratio=1)
    box, pinned = field.bounding_box(), banner.bounding_box()
    assert box["y"] >= pinned["y"] + pinned["height"]
    # The Wide Shot's card from its top, below the banner: its heading not under it
    # (fresh-eyes phone review: the banner covered the top of the card).
    card = page.get_by_role("region", name="Wide Shot")
    heading = card.get_by_role("heading", name="Wide Shot")
    expect(heading).to_be_in_viewport(ratio=1)
    pinned = banner.bounding_box()
    assert card.bounding_box()["y"] >= pinned["y"] + pinned["height"] - 1
    page.screenshot(path=ARTIFACTS / f"phone-wide-shot-call-tapped-{_size(viewport)}.png")
