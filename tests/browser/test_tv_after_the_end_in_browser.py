"""After The End (issue 34, the TV): the TV says the Adventure is finished (not "Live"), stops
offering its join code, and, left on for the evening or the month, follows the Campaign to its
next Adventure once the Director starts it: the room's TV has nobody at it to type a link."""

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from sessions.actions import legs
from sessions.models import Adventure, Campaign, KeyLocation, Leg, Scene, TableEvent
from sessions.rules import LoadedDice
from tests.browser.conftest import log_in
from tests.browser.http import Visitor

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SIZES = {
    "720p": {"width": 1280, "height": 720},
    "1080p": {"width": 1920, "height": 1080},
}
LAPTOP = {"width": 1366, "height": 768}


def _finish(asgi_server, adventure, password) -> None:
    director = Visitor(asgi_server, adventure.director, password)
    url = f"/adventures/{adventure.pk}/table/finish/"
    assert director.post(url, {"confirm": "yes"})[0] == 200


def _screen_on(asgi_server, adventure, password) -> str:
    director = Visitor(asgi_server, adventure.director, password)
    url = f"/adventures/{adventure.pk}/table/screen/"
    assert director.post(url, {"enabled": "1"})[0] == 200
    return f"/screen/{Adventure.objects.get(pk=adventure.pk).screen_token}/"


@pytest.mark.parametrize("size", SIZES, ids=list(SIZES))
def test_at_the_end_the_tv_says_finished_and_offers_no_join_code(
    new_page, asgi_server, playing, password, size
):
    adventure = playing["adventure"]
    Adventure.objects.filter(pk=adventure.pk).update(seats=6)  # a seat free: the code is up
    path = _screen_on(asgi_server, adventure, password)
    tv = new_page(SIZES[size])
    tv.goto(path)
    status = tv.locator("[data-live-status]")
    expect(status).to_have_text("Live")
    expect(tv.get_by_role("heading", name="Join the table")).to_be_visible()
    code = adventure.join_code

    _finish(asgi_server, adventure, password)
    # Live, the moment The End lands: no "Live" on a table that is over, no code to join it.
    expect(status).to_have_text("Adventure finished")
    expect(tv.get_by_role("heading", name="Join the table")).to_have_count(0)
    expect(tv.get_by_text(f"{code[:3]} {code[3:]}")).to_have_count(0)
    tv.locator(".spotlight-part").evaluate("holder => holder.classList.remove('is-on')")
    expect(tv.get_by_text("The End. This Adventure is finished")).to_be_visible()
    tv.screenshot(path=f"artifacts/tv-after-the-end-{size}.png")
    # And so it reads when the TV comes on afresh.
    tv.reload()
    expect(status).to_have_text("Adventure finished")
    expect(tv.locator(".join-box")).to_have_count(0)
    # Not in a Campaign: nothing to follow, nothing said about it.
    expect(tv.locator(".follow-note")).to_be_hidden()


def test_the_directors_stage_line_says_the_tv_shows_a_finished_adventure(
    new_page, asgi_server, playing, password
):
    adventure = playing["adventure"]
    _screen_on(asgi_server, adventure, password)
    _finish(asgi_server, adventure, password)
    page = new_page(LAPTOP)
    log_in(page, adventure.director.username, password)
    page.goto(f"/adventures/{adventure.pk}/table/")
    stage = page.locator(".director-stage-part")
    expect(stage).to_contain_text("The End")
    expect(stage).to_contain_text("Adventure finished")
    expect(stage).not_to_contain_text("In play")


def _sequel(campaign, director) -> tuple[Adventure, Leg]:
    sequel = Adventure.objects.create(
        director=director, title="The Clockmaker's Daughter", campaign=campaign
    )
    leg = Leg.objects.create(adventure=sequel, position=1, title="Tick, Tock")
    location = KeyLocation.objects.create(leg=leg, position=1, name="The clock tower")
    Scene.objects.create(leg=leg, position=1, beat="Up the tower", key_location=location)
    return sequel, leg


