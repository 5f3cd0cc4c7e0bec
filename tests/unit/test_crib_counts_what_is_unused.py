"""The crib counts what of the Leg is still unused by kind, a single line as one thing: "1
clue", never "1 clue and set piece"."""

from sessions.parts.crib import CribLine, unused_said


def _lines(clues: int, pieces: int, used: int = 0) -> list[CribLine]:
    kinds = [True] * clues + [False] * pieces
    return [CribLine(f"k{n}", f"line {n}", n < used, clue) for n, clue in enumerate(kinds)]


def test_each_kind_is_counted_with_its_own_plural():
    assert unused_said(_lines(1, 0)) == "1 clue"
    assert unused_said(_lines(0, 1)) == "1 set piece"
    assert unused_said(_lines(2, 1)) == "2 clues and 1 set piece"
    assert unused_said(_lines(1, 3)) == "1 clue and 3 set pieces"
    assert unused_said(_lines(2, 0, used=1)) == "1 clue"
    assert unused_said(_lines(1, 1, used=2)) == ""
