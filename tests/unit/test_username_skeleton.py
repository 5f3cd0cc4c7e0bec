"""Usernames that look the same on a screen have one skeleton; names that look different don't."""

import pytest

from enigma_site.skeleton import skeleton


@pytest.mark.parametrize(
    "look_alike",
    [
        "d\N{CYRILLIC SMALL LETTER BYELORUSSIAN-UKRAINIAN I}rA",  # Cyrillic і
        "DIRA",
        "\N{FULLWIDTH LATIN SMALL LETTER D}irA",
        "di\N{ZERO WIDTH SPACE}rA",
        "dir\N{GREEK CAPITAL LETTER ALPHA}",
        "dir\N{CYRILLIC SMALL LETTER A}",
    ],
)
def test_a_look_alike_has_the_skeleton_of_the_name_it_copies(look_alike):
    assert skeleton(look_alike) == skeleton("dirA")


@pytest.mark.parametrize("other", ["dirB", "dira2", "dïra", "Дира"])
def test_a_name_that_looks_different_keeps_its_own_skeleton(other):
    assert skeleton(other) != skeleton("dirA")
