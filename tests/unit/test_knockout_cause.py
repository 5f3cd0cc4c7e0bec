"""A Knockout on the hero's sheet names who dealt it on the enemies' turn, as the Cast saw
them: a Danger in view by name, a hidden one "an enemy" (never its name)."""

import pytest

from sessions.careers import _cause
from sessions.models import TableEvent


@pytest.mark.parametrize(
    ("struck", "cause"),
    [
        ([{"hero": 1, "line": "…", "by": "Baron Vex"}], "Baron Vex, on the enemies' turn"),
        ([{"hero": 1, "line": "…", "by": ""}], "an enemy, on the enemies' turn"),
        (
            [{"hero": 1, "by": "Baron Vex"}, {"hero": 1, "by": ""}, {"hero": 2, "by": "Goon"}],
            "Baron Vex and an enemy, on the enemies' turn",
        ),
        ([{"hero": 1, "line": "Vex → Sam"}], "the enemies' turn"),  # told before "by" was kept
        ([], "the enemies' turn"),
    ],
)
def test_who_dealt_the_knockout_is_named_as_the_cast_saw_them(struck, cause):
    event = TableEvent(kind="enemies_turn", data={"struck": struck, "knocked_out": True})
    assert _cause(event, 1) == cause
