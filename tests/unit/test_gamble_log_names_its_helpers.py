"""A Gamble's log line names its helpers as the recap lists names ("Sam, Ada and Kit"): one
spelling of a list, `sessions.grammar.listed`, for both."""

import pytest

from sessions.actions.words import helped_words
from sessions.grammar import listed, number


@pytest.mark.parametrize(
    ("helpers", "said"),
    [
        ([], ""),
        (["Sam"], ", helped by Sam"),
        (["Sam", "Cleo Marsh"], ", helped by Sam and Cleo Marsh"),
        (["Sam", "Ada", "Kit"], ", helped by Sam, Ada and Kit"),
    ],
)
def test_the_helpers_are_listed_as_a_person_would(helpers, said):
    assert helped_words(helpers) == said
    assert helped_words(helpers).removeprefix(", helped by ") == listed(helpers)


def test_numbers_are_spelled_up_to_twelve_and_no_further_than_asked():
    assert [number(n) for n in (0, 1, 12, 13)] == ["no", "one", "twelve", "13"]
    assert number(10, most=10) == "ten"
    assert number(11, most=10) == "11"
