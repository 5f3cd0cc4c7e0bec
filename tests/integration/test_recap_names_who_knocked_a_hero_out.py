"""A Knockout in the enemies' turn, told in the recap with the enemy that dealt it when the Cast
could see it (a fresh-eyes evening: "Rosa Vance went down hard: Knockout! … (It was the
enemies' turn.)" while the Sniper who shot her was in plain view); a hidden one stays unnamed."""

import pytest

from sessions.rules import DangerTemplate

pytestmark = pytest.mark.django_db


def _knocked_out_by(playing, revealed: bool) -> str:
    from sessions.actions import dangers, legs, peril, tumults
    from sessions.models import Recap

    adventure, sam = playing["adventure"], playing["sam"]
    director = adventure.director
    sniper = dangers.add_danger(adventure, "The Sniper", DangerTemplate.MINION, director)
    dangers.reveal_danger(adventure, sniper.pk, revealed, director)
    peril.adjust_peril(adventure, sam.pk, 5, "a long night", director)
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