@pytest.mark.parametrize("size", SIZES, ids=list(SIZES))
def test_a_tv_left_on_the_finished_adventure_moves_to_the_campaigns_next_when_it_starts(
    new_page, asgi_server, playing, password, size
):
    adventure = playing["adventure"]
    director = adventure.director
    campaign = Campaign.objects.create(director=director, title="The Monsoon Years")
    Adventure.objects.filter(pk=adventure.pk).update(campaign=campaign)
    path = _screen_on(asgi_server, adventure, password)
    tv = new_page(SIZES[size])
    tv.goto(path)
    expect(tv.locator("[data-live-status]")).to_have_text("Live")
    note = tv.get_by_text("When the Director starts the Campaign's next Adventure, this screen")
    expect(note).to_be_hidden()  # in play: nothing to follow yet

    # (It asks every 15 s; this test has no time to wait for that.)
    tv.locator("[data-next-url]").evaluate("root => root.dataset.nextEvery = 300")
    _finish(asgi_server, adventure, password)
    expect(tv.locator("[data-live-status]")).to_have_text("Adventure finished")
    expect(note).to_be_visible()
    expect(note).to_be_in_viewport(ratio=1)
    expect(tv.locator(".log-list > li").first).to_contain_text("THE END")
    tv.locator(".spotlight-part").evaluate("holder => holder.classList.remove('is-on')")
    assert tv.evaluate("document.documentElement.scrollHeight") <= SIZES[size]["height"]
    tv.screenshot(path=f"artifacts/tv-follows-campaign-waiting-{size}.png")
    # The next Adventure made, not started yet: the TV stays with the one it shows.
    sequel, leg = _sequel(campaign, director)
    other = Adventure.objects.create(
        director=get_user_model().objects.create_user("someone", password=password),
        title="Somebody else's table",
        status=Adventure.Status.PLAYING,
    )
    asked = "() => performance.getEntriesByType('resource').filter(e => e.name.endsWith('/next/'))"
    before = len(tv.evaluate(asked))
    tv.wait_for_function(f"() => ({asked})().length >= {before + 2}")
    assert tv.url.endswith(path)
    assert Adventure.objects.get(pk=sequel.pk).screen_token is None

    # The Director starts it: the TV moves there by itself, on a link of the sequel's own.
    legs.start_leg(sequel, leg, director, LoadedDice([2, 3]))
    tv.wait_for_url(f"**/screen/{sequel.pk}-*/")
    sequel.refresh_from_db()
    assert tv.url.endswith(f"/screen/{sequel.screen_token}/")
    expect(tv.locator("[data-live-status]")).to_have_text("Live")
    expect(tv.get_by_role("heading", name="Tick, Tock")).to_be_visible()
    expect(tv.get_by_text("The shared screen of The Clockwork Monsoon followed")).to_be_visible()
    tv.screenshot(path=f"artifacts/tv-follows-campaign-moved-{size}.png")
    # The old link still shows the finished table; nobody else's table was touched.
    assert Adventure.objects.get(pk=adventure.pk).screen_token in path
    assert Adventure.objects.get(pk=other.pk).screen_token is None
    assert TableEvent.objects.filter(adventure=sequel, kind="screen").count() == 1


def test_a_link_the_director_made_for_the_next_adventure_is_the_one_followed(
    new_page, asgi_server, playing, password
):
    """A TV switched on for the sequel already (another screen shows it): the finished TV
    joins it there, and that link stays as it was."""
    adventure = playing["adventure"]
    director = adventure.director
    campaign = Campaign.objects.create(director=director, title="The Monsoon Years")
    Adventure.objects.filter(pk=adventure.pk).update(campaign=campaign)
    path = _screen_on(asgi_server, adventure, password)
    _finish(asgi_server, adventure, password)
    sequel, leg = _sequel(campaign, director)
    legs.start_leg(sequel, leg, director, LoadedDice([2, 3]))
    made = _screen_on(asgi_server, sequel, password)
    # A TV switched on again after a month, on its bookmark: straight to the sequel.
    tv = new_page(SIZES["1080p"])
    tv.goto(path)
    tv.wait_for_url(f"**{made}")
    expect(tv.locator("[data-live-status]")).to_have_text("Live")
    assert f"/screen/{Adventure.objects.get(pk=sequel.pk).screen_token}/" == made


def test_the_directors_stage_line_follows_the_tv_to_the_next_adventure(
    new_page, asgi_server, playing, password
):
    """The reviewer saw "The TV is off" on the Director's page of the sequel right after the TV
    followed the Campaign there, till a reload: the line is redrawn as the link is made (by the
    TV following, or by the Director) or switched off."""
    adventure = playing["adventure"]
    director = adventure.director
    campaign = Campaign.objects.create(director=director, title="The Monsoon Years")
    Adventure.objects.filter(pk=adventure.pk).update(campaign=campaign)
    path = _screen_on(asgi_server, adventure, password)
    _finish(asgi_server, adventure, password)
    sequel, leg = _sequel(campaign, director)
    legs.start_leg(sequel, leg, director, LoadedDice([2, 3]))
    page = new_page(LAPTOP)
    log_in(page, director.username, password)
    page.goto(f"/adventures/{sequel.pk}/table/")
    expect(page.locator("[data-live-status]")).to_have_text("Live")
    stage = page.locator(".director-stage-part")
    expect(stage).to_contain_text("The TV left on the last Adventure follows you here")
    tv = new_page(SIZES["1080p"])
    tv.goto(path)
    tv.wait_for_url(f"**/screen/{sequel.pk}-*/")
    expect(stage).to_contain_text("Moment:")
    expect(stage).to_contain_text("In play")
    expect(stage).not_to_contain_text("The TV is off")
    # And the link switched off and made again by the Director: the line says so, live.
    visitor = Visitor(asgi_server, director, password)
    url = f"/adventures/{sequel.pk}/table/screen/"
    assert visitor.post(url, {"enabled": "0"})[0] == 200
    expect(stage).to_contain_text("The TV is off")
    assert visitor.post(url, {"enabled": "1"})[0] == 200
    expect(stage).to_contain_text("Moment:")
