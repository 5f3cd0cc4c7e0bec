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


@pytest.mark.parametrize("count", range(2, 7))
def test_ties_both_ways_keep_their_numbers_apart(count):
    """Two heroes tied each to the other: two arrows side by side, and their numbers drawn
    apart, each on its own arrow, never one badge over the other (the reviewer's web)."""
    heroes = [(pk, f"Hero number {pk}") for pk in range(1, count + 1)]
    pairs = [(pk, pk % count + 1) for pk, _ in heroes]
    pairs += [(b, a) for a, b in pairs if (b, a) not in pairs]
    ties = [(n, a, b) for n, (a, b) in enumerate(pairs, 1)]
    edges = web.web(heroes, ties)["edges"]
    assert len(edges) == len(ties)
    for one in edges:
        # On its own arrow (or, where the arrow is short, just beside it), between its ends.
        (x, y), (x1, y1), (x2, y2) = one.badge, (one.x1, one.y1), (one.x2, one.y2)
        reach = web.BADGE + 5
        assert min(x1, x2) - reach <= x <= max(x1, x2) + reach
        assert min(y1, y2) - reach <= y <= max(y1, y2) + reach
        for other in edges:
            if other is not one:
                gap = ((x - other.badge[0]) ** 2 + (y - other.badge[1]) ** 2) ** 0.5
                assert gap >= 2 * web.BADGE, (one, other)
