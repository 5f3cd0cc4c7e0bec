"""Grammar a fresh-eyes evening caught: a Danger's blow said with the verb its name takes (the TV
read "The Hydrogen-Soaked Mechanical Watchdog of the Eastern Mooring Masts strike!", one
Danger), and quotes inside quoted words."""

import pytest

from sessions.grammar import plural


@pytest.mark.parametrize(
    ("name", "many"),
    [
        ("The Hydrogen-Soaked Mechanical Watchdog of the Eastern Mooring Masts", False),
        ("Vell's Thugs", True),
        ("Thugs of the Eastern Docks", True),
        ("Museum guards", True),
        ("The Brass Jack", False),
        ("The Boss", False),
        ("Marcus", False),
        ("A Sniper in the Rigging", False),
        ("Dock Thugs with Cudgels", True),
    ],
)
def test_a_name_takes_the_verb_of_its_head_word(name, many):
    assert plural(name) is many


def test_quotes_inside_quoted_words_turn_single():
    """A fresh-eyes recap: “a crate stencilled in Ottoman script: “Karaca – fragile, no fire””."""
    from sessions.grammar import quote

    detail = "a crate stencilled in Ottoman script: “Karaca – fragile, no fire”"
    assert quote(detail) == "“a crate stencilled in Ottoman script: ‘Karaca – fragile, no fire’”"
    assert quote('the sign says "Keep out"') == "“the sign says ‘Keep out’”"
    assert quote("plain words") == "“plain words”"
