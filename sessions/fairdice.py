"""The app's dice, counted from the log: how often each face came up, site-wide or at one
table, in one aggregate query (the counts each throw's event keeps, `actions.handdice`)."""

from django.db.models import IntegerField, Q, QuerySet, Sum
from django.db.models.fields.json import KT
from django.db.models.functions import Cast, Coalesce

from sessions import rules as R
from sessions.models import TableEvent

APP_FACES, HAND_FACES = "app_faces", "hand_faces"
SOURCES = (APP_FACES, HAND_FACES)


def _sum(source: str, face: int) -> Coalesce:
    # counts[0] is the 1s: the JSON path indexes the list the event keeps.
    count = Cast(KT(f"data__{source}__{face - 1}"), IntegerField())
    return Coalesce(Sum(count), 0)


def face_counts(events: QuerySet[TableEvent]) -> dict[str, R.FaceCounts]:
    """The app's dice and the hand-rolled dice, each face counted, over ``events``."""
    thrown = events.filter(Q(data__has_key=APP_FACES) | Q(data__has_key=HAND_FACES))
    sums = thrown.aggregate(
        **{f"{source}{face}": _sum(source, face) for source in SOURCES for face in R.FACES}
    )
    return {
        source: R.FaceCounts(tuple(sums[f"{source}{face}"] for face in R.FACES))
        for source in SOURCES
    }


def site_counts() -> dict[str, R.FaceCounts]:
    return face_counts(TableEvent.objects.all())


def table_counts(adventure_id: int) -> dict[str, R.FaceCounts]:
    return face_counts(TableEvent.objects.filter(adventure_id=adventure_id))
