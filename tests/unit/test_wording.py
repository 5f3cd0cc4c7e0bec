"""Words the table typed, joined into a sentence: "Ada sees a brass key", never "Ada sees A
brass key"; a name keeps its capital."""

import pytest

from sessions.wording import mid_sentence


@pytest.mark.parametrize(
    ("typed", "read"),
    [
        ("A brass key", "a brass key"),
        ("An oil lamp, still warm", "an oil lamp, still warm"),
        ("The gulls circling the barge", "the gulls circling the barge"),
        ("Some footprints in the soot", "some footprints in the soot"),
        ("Two crates stamped in Vienna", "two crates stamped in Vienna"),
        ("a brass key", "a brass key"),
    ],
)
def test_a_leading_determiner_loses_its_capital(typed, read):
    assert mid_sentence(typed) == read


@pytest.mark.parametrize(
    "typed",
    [
        "Baron Vex's coat on the hook",  # a name
        "The Hague's seal on the letter",  # a name that starts with "The"
        "A",  # nothing after it to tell
        "THE CLOCK IS TICKING",  # shouted: left as typed
        "Anvil's hammer by the door",  # a word that starts like "An"
        "",
    ],
)
def test_anything_else_keeps_its_capital(typed):
    assert mid_sentence(typed) == typed
