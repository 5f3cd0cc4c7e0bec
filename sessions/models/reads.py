"""What the table reads on every request and for most drawings (the seat check, the Cast, the
Scene in play and what hangs on it), each compiled once per process (`Prepared`): their
statements are the same every time but for the ids in them."""

from django.db.models import Count, Q

from characters.models import Character
from sessions.models.cast import CastMember
from sessions.models.handouts import Handout
from sessions.models.joined import open_gamble_joined, table_now_joined
from sessions.models.prep import Danger, Scene
from sessions.models.prepared import Prepared
from sessions.models.table import Gamble, Investigation


@Prepared
def seats(adventure_id: int):
    """Everyone who ever joined the Cast, with their open Gambles and how many Gambles they
    made, and the table's Tumult and Group Gamble (compiled once: it runs on every request)."""
    return (
        CastMember.objects.filter(adventure_id=adventure_id)
        .annotate(
            **open_gamble_joined("character__", adventure_id),
            **table_now_joined("adventure__"),
            gambles_made=Count("character__gambles"),
        )
        .select_related("adventure__director", "character", "now_open_gamble")
        .order_by("joined", "character_id")
    )


@Prepared
def open_investigations(adventure_id: int):
    asked = Investigation.objects.filter(adventure_id=adventure_id, roll=None)
    return asked.select_related("character").order_by("-pk")


@Prepared
def playing_scene(adventure_id: int):
    scenes = Scene.objects.filter(leg__adventure_id=adventure_id, status=Scene.Status.PLAYING)
    return scenes.select_related("key_location", "leg")[:1]


@Prepared
def playing_cast(adventure_id: int):
    """`Adventure.cast_characters` of a table still in play, with what the seat check reads."""
    members = {"cast_memberships__adventure_id": adventure_id, "cast_memberships__active": True}
    return (
        Character.objects.filter(**members, career_ended=False)
        .annotate(**open_gamble_joined("", adventure_id), gambles_made=Count("gambles"))
        .order_by("cast_memberships__joined", "pk")
    )


@Prepared
def open_gambles(adventure_id: int):
    gambles = Gamble.objects.filter(adventure_id=adventure_id, locked=False)
    return gambles.select_related("character")


@Prepared
def dangers_at(scene_id: int, key_location_id: int):
    dangers = Danger.objects.filter(Q(scene_id=scene_id) | Q(key_location_id=key_location_id))
    return dangers.order_by("pk")


@Prepared
def dangers_of(scene_id: int):
    return Danger.objects.filter(scene_id=scene_id).order_by("pk")


@Prepared
def revealed_handouts(adventure_id: int):
    return Handout.objects.filter(adventure_id=adventure_id, revealed__isnull=False)
