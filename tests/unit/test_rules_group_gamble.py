"""Group Gambles succeed only when strictly more than half of the Cast's Gambles succeed."""

import pytest

from sessions.rules import OutOfRange, group_gamble_succeeds, tally_group_gamble
from sessions.rules.group import GroupGambleResult


@pytest.mark.parametrize(
    ("successes", "participants", "succeeds"),
    [
        (1, 1, True),
        (0, 1, False),
        (2, 3, True),
        (1, 3, False),
        (3, 4, True),
        (2, 4, False),
        (3, 5, True),
        (0, 5, False),
    ],
)
def test_a_group_gamble_needs_a_strict_majority(successes, participants, succeeds):
    assert group_gamble_succeeds(successes, participants) is succeeds


def test_half_the_cast_succeeding_is_still_a_blunder():
    assert not group_gamble_succeeds(1, 2)
    assert not group_gamble_succeeds(3, 6)


@pytest.mark.parametrize(("successes", "participants"), [(0, 0), (3, 2), (-1, 3), (1, -1)])
def test_impossible_group_gamble_counts_are_refused(successes, participants):
    with pytest.raises(OutOfRange):
        group_gamble_succeeds(successes, participants)


def test_a_gamble_never_made_counts_as_not_a_success():
    result = tally_group_gamble([True, None, True, None])
    assert (result.successes, result.participants) == (2, 4)
    assert result.blunder
    assert tally_group_gamble([True, True, None]).success


def test_a_group_gamble_needs_somebody_taking_part():
    with pytest.raises(OutOfRange):
        tally_group_gamble([])


def test_a_group_gamble_result_refuses_more_successes_than_participants():
    with pytest.raises(OutOfRange):
        GroupGambleResult(successes=4, participants=3)
