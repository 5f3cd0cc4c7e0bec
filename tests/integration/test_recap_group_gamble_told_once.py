"""A Group Gamble in the recap is told once (a fresh-eyes defect: the group's action came
three times, the group's and each member's): its action, its members named, its tally; a
member's part never told again, whatever its own words (a fresh-eyes recap: "Not long after,
Mabel Finch set out to sprint for the exit, and blundered." after the group's sentence)."""

import pytest

from sessions.models import TableEvent
from tests.integration.test_recap_true_words import _group_gamble, _recap_of_the_leg

pytestmark = pytest.mark.django_db


def test_a_group_gamble_is_told_once_with_its_members_named(playing):
    _group_gamble(
        playing,
        "Search the library",
        sam=([6], "Search the library"),
        ada=([5], "I search the library too"),
    )
    body = _recap_of_the_leg(playing["adventure"])
    assert (
        "Sam and Ada gambled together (“Search the library”): both came good, and they "
        "pulled it off." in body
    )
    assert body.lower().count("search") == 1, body
    # The Scene's only Gambles were the group's, tallied in its sentence: no "Two Gambles, and
    # every one came good" after it.
    assert "Two Gambles" not in body


def test_a_members_own_words_are_not_told_again(playing):
    _group_gamble(
        playing,
        "Search the library",
        sam=([6], "Search the library"),
        ada=([2], "Check behind the atlas"),
    )
    body = _recap_of_the_leg(playing["adventure"])
    assert "Sam and Ada gambled together (“Search the library”): one of two came good, and " in body
    assert "behind the atlas" not in body
    assert "set out to search the library" not in body
    assert "searched the library" not in body


def test_a_members_log_line_names_the_group_gamble_once(playing):
    """A fresh-eyes log read "Sam gambles to search the library (Group Gamble: Search the
    library)": a member's line names the Group Gamble's action only when it says more."""
    _group_gamble(
        playing,
        "Search the library",
        sam=([6], "Search the library"),
        ada=([5], "Check behind the atlas"),
    )
    rolled = [e.summary for e in TableEvent.objects.filter(kind="gamble_rolled").order_by("pk")]
    assert rolled[0].count("library") == 1, rolled[0]
    assert "(Group Gamble)" in rolled[0]
    assert "(Group Gamble: Search the library)" in rolled[1]
