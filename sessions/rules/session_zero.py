"""Session zero's tone and content: how the players' private marks become the table's Lines &
Veils (R'lyehwatch SRD: "before the first session, the group should discuss tone and content
to establish everyone's comfort zone").

A topic is fine, a Veil (it happens off screen) or a Line (it never happens in this game).
The table agrees the union: the strongest mark anyone gave a topic, and never who gave it.
"""

from collections.abc import Iterable, Mapping

from .errors import RuleError

FINE, VEIL, LINE = "fine", "veil", "line"
MARKS = (FINE, VEIL, LINE)
# The strength of each mark: a Line outweighs a Veil, a Veil outweighs fine.
_WEIGHT = {FINE: 0, VEIL: 1, LINE: 2}


class NotAMark(RuleError):
    default_message = "Mark each topic fine, a Veil or a Line."


def check_mark(mark: str) -> str:
    if mark not in _WEIGHT:
        raise NotAMark()
    return mark


def agreed[T](ballots: Iterable[Mapping[T, str]]) -> dict[T, str]:
    """The table's Lines & Veils from everyone's marks: each topic anyone marked a Veil or a
    Line, with the strongest mark it got. Topics everyone found fine are left out."""
    table: dict[T, str] = {}
    for ballot in ballots:
        for topic, mark in ballot.items():
            if _WEIGHT[check_mark(mark)] > _WEIGHT[table.get(topic, FINE)]:
                table[topic] = mark
    return table
