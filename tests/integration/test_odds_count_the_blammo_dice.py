"""The odds line above Roll! counts every die the Gamble will roll, a Blammo! Die spent (its
sound effect typed) too (SRD, Blammo! Dice: +1d6 each), and its chance is the rules engine's
for that pool: what the line says is what the roll then throws (the review: "Roll 3 dice… 70%"
with 3 dice and a Blammo! Die, 4 in all)."""

import html

import pytest

from characters.models import Character, Equipment, Knack
from sessions import rules as R
from sessions.models import Adventure, Gamble, RealDice
from sessions.parts import kept
from sessions.rules import LoadedDice, use_dice
from tests.conftest import HTMX, player_client
from tests.gambles import gamble_form

pytestmark = pytest.mark.django_db


@pytest.fixture
def sam(playing) -> Character:
    """Sam with a Knack, a piece of Equipment and two Blammo! Dice."""
    sam = playing["sam"]
    Knack.objects.create(character=sam, text="Brawling in cramped places")
    Equipment.objects.create(character=sam, text="A crowbar")
    assert sam.blammo == 2
    return sam


def _pool(**extra) -> dict:
    return {"knacks": ["Brawling in cramped places"], "equipment": ["A crowbar"], **extra}


def _odds_line(client, playing, hero, data) -> str:
    response = client.get(playing["url"] + f"odds/{hero.pk}/", data)
    assert response.status_code == 200
    return html.unescape(response.content.decode())


@pytest.mark.parametrize("setting", [RealDice.APP, RealDice.HAND])
def test_the_line_counts_the_blammo_die_and_the_roll_throws_what_it_said(playing, sam, setting):
    Adventure.objects.filter(pk=playing["adventure"].pk).update(real_dice=setting)
    kept.changed(playing["adventure"])
    client = player_client(sam)
    expected = R.odds(4, sam.lucky_saves)
    assert expected.success_percent == "80%"  # 1 - (2/3)^4, not 3 dice's 70%

    line = _odds_line(client, playing, sam, _pool(sound_effects=["KA-POW!"]))
    assert "4 dice</strong>" in line
    assert f"{expected.success_percent} to succeed" in line
    assert f"{expected.no_peril_percent} chance of no Peril" in line
    assert "70%" not in line
    if setting == RealDice.HAND:
        assert "Roll <strong>4 dice</strong> (1 + 1 Knack + 1 Equipment + 1 Blammo! Die)" in line

    # The same form, sent: four dice thrown (four faces, by hand), one Blammo! Die spent.
    faces = {"faces": "2 3 4 5"} if setting == RealDice.HAND else {}
    with use_dice(LoadedDice([2, 3, 4, 5])):
        response = client.post(
            playing["url"] + f"roll/{sam.pk}/",
            gamble_form("blammo-odds-1", **_pool(sound_effects=["KA-POW!"], **faces)),
            headers=HTMX,
        )
    assert response.status_code == 200
    assert Gamble.objects.get().pool == 4
    assert Character.objects.get(pk=sam.pk).blammo == 1


def test_each_sound_effect_is_a_die_and_an_empty_box_is_none(playing, sam):
    client = player_client(sam)
    both = _odds_line(client, playing, sam, _pool(sound_effects=["KA-POW!", "THWACK!"]))
    assert f"5 dice</strong>: {R.odds(5, sam.lucky_saves).success_percent} to succeed" in both
    one = _odds_line(client, playing, sam, _pool(sound_effects=["KA-POW!", "  "]))
    assert f"4 dice</strong>: {R.odds(4, sam.lucky_saves).success_percent} to succeed" in one


def test_three_faces_for_three_dice_and_a_blammo_die_are_refused_by_the_field(playing, sam):
    """By hand, faces counted out by an odds line that missed the Blammo! Die are too few:
    refused by the field, nothing rolled, the Blammo! Die kept."""
    Adventure.objects.filter(pk=playing["adventure"].pk).update(real_dice=RealDice.HAND)
    kept.changed(playing["adventure"])
    response = player_client(sam).post(
        playing["url"] + f"roll/{sam.pk}/",
        gamble_form("blammo-odds-2", **_pool(sound_effects=["KA-POW!"], faces="2 3 4")),
        headers=HTMX,
    )
    assert response.status_code == 400
    assert "Roll 4 dice" in html.unescape(response.content.decode())
    assert not Gamble.objects.exists()
    assert Character.objects.get(pk=sam.pk).blammo == 2
