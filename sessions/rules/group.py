"""Group Gambles: the whole Cast rolls, and the group succeeds on a strict majority."""

from __future__ import annotations

from collections.abc import Collection, Hashable, Iterable, Mapping
from dataclasses import dataclass

from ._checks import check_count
from .character import CharacterState, in_the_thick_of_it
from .errors import OutOfRange


def group_participants[K: Hashable](cast: Mapping[K, CharacterState]) -> list[K]:
    """Who the Director's call reaches: every Cast character able to take part right now."""
    return [who for who, state in cast.items() if in_the_thick_of_it(state)]


def counts_toward_group(who: Hashable, participants: Collection, gambled: Collection) -> bool:
    """Whether ``who``'s next Gamble counts toward the open Group Gamble: they were called
    on and haven't made their Gamble for it yet."""
    return who in participants and who not in gambled


def group_gamble_succeeds(successes: int, participants: int) -> bool:
    """Whether a Group Gamble succeeds: strictly more than half of its Gambles succeeded.

    ``participants`` counts every active Cast character called on; a Gamble that was never
    made (or never locked in) counts among them as not a success. A tie is a blunder.
    """
    check_count("Participants", participants, 1)
    check_count("Successes", successes, 0, participants)
    return successes * 2 > participants


def group_successes_needed(participants: int) -> int:
    """The fewest successes that carry a Group Gamble of ``participants`` Gambles (2 of 3,
    3 of 4): what a player's phone tells them their Gamble counts toward."""
    check_count("Participants", participants, 1)
    return next(n for n in range(participants + 1) if group_gamble_succeeds(n, participants))


@dataclass(frozen=True, slots=True)
class GroupGambleResult:
    successes: int
    participants: int

    def __post_init__(self) -> None:
        group_gamble_succeeds(self.successes, self.participants)  # validates the counts

    @property
    def success(self) -> bool:
        return group_gamble_succeeds(self.successes, self.participants)

    @property
    def blunder(self) -> bool:
        return not self.success


def tally_group_gamble(results: Iterable[bool | None]) -> GroupGambleResult:
    """Tally one result per participant: True for a success, False or None otherwise.

    None marks a participant whose Gamble was not made, which is not a success.
    """
    tallied = list(results)
    if not tallied:
        raise OutOfRange("A Group Gamble needs at least one character taking part.")
    return GroupGambleResult(
        successes=sum(1 for result in tallied if result is True), participants=len(tallied)
    )
