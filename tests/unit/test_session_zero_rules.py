"""Session zero's rules: the table's Lines & Veils are the strongest mark each topic got; and
the TV's web of connections keeps every hero's box inside the drawing, apart from the others."""

import pytest

from sessions.parts import web
from sessions.rules.errors import RuleError
from sessions.rules.session_zero import agreed, check_mark


def test_the_union_keeps_the_strongest_mark_and_leaves_fine_topics_out():
    ballots = [{1: "veil", 2: "fine"}, {1: "line", 3: "veil"}, {3: "fine", 4: "fine"}]
    assert agreed(ballots) == {1: "line", 3: "veil"}
    assert agreed([]) == {}


def test_a_mark_is_one_of_three():
    assert check_mark("veil") == "veil"
    with pytest.raises(RuleError, match="fine, a Veil or a Line"):
        check_mark("maybe")


def test_a_name_wraps_in_whole_words():
    assert web.wrapped("Professor Hieronymus Bartholomew") == (
        "Professor",
        "Hieronymus",
        "Bartholomew",
    )
    assert web.wrapped("Sam Okafor") == ("Sam Okafor",)


@pytest.mark.parametrize("count", range(1, 7))
def test_every_box_is_inside_the_drawing_and_apart(count):
    names = [
        "Sam Okafor",
        "Ada Lovelock",
        "Professor Hieronymus Bartholomew",
        "Jo",
        "Lady Ottoline",
        "Max",
    ]
    heroes = list(enumerate(names[:count], 1))
    ties = [(n, pk, heroes[n % count][0]) for n, (pk, _) in enumerate(heroes, 1) if count > 1]
    drawing = web.web(heroes, ties)
    nodes = drawing["nodes"]
    for node in nodes:
        assert node.left >= 0
        assert node.left + node.width <= web.WIDTH
        assert node.top >= 0
        assert node.top + node.height <= web.HEIGHT
    for a in nodes:
        for b in nodes:
            if a is not b:
                apart_x = abs(a.x - b.x) >= (a.width + b.width) / 2
                apart_y = abs(a.y - b.y) >= (a.height + b.height) / 2
                assert apart_x or apart_y, (a, b)
    assert len(drawing["edges"]) == len(ties)
