"""What each face of a die means: a hit on 5 or 6, a Peril on a 1, no lifting past 6."""

import pytest

from sessions.rules import can_lift, is_hit, is_peril_face


@pytest.mark.parametrize(
    ("face", "hit", "peril", "liftable"),
    [
        (1, False, True, True),
        (2, False, False, True),
        (3, False, False, True),
        (4, False, False, True),
        (5, True, False, True),
        (6, True, False, False),
    ],
)
def test_each_face(face, hit, peril, liftable):
    assert (is_hit(face), is_peril_face(face), can_lift(face)) == (hit, peril, liftable)
