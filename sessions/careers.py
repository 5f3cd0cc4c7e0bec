"""A hero's career read from the tables they sat at (`characters.career` shows it).

In two queries, however long the career: the hero's Cast memberships, then the turning
points of those tables' logs (Legs and Scenes, as they were named then) with the hero's
Knockouts, read in order. Undone moves are not part of anybody's career.
"""

from django.db.models import Q

from characters.career import Knockout, Stint
from characters.models import Character
from sessions.leg_names import leg_name
from sessions.models import CastMember, TableEvent

TURNS = ("leg_started", "leg_ended", "scene_started", "scene_ended")


def career(character: Character) -> list[Stint]:
    members = list(
        CastMember.objects.filter(character=character)
        .select_related("adventure__campaign")
        .order_by("joined", "pk")
    )
    if not members:
        return []
    stints = {member.adventure_id: _stint(member) for member in members}
    events = (
        TableEvent.objects.filter(adventure_id__in=stints, undone_by__isnull=True)
        .filter(
            Q(kind__in=TURNS)
            | Q(character=character, data__knocked_out=True)
            | Q(kind="enemies_turn", data__knocked_out=True)
        )
        .only("pk", "adventure_id", "kind", "created", "character_id", "summary", "data")
        .order_by("adventure_id", "pk")
    )
    _follow(character, events, stints)
    return list(stints.values())


def _stint(member: CastMember) -> Stint:
    adventure = member.adventure
    return Stint(
        adventure_pk=adventure.pk,
        adventure=adventure.title,
        status=adventure.get_status_display(),
        campaign=adventure.campaign.title if adventure.campaign else "",
        campaign_pk=adventure.campaign_id,
        joined=member.joined,
        in_cast_now=member.active,
    )


def _follow(character: Character, events, stints: dict[int, Stint]) -> None:
    """Read the tables' logs in order into each stint: the Legs played since the hero joined,
    where they retired, and their Knockouts with the Leg and Scene they came in."""
    leg, scene = {}, {}
    for event in events:
        table, data = event.adventure_id, event.data
        stint = stints[table]
        if event.kind == "leg_started":
            leg[table] = _leg_name(data)
            if event.created >= stint.joined:
                stint.legs.append(leg[table])
        elif event.kind == "leg_ended":
            name = _leg_name(data)
            if event.created >= stint.joined and name not in stint.legs:
                stint.legs.append(name)  # joined in the middle of it
            if character.pk in data.get("ended_careers", []):
                stint.retired_after = name
            leg[table] = scene[table] = None
        elif event.kind in ("scene_started", "scene_ended"):
            scene[table] = data if event.kind == "scene_started" else None
        elif event.character_id == character.pk or character.pk in data.get(
            "heroes_knocked_out", []
        ):
            where = scene.get(table) or {}
            stint.knockouts.append(
                Knockout(
                    when=event.created,
                    leg=leg.get(table) or "",
                    scene=where.get("beat", ""),
                    place=where.get("place", ""),
                    cause=_cause(event, character.pk),
                )
            )


def _leg_name(data: dict) -> str:
    if "number" in data:
        return leg_name(data["number"], data["title"])
    return "A Leg"


def _cause(event: TableEvent, hero: int) -> str:
    if event.kind == "gamble_locked":
        return "Peril from a Gamble"
    if event.kind == "enemies_turn":
        # Who struck the hero, as the Cast saw them: "Baron Vex", a hidden one "an enemy".
        blows = [s for s in event.data.get("struck", []) if s.get("hero") == hero]
        if not blows or any("by" not in s for s in blows):
            return "the enemies' turn"  # told before the log named who struck
        who = list(dict.fromkeys(s["by"] or "an enemy" for s in blows))
        said = who[0] if len(who) == 1 else f"{', '.join(who[:-1])} and {who[-1]}"
        return f"{said}, on the enemies' turn"
    reason = event.data.get("reason", "")
    return f"Peril from the Director ({reason})" if reason else "Peril from the Director"
