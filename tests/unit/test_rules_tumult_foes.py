"""Which Dangers a Tumult is fought against: the Director's pick among the Scene's."""

import pytest

from sessions.rules import (
    NoFoesChosen,
    NotAFoe,
    bring_in,
    choose_foes,
    enemies_turn,
    foes_of,
    next_round,
    start_tumult,
)

STANDING = {"thugs", "boss", "lurker"}


def test_the_director_picks_some_of_the_scenes_dangers():
    assert choose_foes(["thugs", "boss"], STANDING) == {"thugs", "boss"}


def test_with_no_choice_made_every_danger_standing_fights():
    assert choose_foes(None, STANDING) == STANDING


def test_ticking_none_is_refused():
    with pytest.raises(NoFoesChosen):
        choose_foes([], STANDING)


def test_a_scene_with_no_danger_has_a_tumult_against_nobody():
    assert choose_foes([], set()) == frozenset()


def test_a_danger_not_of_the_scene_is_refused():
    with pytest.raises(NotAFoe):
        choose_foes(["thugs", "someone-elses"], STANDING)


def test_the_foes_stay_round_after_round():
    tumult = start_tumult({"boss"})
    assert next_round(enemies_turn(tumult)).foes == {"boss"}


def test_only_the_foes_are_picked_out_of_the_scenes_dangers_in_order():
    tumult = start_tumult({"lurker", "thugs"})
    assert foes_of(tumult, ["thugs", "boss", "lurker"], key=str) == ["thugs", "lurker"]


def test_another_danger_of_the_scene_can_join_the_fight():
    tumult = bring_in(start_tumult({"thugs"}), "boss", STANDING)
    assert tumult.foes == {"thugs", "boss"}
    with pytest.raises(NotAFoe):
        bring_in(tumult, "boss", STANDING)  # already in it
    with pytest.raises(NotAFoe):
        bring_in(tumult, "someone-elses", STANDING)
