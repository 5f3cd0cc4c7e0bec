"""A Tumult whose every enemy is out, not yet ended by the Director (fresh-eyes game night): a
player's Roll! on their phone goes ahead, aimed at nobody, rather than silently doing nothing."""

import pytest
from playwright.sync_api import expect

from sessions.models import Danger, Gamble
from sessions.rules import DangerTemplate
from tests.browser.conftest import (
    ARTIFACTS,
    foes_in_sight,
    gamble_panel,
    seated,
    tumult_against_them_all,
)
from tests.browser.http import Visitor

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize("size", [{"width": 360, "height": 780}, {"width": 390, "height": 844}])
def test_roll_goes_ahead_when_every_enemy_is_out(in_hand, asgi_server, playing, password, size):
    adventure = playing["adventure"]
    foes_in_sight(
        adventure, ("The Brass Widow", DangerTemplate.LIEUTENANT), ("Guards", DangerTemplate.MINION)
    )
    phone = seated(in_hand, size, "bob", password, playing["url"])
    tumult_against_them_all(asgi_server, playing, password)
    mine = gamble_panel(phone, "Sam Okafor")
    expect(mine.get_by_label("Aimed at an enemy?")).to_be_visible()
    # Every enemy out (as after the others' successes), the Tumult not ended: the phone's form
    # was drawn while they stood, asking "Which one?".
    for danger in Danger.objects.all():
        danger.successes = danger.success_threshold
        danger.save()
    mine.get_by_label("What are you attempting?").fill("Kick the door shut")
    mine.get_by_role("button", name="Roll!").tap()
    expect(phone.get_by_text("Kick the door shut").first).to_be_visible()
    phone.screenshot(path=str(ARTIFACTS / f"phone-roll-every-enemy-out-{size['width']}.png"))
    expect(mine.get_by_label("What are you attempting?")).to_have_count(0)
    assert Gamble.objects.get(character=playing["sam"]).danger is None


def test_the_cockpit_offers_the_end_when_every_enemy_is_out(
    new_page, asgi_server, playing, password
):
    """The Director's cockpit at 1366x768, every foe out: no empty "Peril from" grid and no
    enemies' turn, but the words and End the Tumult, which ends it."""
    adventure = playing["adventure"]
    foes_in_sight(adventure, ("The Brass Widow", DangerTemplate.LIEUTENANT))
    page = seated(
        new_page,
        {"width": 1366, "height": 768},
        adventure.director.username,
        password,
        playing["url"],
    )
    director = Visitor(asgi_server, adventure.director, password)
    director.get(playing["url"])
    assert director.post(playing["url"] + "tumult/start/", {})[0] == 200
    panel = page.locator("#director-tumult-panel")
    expect(panel.get_by_label("Peril from The Brass Widow to Sam Okafor")).to_be_visible()
    widow = Danger.objects.get()
    for _ in range(widow.success_threshold):
        assert director.post(playing["url"] + "dangers/success/", {"danger": widow.pk})[0] == 200
    expect(panel).to_contain_text("Every enemy is out of the picture: end the Tumult.")
    expect(panel.get_by_text("Peril from")).to_have_count(0)
    expect(panel.get_by_role("button", name="Enemies' turn")).to_have_count(0)
    end = panel.get_by_role("button", name="End the Tumult")
    panel.scroll_into_view_if_needed()
    page.screenshot(path=str(ARTIFACTS / "cockpit-every-enemy-out-1366x768.png"))
    end.click()
    page.get_by_role("button", name="Yes, end the Tumult").click()
    expect(panel.get_by_role("button", name="Start a Tumult")).to_be_visible()
