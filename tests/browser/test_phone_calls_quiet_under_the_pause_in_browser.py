"""The pause is what a paused phone reads first (a fresh-eyes review: "Your turn" stayed as loud
as the X-card's bar under it): the calls stay, whole and where they were (a player may still
read what waits for them), but quiet, in the page's paper, not the calls' yellow; loud again
on resume."""

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import ARTIFACTS, seated
from tests.browser.http import Visitor
from tests.images import handout

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

YELLOW = "rgb(255, 210, 63)"
PAPER = "rgb(251, 243, 220)"


@pytest.mark.parametrize("size", [(390, 844), (360, 780)], ids=["390x844", "360x780"])
def test_the_calls_give_the_pause_the_first_read(in_hand, asgi_server, playing, password, size):
    adventure = playing["adventure"]
    viewport = {"width": size[0], "height": size[1]}
    page = seated(in_hand, viewport, "bob", password, playing["url"])
    director = Visitor(asgi_server, adventure.director, password)
    director.get(playing["url"])
    shown = {"handout": handout(adventure, "The harbour map").pk}
    assert director.post(playing["url"] + "handouts/reveal/", shown)[0] == 200
    banner = page.get_by_role("navigation", name="Waiting on you")
    expect(banner).to_have_css("background-color", YELLOW)

    carol = Visitor(asgi_server, playing["ada"].owner, password)
    carol.get(playing["url"])
    assert carol.post(playing["url"] + "x-card/")[0] == 200
    pause = page.get_by_role("alert").filter(has_text="Paused.")
    expect(pause).to_be_visible()
    # The call stays, under the pause's bar, quiet.
    expect(banner).to_be_visible()
    expect(banner).to_have_css("background-color", PAPER)
    expect(banner).to_have_css("box-shadow", "none")
    assert (
        banner.bounding_box()["y"] >= pause.bounding_box()["y"] + pause.bounding_box()["height"] - 1
    )
    page.screenshot(path=ARTIFACTS / f"phone-calls-quiet-paused-{size[0]}x{size[1]}.png")

    director.get(playing["url"])
    assert director.post(playing["url"] + "resume/")[0] == 200
    expect(pause).to_have_count(0)
    expect(banner).to_have_css("background-color", YELLOW)
