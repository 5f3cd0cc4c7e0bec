"""A Leg is named one way on every screen: "Leg 1: The Monsoon Heist", never "Leg 1: Leg 1: …"
when the Director's title carries its number already."""

import pytest

from sessions.leg_names import leg_name, leg_title


@pytest.mark.parametrize(
    "typed",
    [
        "Leg 1: The Monsoon Heist",
        "Leg 1 - The Monsoon Heist",
        "LEG 1 — The Monsoon Heist",
        "leg 1. The Monsoon Heist",
        "Leg one: The Monsoon Heist",
        "Leg 1 The Monsoon Heist",
        "  Leg 1:The Monsoon Heist ",
        "The Monsoon Heist",
    ],
)
def test_a_title_that_carries_its_number_is_named_once(typed):
    assert leg_title(1, typed) == "The Monsoon Heist"
    assert leg_name(1, typed) == "Leg 1: The Monsoon Heist"


@pytest.mark.parametrize("typed", ["Leg 1", "Leg 1:", "leg one", ""])
def test_a_title_that_is_only_its_number_names_the_leg_by_number(typed):
    assert leg_title(1, typed) == ""
    assert leg_name(1, typed) == "Leg 1"


@pytest.mark.parametrize(
    "typed",
    ["Leg 2: Redux", "Leg 10: The Long Night", "Legend of the Deep", "Legs Eleven", "Leg1 Heist"],
)
def test_anything_else_is_the_directors_words_kept(typed):
    assert leg_title(1, typed) == typed
    assert leg_name(1, typed) == f"Leg 1: {typed}"


def test_without_a_number_the_title_is_the_name():
    assert leg_name(None, "The Monsoon Heist") == "The Monsoon Heist"
    assert leg_name(None, "") == "A Leg"
