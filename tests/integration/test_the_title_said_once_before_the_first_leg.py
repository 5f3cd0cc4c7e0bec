"""Before the first Leg the phone, the TV and the Director's table showed the Adventure's title
twice: in the kicker ("THE CLOCKWORK MONSOON · REAL DICE OR THE APP'S") and in the heading right
under it (a fresh-eyes evening). There the heading alone names it, the dice words on a small line
under it; once a Scene is in play, its heading is the Scene's beat and the kicker names the
Adventure again. The dice words always come after the heading (the title reads first)."""

import html
import re

import pytest
from django.test import Client
from django.urls import reverse

from sessions.models import Leg, RealDice, Scene
from tests.conftest import player_client

pytestmark = pytest.mark.django_db


def _kicker(page: str) -> str:
    panel = page[page.index("scene-panel") :]
    found = re.search(r'<p class="kicker">(.*?)</p>', panel, re.S)
    assert found, panel[:800]
    return html.unescape(re.sub(r"<[^>]+>", "", found.group(1))).strip()


def _dice_line_after_the_title(page: str) -> str:
    panel = page[page.index("scene-panel") :]
    title = panel.index('<h1 id="scene-title"')
    found = re.search(r'<p class="dice-line">(.*?)</p>', panel, re.S)
    assert found, panel[:800]
    assert found.start() > title, panel[:800]
    return html.unescape(re.sub(r"<[^>]+>", "", found.group(1))).strip()


def _screens(adventure, cast_member) -> dict[str, str]:
    table = f"/adventures/{adventure.pk}/table/"
    director = Client()
    director.force_login(adventure.director)
    return {
        "phone": player_client(cast_member.character).get(table).content.decode(),
        "tv": Client().get(reverse("screen", args=["tv-token"])).content.decode(),
        "director": director.get(table).content.decode(),
    }


def test_before_the_first_leg_the_dice_words_follow_the_title(adventure, cast_member):
    Leg.objects.filter(adventure=adventure).update(status=Leg.Status.PLANNED)
    Scene.objects.update(status=Scene.Status.PLANNED)
    adventure.real_dice = RealDice.EITHER
    adventure.screen_token = "tv-token"
    adventure.save(update_fields=["real_dice", "screen_token"])

    for screen, page in _screens(adventure, cast_member).items():
        panel = page[page.index("scene-panel") :]
        assert '<p class="kicker">' not in panel[: panel.index('<h1 id="scene-title"')], screen
        assert '<h1 id="scene-title">The Clockwork Monsoon</h1>' in page, screen
        assert _dice_line_after_the_title(page) == "Dice: real or the app's", screen


def test_before_the_first_leg_with_the_apps_dice_there_is_no_kicker(adventure, cast_member):
    Leg.objects.filter(adventure=adventure).update(status=Leg.Status.PLANNED)
    Scene.objects.update(status=Scene.Status.PLANNED)
    adventure.screen_token = "tv-token"
    adventure.save(update_fields=["screen_token"])

    for screen, page in _screens(adventure, cast_member).items():
        panel = page[page.index("scene-panel") :]
        assert '<p class="kicker">' not in panel[: panel.index('<h1 id="scene-title"')], screen


def test_with_a_scene_in_play_the_kicker_names_the_adventure(adventure, cast_member):
    adventure.real_dice = RealDice.EITHER
    adventure.screen_token = "tv-token"
    adventure.save(update_fields=["real_dice", "screen_token"])

    for screen, page in _screens(adventure, cast_member).items():
        assert _kicker(page) == "The Clockwork Monsoon · A Ticking in the Rain", screen
        assert _dice_line_after_the_title(page) == "Dice: real or the app's", screen
