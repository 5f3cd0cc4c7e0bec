"""A Danger's blow said with the verb its name takes (a fresh-eyes evening: the TV read "The
Hydrogen-Soaked Mechanical Watchdog of the Eastern Mooring Masts strike!", one Danger)."""

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
