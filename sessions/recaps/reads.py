"""What a recap's chapter reads from the database: the events it tells, and the Scenes, the
Dangers, the Group Gambles and the Leg they name (`story` reads them into the chapter)."""

from django.db.models import Prefetch

from sessions.models import Adventure, Danger, Gamble, Leg, Scene, TableEvent, WideShotDetail
from sessions.models.scene_log import TURNS
from sessions.models.table import UNLOGGED


def events_between(adventure: Adventure, after: int, last: int) -> list[TableEvent]:
    """The events after ``after`` up to ``last`` that still stand (not undone)."""
    return list(
        TableEvent.objects.filter(
            adventure=adventure, pk__gt=after, pk__lte=last, undone_by__isnull=True
        )
        .exclude(kind__in=("undo", *UNLOGGED))
        .select_related("character")
        .defer("journal")
        .order_by("pk")
    )


def scene_going_on(adventure: Adventure, after: int) -> TableEvent | None:
    """The start of the Scene still in play when the stretch after ``after`` begins (a recap
    drafted in the middle of a Scene stopped there), or None: the stretch begins between
    Scenes, or at the very start."""
    turn = (
        TableEvent.objects.filter(
            adventure=adventure, pk__lte=after, kind__in=TURNS, undone_by__isnull=True
        )
        .defer("journal")
        .order_by("-pk")
        .first()
    )
    return turn if turn is not None and turn.kind == "scene_started" else None


def scenes(events: list[TableEvent]) -> dict[int, Scene]:
    ids = [e.data.get("scene") for e in events if e.kind == "scene_started"]
    details = Prefetch(
        "wide_shot__details", queryset=WideShotDetail.objects.select_related("character")
    )
    scenes = (
        Scene.objects.filter(pk__in=[pk for pk in ids if pk])
        .select_related("key_location", "wide_shot")
        .prefetch_related(details)
    )
    return {scene.pk: scene for scene in scenes}


def grouped(events: list[TableEvent]) -> dict[int, tuple[int, str]]:
    """The Gambles rolled as a member's part of a Group Gamble: each one's group and action."""
    ids = [e.data.get("gamble") for e in events if e.kind == "gamble_rolled"]
    rows = Gamble.objects.filter(pk__in=[pk for pk in ids if pk], group__isnull=False)
    return {
        pk: (group, action)
        for pk, group, action in rows.values_list("pk", "group_id", "group__description")
    }


def dangers(events: list[TableEvent]) -> dict[int, Danger]:
    ids = {e.data.get("danger") for e in events} - {None}
    return {d.pk: d for d in Danger.objects.filter(pk__in=ids)} if ids else {}


def leg_named(
    events: list[TableEvent], leg: Leg | None, after: int, adventure: Adventure
) -> tuple[int | None, str, bool]:
    """The Leg's number and title as the log named them, and whether it began before."""
    if leg is None:
        return None, "", False
    started = next((e for e in events if e.kind == "leg_started"), None)
    if started is None:
        started = (
            TableEvent.objects.filter(adventure=adventure, kind="leg_started", data__leg=leg.pk)
            .defer("journal")
            .order_by("-pk")
            .first()
        )
    if started is not None and "number" in started.data:
        return started.data["number"], started.data["title"], started.pk <= after
    return leg.number(), leg.title, started is not None and started.pk <= after
