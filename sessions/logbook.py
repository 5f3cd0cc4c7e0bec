"""The log you can keep: an Adventure's whole table log, by hero and by Scene, as a page and
as files (Markdown and JSON). Everything in it was public at the table; undone moves stay in,
marked as undone, as they do on every screen."""

import datetime

from django.db.models import Q, QuerySet
from django.utils import timezone

from characters.models import Character
from characters.portable import CREDIT
from sessions.models import Adventure, TableEvent
from sessions.models.scene_log import TURNS
from sessions.models.table import UNLOGGED

FORMAT = "enigma-table/log"
VERSION = 1
# Events about several heroes at once name each in their summary.
ABOUT_MANY = ("rest", "enemies_turn", "leg_started", "leg_ended")


def heroes(adventure: Adventure) -> list[Character]:
    """Everyone who sat in the Cast, in the order they joined."""
    return list(
        Character.objects.filter(cast_memberships__adventure=adventure).order_by(
            "cast_memberships__joined", "pk"
        )
    )


def scenes_played(adventure: Adventure) -> list[dict]:
    """The Scenes that were played, as the log announced them (a Scene still planned is the
    Director's secret), oldest first: {"pk", "beat", "place"}."""
    started = adventure.events.filter(kind="scene_started", data__has_key="scene")
    seen: dict[int, dict] = {}
    for data in started.order_by("pk").values_list("data", flat=True):
        if data.get("scene"):
            seen.setdefault(data["scene"], {k: data.get(k, "") for k in ("beat", "place")})
    return [{"pk": pk, **told} for pk, told in seen.items()]


def entries(
    adventure: Adventure, hero: Character | None = None, scene: int | None = None
) -> QuerySet[TableEvent]:
    """The log, oldest first, narrowed to one hero's moments and to one Scene if asked."""
    events = (
        adventure.events.exclude(kind__in=UNLOGGED)
        .select_related("character")
        .defer("journal")
        .order_by("pk")
    )
    if hero is not None:
        events = events.filter(
            Q(character=hero) | Q(kind__in=ABOUT_MANY, summary__contains=hero.name)
        )
    if scene is not None:
        events = events.filter(_during(adventure, scene))
    return events


def _during(adventure: Adventure, scene: int) -> Q:
    """The events of one Scene: from its start to the next turn of the story (its end
    included)."""
    start = adventure.events.filter(kind="scene_started", data__scene=scene).order_by("pk")
    first = start.values_list("pk", flat=True).first()
    if first is None:
        return Q(pk__in=[])
    turn = (
        adventure.events.filter(pk__gt=first, kind__in=TURNS)
        .order_by("pk")
        .values_list("pk", "kind")
        .first()
    )
    if turn is None:
        return Q(pk__gte=first)
    last, kind = turn
    return (
        Q(pk__gte=first, pk__lte=last) if kind == "scene_ended" else Q(pk__gte=first, pk__lt=last)
    )


def _local(moment: datetime.datetime) -> datetime.datetime:
    return timezone.localtime(moment)


def as_markdown(adventure: Adventure, events, filters: str) -> str:
    lines = [f"# {adventure.title}: the table log", ""]
    if filters:
        lines += [f"Only {filters}.", ""]
    lines += [f"Exported {_local(timezone.now()):%Y-%m-%d %H:%M %Z} from Enigma Table.", ""]
    day = None
    for event in events:
        when = _local(event.created)
        if when.date() != day:
            day = when.date()
            lines += ["", f"## {when:%A %d %B %Y}", ""]
        text = _escape(event.summary)
        if event.undone_by_id:
            text = f"~~{text}~~ (undone by the Director)"
        dice = event.data.get("dice")
        if dice:
            text += f" Dice: {', '.join(map(str, dice))}."
        lines.append(f"- {when:%H:%M} {text}")
    if day is None:
        lines.append("Nothing in the log yet.")
    lines += ["", "---", "", f"{CREDIT}.", ""]
    return "\n".join(lines)


def _escape(text: str) -> str:
    """Plain text that Markdown shows as typed (no stray emphasis, links or headings)."""
    for char in "\\`*_[]<>#|~":
        text = text.replace(char, f"\\{char}")
    return text


def as_json(adventure: Adventure, events, filters: dict) -> dict:
    return {
        "format": FORMAT,
        "version": VERSION,
        "adventure": adventure.title,
        "filters": filters,
        "exported_at": timezone.now().isoformat(timespec="seconds"),
        "credit": CREDIT,
        "events": [
            {
                "id": event.pk,
                "time": event.created.isoformat(timespec="seconds"),
                "kind": event.kind,
                "summary": event.summary,
                "hero": event.character.name if event.character else None,
                "dice": event.data.get("dice", []),
                "sound_effects": event.data.get("sound_effects", []),
                "undone": event.undone_by_id is not None,
            }
            for event in events
        ],
    }
