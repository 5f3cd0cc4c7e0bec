"""Dangers: Success Thresholds put enemies out; Danger Ratings are split among the Cast."""

from dataclasses import replace

import pytest

from sessions.rules import (
    DangerAlreadyOut,
    DangerState,
    DangerStillIn,
    DangerTemplate,
    InvalidPerilSplit,
    OutOfRange,
    back_in_play,
    dole_out_peril,
    mark_success,
    new_danger,
    peril_split_problems,
    split_danger_peril,
)


@pytest.mark.parametrize(
    ("template", "threshold", "rating", "label"),
    [
        (DangerTemplate.MINION, 1, 1, "Minion"),
        (DangerTemplate.LIEUTENANT, 2, 3, "Lieutenant"),
        (DangerTemplate.VILLAIN, 4, 5, "Villain"),
    ],
)
def test_the_sample_enemies_have_the_srd_thresholds_and_ratings(template, threshold, rating, label):
    danger = new_danger(template)
    assert danger == DangerState(success_threshold=threshold, danger_rating=rating)
    assert template.label == label
    assert not danger.is_out


def test_a_minion_is_out_after_one_success():
    danger = mark_success(new_danger(DangerTemplate.MINION))
    assert danger.is_out
    assert danger.successes_needed == 0


def test_a_villain_takes_four_successes():
    danger = new_danger(DangerTemplate.VILLAIN)
    for needed in (3, 2, 1):
        danger = mark_success(danger)
        assert not danger.is_out
        assert danger.successes_needed == needed
    assert mark_success(danger).is_out


def test_an_enemy_put_out_comes_back_into_play_with_no_successes_against_it():
    guardian = mark_success(mark_success(new_danger(DangerTemplate.LIEUTENANT)))
    back = back_in_play(guardian)
    assert not back.is_out
    assert back == new_danger(DangerTemplate.LIEUTENANT)
    with pytest.raises(DangerStillIn):
        back_in_play(back)


def test_an_enemy_already_out_cannot_take_another_success():
    with pytest.raises(DangerAlreadyOut):
        mark_success(DangerState(success_threshold=1, danger_rating=1, successes=1))


def test_the_director_can_edit_an_enemy_mid_fight():
    danger = mark_success(new_danger(DangerTemplate.VILLAIN))
    assert replace(danger, success_threshold=1).is_out
    assert replace(danger, danger_rating=0).danger_rating == 0


@pytest.mark.parametrize(
    "fields",
    [
        {"success_threshold": 0, "danger_rating": 1},
        {"success_threshold": 1, "danger_rating": -1},
        {"success_threshold": 1, "danger_rating": 1, "successes": -1},
    ],
)
def test_impossible_enemy_numbers_are_refused(fields):
    with pytest.raises(OutOfRange):
        DangerState(**fields)


def test_a_danger_rating_can_be_split_any_way_that_adds_up():
    assert split_danger_peril(3, {"ada": 2, "bo": 1}) == {"ada": 2, "bo": 1}
    assert split_danger_peril(3, {"ada": 3, "bo": 0}) == {"ada": 3}


@pytest.mark.parametrize("allocation", [{"ada": 4}, {"ada": 2, "bo": 2}, {"ada": 3, "bo": 1}])
def test_a_split_above_the_rating_is_refused(allocation):
    with pytest.raises(InvalidPerilSplit, match="Danger Rating is 3"):
        split_danger_peril(3, allocation)


@pytest.mark.parametrize(
    ("allocation", "shares"),
    [({"ada": 2}, {"ada": 2}), ({"ada": 1, "bo": 1}, {"ada": 1, "bo": 1}), ({"ada": 0}, {})],
)
def test_an_enemy_may_dole_out_less_than_its_rating(allocation, shares):
    """The SRD: each enemy *can* dole out Peril up to its rating (DESIGN.md §2)."""
    assert split_danger_peril(3, allocation) == shares


def test_a_negative_share_is_refused():
    with pytest.raises(OutOfRange):
        split_danger_peril(1, {"ada": 2, "bo": -1})


def test_the_director_may_spare_the_cast_from_an_enemy():
    assert split_danger_peril(2, {}) == {}


def test_an_enemy_with_no_danger_rating_hands_out_nothing():
    assert split_danger_peril(0, {}) == {}


def test_an_enemy_doles_out_its_danger_rating_on_the_enemies_turn():
    lieutenant = new_danger(DangerTemplate.LIEUTENANT)
    assert dole_out_peril(lieutenant, {1: 1, 2: 2}) == {1: 1, 2: 2}


def test_an_enemy_that_is_out_doles_out_nothing():
    out = mark_success(new_danger(DangerTemplate.MINION))
    with pytest.raises(DangerAlreadyOut):
        dole_out_peril(out, {1: 1})


def test_every_share_out_of_its_range_is_said_at_once_with_the_range():
    shares, together = peril_split_problems(3, {"ada": 20, "bo": None, "cy": 1, "di": -1})
    assert shares == {
        who: "A whole number from 0 to 3: the Danger Rating is 3." for who in ("ada", "bo", "di")
    }
    assert together == ""


def test_shares_each_in_range_but_over_the_rating_together_are_said_as_one():
    shares, together = peril_split_problems(3, {"ada": 2, "bo": 2})
    assert shares == {}
    assert together.startswith("That's 4 Peril shared out, but the Danger Rating is 3")
    assert peril_split_problems(3, {"ada": 3, "bo": 0}) == ({}, "")
