"""The log and the TV said a Gamble's 1s as "1 × 1 rolled: Peril +1." (a fresh-eyes review):
they are counted in words, as a person at the table would say them."""

import pytest

from sessions.actions.words import ones_words


@pytest.mark.parametrize(
    ("ones", "peril", "said"),
    [
        (1, 1, "One 1 rolled: Peril +1."),
        (2, 2, "Two 1s rolled: Peril +2."),
        (3, 2, "Three 1s rolled: Peril +2."),
        (12, 6, "12 1s rolled: Peril +6."),
    ],
)
def test_the_ones_are_counted_in_words(ones, peril, said):
    assert ones_words(ones, peril) == said
