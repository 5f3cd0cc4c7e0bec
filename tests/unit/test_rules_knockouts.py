"""Knockouts per DESIGN.md §2: the rest of the Scene, or the Tumult it was taken in."""

import pytest

from sessions.rules import (
    CharacterState,
    OutOfRange,
    TumultState,
    add_peril,
    end_scene,
    end_tumult,
    enemies_turn,
    knocked_out_during,
    next_round,
    start_tumult,
)


def test_a_tumult_remembers_who_was_knocked_out_during_it_round_after_round():
    tumult = knocked_out_during(start_tumult(), "ada")
    assert tumult.knocked_out == frozenset({"ada"})
    later = next_round(enemies_turn(knocked_out_during(tumult, "bo")))
    assert later.round == 2
    assert later.knocked_out == frozenset({"ada", "bo"})
    assert later.acted == frozenset()


def test_who_was_knocked_out_must_be_a_frozenset():
    with pytest.raises(OutOfRange):
        TumultState(knocked_out={"ada"})  # type: ignore[arg-type]


def test_a_knockout_during_a_tumult_ends_with_it_and_one_before_it_with_the_scene():
    before = add_peril(CharacterState(peril=5), 1).state_after  # knocked out before the Tumult
    tumult = start_tumult()
    during = add_peril(CharacterState(peril=4), 3).state_after
    tumult = knocked_out_during(tumult, "bo")
    assert before.incapacitated
    assert during.incapacitated
    assert end_tumult(during, knocked_out_during_it="bo" in tumult.knocked_out) == CharacterState(
        knockouts=1
    )
    assert end_tumult(before, knocked_out_during_it="ada" in tumult.knocked_out) == before
    assert end_scene(before) == CharacterState(knockouts=1)
