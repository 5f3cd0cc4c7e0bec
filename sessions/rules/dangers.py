"""Dangers: enemies with a Success Threshold and a Danger Rating.

Successes against an enemy put it out at its threshold; on the enemies' turn each enemy
still in the picture doles out Peril equal to its Danger Rating, split as the Director likes.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from dataclasses import dataclass, replace
from enum import Enum

from ._checks import check_count
from .errors import DangerAlreadyOut, DangerStillIn, InvalidPerilSplit, NotATarget


class DangerTemplate(Enum):
    """The SRD's sample enemies as (Success Threshold, Danger Rating); all editable."""

    MINION = (1, 1)
    LIEUTENANT = (2, 3)
    VILLAIN = (4, 5)

    @property
    def success_threshold(self) -> int:
        return self.value[0]

    @property
    def danger_rating(self) -> int:
        return self.value[1]

    @property
    def label(self) -> str:
        return self.name.title()


@dataclass(frozen=True, slots=True)
class DangerState:
    """An enemy in play; it is out once its successes reach its Success Threshold.

    The Director may edit threshold and rating at any time (with `dataclasses.replace`).
    """

    success_threshold: int
    danger_rating: int
    successes: int = 0

    def __post_init__(self) -> None:
        check_count("Success Threshold", self.success_threshold, 1)
        check_count("Danger Rating", self.danger_rating, 0)
        check_count("Successes", self.successes, 0)

    @property
    def is_out(self) -> bool:
        return self.successes >= self.success_threshold

    @property
    def successes_needed(self) -> int:
        return max(0, self.success_threshold - self.successes)


def new_danger(template: DangerTemplate) -> DangerState:
    return DangerState(template.success_threshold, template.danger_rating)


def can_be_targeted(danger: DangerState, *, revealed: bool, in_scene: bool) -> bool:
    """Whether a Gamble may be aimed at this enemy: it is in the Scene, the Director has shown
    it to the Cast, and it is still in the picture."""
    return in_scene and revealed and not danger.is_out


def check_target(danger: DangerState, *, revealed: bool, in_scene: bool) -> None:
    if not can_be_targeted(danger, revealed=revealed, in_scene=in_scene):
        raise NotATarget()


def mark_success(danger: DangerState) -> DangerState:
    """Mark one successful Gamble against an enemy (it may put the enemy out)."""
    if danger.is_out:
        raise DangerAlreadyOut()
    return replace(danger, successes=danger.successes + 1)


def back_in_play(danger: DangerState) -> DangerState:
    """An enemy put out of the picture comes back into play, its successes from nothing: the
    Director's liberty (the SRD: "manipulating Success Thresholds … as needed"), for a Danger
    prepared at a Key Location the Cast put out there once that a later Scene there brings on
    again."""
    if not danger.is_out:
        raise DangerStillIn()
    return replace(danger, successes=0)


def peril_share_problem(rating: int, share: object) -> str:
    """Why one share of a Danger Rating can't be given, or "": each is a whole number from 0
    to the rating (all of it to one hero, at most)."""
    if isinstance(share, bool) or not isinstance(share, int) or not 0 <= share <= rating:
        return f"A whole number from 0 to {rating}: the Danger Rating is {rating}."
    return ""


def peril_split_problems[K: Hashable](
    rating: int, allocation: Mapping[K, object]
) -> tuple[dict[K, str], str]:
    """Every way the Director's split of a Danger Rating breaks the rules, all at once (so a
    grid of boxes can mark each bad one): each share's problem by its key, and the shares'
    together ("" if they add up)."""
    shares = {
        who: why for who, share in allocation.items() if (why := peril_share_problem(rating, share))
    }
    if shares:
        return shares, ""
    total = sum(allocation.values())  # type: ignore[arg-type]  # each a whole number, checked
    if total > rating:
        return {}, (
            f"That's {total} Peril shared out, but the Danger Rating is {rating} — "
            f"an enemy doles out {rating} at most."
        )
    return {}, ""


def split_danger_peril[K: Hashable](rating: int, allocation: Mapping[K, int]) -> dict[K, int]:
    """Check the Director's split of a Danger Rating among characters.

    Every share must be a whole number from 0 to the rating, and together they may come to
    the Danger Rating or less: an enemy *can* dole out Peril up to its rating (the SRD), so
    the Director may give less, or nothing at all, never more. Returns the shares with zeros
    dropped; the caller applies `add_peril` to each character.
    """
    check_count("Danger Rating", rating, 0)
    for share in allocation.values():
        check_count("A share of Peril", share, 0)
    shares, together = peril_split_problems(rating, allocation)
    if shares or together:
        raise InvalidPerilSplit(together or next(iter(shares.values())))
    return {who: share for who, share in allocation.items() if share}


def dole_out_peril[K: Hashable](danger: DangerState, allocation: Mapping[K, int]) -> dict[K, int]:
    """On the enemies' turn, split one enemy's Danger Rating (an enemy that is out can't)."""
    if danger.is_out:
        raise DangerAlreadyOut()
    return split_danger_peril(danger.danger_rating, allocation)
