"""The events of the Scene in play: how far back undo reaches, and the newest moment a Gamble
went wrong (what the Director's consequence prompts answer)."""

from django.db import models
from django.db.models import Q
from django.db.models.functions import Coalesce

from sessions.models.table import TableEvent

# The events that open or close a stretch of play: undo reaches back to the newest of them,
# and only while it is the start of a Scene still in play.
TURNS = ("scene_started", "scene_ended", "leg_started", "leg_ended", "adventure_finished")


# A Gamble settled: one player's locked in, or a Group Gamble's tally.
SETTLED = ("gamble_locked", "group_resolved")


def next_to_undo(adventure_id: int, *, journal: bool = False) -> TableEvent | None:
    """The newest table action of the Scene in play that the Director can still undo (its
    first event, which keeps the journal: read only if asked for), in one query."""
    return (
        _since_the_scene_began(adventure_id)
        .filter(journal__isnull=False, undone_by__isnull=True)
        .defer(*(() if journal else ("journal",)))
        .order_by("-pk")
        .first()
    )


def _since_the_scene_began(adventure_id: int):
    """The events of the Scene in play (none between Scenes): a query to narrow down."""
    turns = TableEvent.objects.filter(adventure_id=adventure_id, kind__in=TURNS).order_by("-pk")
    return (
        TableEvent.objects.filter(adventure_id=adventure_id)
        .alias(
            turn_id=models.Subquery(turns.values("pk")[:1]),
            turn=models.Subquery(turns.values("kind")[:1]),
        )
        .filter(pk__gt=models.F("turn_id"), turn="scene_started")
    )


def gone_wrong(adventure_id: int) -> TableEvent | None:
    """The newest moment of the Scene where a Gamble went wrong, still standing (not undone):
    a blunder locked in, a Knockout, a Group Gamble failed. Once a Tumult ends, what went wrong
    before it (the Knockouts of the fight) is settled: the prompts answer only what came
    after. Its ``later`` says whether a Gamble has settled since (the table moved on: its
    prompts step aside, folded under "Earlier prompts"), read in the same query."""
    settled = (
        TableEvent.objects.filter(
            adventure_id=adventure_id, kind="tumult_ended", undone_by__isnull=True
        )
        .order_by("-pk")
        .values("pk")[:1]
    )
    return (
        _since_the_scene_began(adventure_id)
        .alias(settled=Coalesce(models.Subquery(settled), 0))
        .filter(pk__gt=models.F("settled"))
        .annotate(
            later=models.Exists(
                TableEvent.objects.filter(
                    adventure_id=adventure_id,
                    pk__gt=models.OuterRef("pk"),
                    kind__in=SETTLED,
                    undone_by__isnull=True,
                )
            )
        )
        .filter(
            Q(kind="gamble_locked", data__success=False)
            | Q(kind__in=("gamble_locked", "peril", "enemies_turn"), data__knocked_out=True)
            | Q(kind="group_resolved", data__success=False),
            undone_by__isnull=True,
        )
        .select_related("character")
        .defer("journal")
        .order_by("-pk")
        .first()
    )
