"""Before the first Leg the phone, the TV and the Director's table said the Adventure's title
twice: "THE CLOCKWORK MONSOON · REAL DICE OR THE APP'S" over the heading "The Clockwork Monsoon"
(a fresh-eyes evening). The title is said once, the dice words alone under it: on a phone at
390x844, at a laptop and on the TV."""

import pytest
from playwright.sync_api import expect

from sessions.models import Adventure, Leg, RealDice, Scene
from tests.browser.conftest import log_in, screenshot

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1366, "height": 768}
TV = {"width": 1920, "height": 1080}


def test_before_the_first_leg_the_title_is_said_once(new_page, adventure, cast_member, password):
    Leg.objects.filter(adventure=adventure).update(status=Leg.Status.PLANNED)
    Scene.objects.update(status=Scene.Status.PLANNED)
    Adventure.objects.filter(pk=adventure.pk).update(
        real_dice=RealDice.EITHER, screen_token="tv-token"
    )
    table = f"/adventures/{adventure.pk}/table/"
    screens = []
    for name, viewport, who in (("phone", PHONE, "bob"), ("laptop", LAPTOP, "alice")):
        page = new_page(viewport)
        log_in(page, who, password)
        page.goto(table)
        screens.append((name, page))
    tv = new_page(TV)
    tv.goto("/screen/tv-token/")
    screens.append(("tv", tv))

    for name, page in screens:
        panel = page.locator("section.scene-panel")
        expect(panel.get_by_role("heading", name="The Clockwork Monsoon")).to_be_visible()
        # The dice words alone, under the heading (the title reads first).
        expect(panel.locator(".kicker")).to_have_count(0)
        expect(panel.locator(".dice-line")).to_have_text("Dice: real or the app's")
        assert panel.inner_text().count("The Clockwork Monsoon") == 1, (name, panel.inner_text())
        screenshot(page, f"title-said-once-before-the-first-leg-{name}")
