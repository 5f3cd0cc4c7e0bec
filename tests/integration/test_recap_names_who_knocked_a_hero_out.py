"""A Knockout in the enemies' turn, told in the recap with the enemy that dealt it when the Cast
could see it (a fresh-eyes evening: "Rosa Vance went down hard: Knockout! … (It was the
enemies' turn.)" while the Sniper who shot her was in plain view); a hidden one stays unnamed."""

import re

import pytest

from sessions.rules import DangerTemplate

pytestmark = pytest.mark.django_db


def _knocked_out_by(playing, revealed: bool, peril_before: int = 5) -> str:
    from sessions.actions import dangers, legs, peril, tumults
    from sessions.models import Recap

    adventure, sam = playing["adventure"], playing["sam"]
    director = adventure.director
    sniper = dangers.add_danger(adventure, "The Sniper", DangerTemplate.MINION, director)
    dangers.reveal_danger(adventure, sniper.pk, revealed, director)
    peril.adjust_peril(adventure, sam.pk, peril_before, "a long night", director)
    tumults.start_tumult(adventure, director)
    tumults.enemies_turn(adventure, {sniper.pk: {sam.pk: 1}}, director)
    tumults.end_tumult(adventure, director)
    legs.end_leg(adventure, director)
    return Recap.objects.get().body


def test_the_recap_names_the_enemy_in_plain_view_that_knocked_a_hero_out(playing):
    body = _knocked_out_by(playing, revealed=True)
    assert "Knockout" in body
    assert "The Sniper struck in the enemies' turn" in body


def test_a_hidden_enemy_that_knocked_a_hero_out_stays_unnamed(playing):
    body = _knocked_out_by(playing, revealed=False)
    assert "Knockout" in body
    assert "Sniper" not in body
    assert "It was the enemies' turn" in body


@pytest.mark.parametrize(("revealed", "told"), [(True, "the Sniper"), (False, "the enemies")])
def test_a_blow_that_knocks_nobody_out_is_told_too(playing, revealed, told):
    """A fresh-eyes recap told the heroes' Gambles and never the enemies' blows that answered
    them: Peril that knocks nobody out is told, by the foe the Cast could see."""
    body = _knocked_out_by(playing, revealed=revealed, peril_before=1)
    assert "Knockout" not in body
    assert re.search(
        rf"{told} struck back: Peril for Sam|Sam[\w ]* took Peril as {told} hit back", body, re.I
    ), body
    if not revealed:
        assert "Sniper" not in body
