"""Fair dice you can check: each face's count and a chi-square test of uniformity.

Pearson's statistic over the six faces, with its p-value from the chi-square distribution's
survival function, which has a closed form for whole degrees of freedom (no SciPy needed).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from .dice import FACES

DEGREES_OF_FREEDOM = len(FACES) - 1


def chi_square_survival(x: float, dof: int) -> float:
    """P(X ≥ x) for X chi-square with ``dof`` (a whole number ≥ 1) degrees of freedom.

    The regularized upper incomplete gamma Q(dof/2, x/2): a finite sum for even dof, and
    erfc plus a finite sum for odd dof (Abramowitz & Stegun 26.4.4 and 26.4.5).
    """
    if dof < 1:
        raise ValueError("A chi-square distribution needs at least 1 degree of freedom.")
    if x <= 0:
        return 1.0
    half = x / 2
    if dof % 2 == 0:
        term, total = 1.0, 1.0
        for i in range(1, dof // 2):
            term *= half / i
            total += term
        return min(1.0, math.exp(-half) * total)
    root = math.sqrt(x)
    term, total = root, 0.0
    for i in range(1, (dof + 1) // 2):
        total += term
        term *= x / (2 * i + 1)
    tail = math.sqrt(2 / math.pi) * math.exp(-half) * total
    return min(1.0, math.erfc(root / math.sqrt(2)) + tail)


@dataclass(frozen=True, slots=True)
class FaceCounts:
    """How often each face of a d6 came up, and whether that looks like fair dice."""

    counts: tuple[int, ...]  # counts[0] is how many 1s, counts[5] how many 6s

    @classmethod
    def of(cls, by_face: Mapping[int, int]) -> FaceCounts:
        return cls(tuple(int(by_face.get(face, 0)) for face in FACES))

    @staticmethod
    def tally(faces: Iterable[int]) -> list[int]:
        """How many of each face a throw shows, 1s first: what an event keeps for the page."""
        thrown = list(faces)
        return [thrown.count(face) for face in FACES]

    @property
    def total(self) -> int:
        return sum(self.counts)

    @property
    def expected(self) -> float:
        return self.total / len(FACES)

    def share(self, face: int) -> float:
        return self.counts[face - FACES.start] / self.total if self.total else 0.0

    @property
    def rows(self) -> list[tuple[int, int, float]]:
        """(face, count, share) for each face, 1 to 6."""
        return [(face, self.counts[face - 1], self.share(face)) for face in FACES]

    @property
    def statistic(self) -> float | None:
        """Pearson's chi-square against equal shares; None with no dice to judge."""
        if not self.total:
            return None
        expected = self.expected
        return sum((count - expected) ** 2 / expected for count in self.counts)

    @property
    def p_value(self) -> float | None:
        """How likely fair dice are to stray this far from equal shares, or further."""
        statistic = self.statistic
        return None if statistic is None else chi_square_survival(statistic, DEGREES_OF_FREEDOM)
