"""The Peril a Gamble's 1s will cost is said on the phone before it is locked in (a fresh-eyes
phone: 1 3 1 6 read "Success!", the two Peril only found after the lock-in). The numbers are
the rules engine's: lifted 1s cost nothing, a Knockout is said as one, and a hero with no
Lucky Save to lift them is not told to."""

import re

import pytest

from characters.models import Character
from sessions.models import Gamble
from sessions.rules import LoadedDice, use_dice
from tests.conftest import HTMX
from tests.gambles import gamble_form

pytestmark = pytest.mark.django_db


def _roll(client, playing, faces, **data):
    url = playing["url"] + f"roll/{playing['sam'].pk}/"
    with use_dice(LoadedDice(faces)):
        response = client.post(url, gamble_form("request-0001", **data), headers=HTMX)
    assert response.status_code == 200


def _verdict(client, playing) -> str:
    page = client.get(playing["url"]).content.decode()
    verdict = re.search(r'<p class="verdict"[^>]*>(.*?)</p>', page, re.S).group(1)
    return " ".join(re.sub(r"<[^>]+>", "", verdict).split())


def test_two_ones_on_a_success_are_priced_before_the_lock_in(bob_client, playing):
    _roll(bob_client, playing, [1, 3, 1, 6], advantages=3)
    lucky = Character.objects.get(pk=playing["sam"].pk).lucky_saves
    assert _verdict(bob_client, playing).startswith(
        "As the dice stand: Success, with +2 Peril for the two 1s unless you lift them. "
        f"Lucky Saves left: {lucky}."
    )
    # One lifted: the one left is priced alone.
    gamble = Gamble.objects.get()
    url = playing["url"] + f"gambles/{gamble.pk}/lucky/"
    step = {"step": gamble.step, "die": 0}
    assert bob_client.post(url, step, headers=HTMX).status_code == 200
    assert _verdict(bob_client, playing).startswith(
        "As the dice stand: Success, with +1 Peril for the 1 unless you lift it. "
    )


def test_a_knockout_in_the_ones_is_said_and_no_lift_offered_without_lucky_saves(
    bob_client, playing
):
    Character.objects.filter(pk=playing["sam"].pk).update(peril=5, lucky_saves=0)
    _roll(bob_client, playing, [1, 2])
    assert _verdict(bob_client, playing).startswith(
        "As the dice stand: Blunder, with +1 Peril for the 1: a Knockout. Lucky Saves left: 0."
    )


def test_no_ones_no_peril_said(bob_client, playing):
    _roll(bob_client, playing, [6, 4])
    assert _verdict(bob_client, playing).startswith("As the dice stand: Success! Lucky Saves")
    assert "Peril" not in _verdict(bob_client, playing)
