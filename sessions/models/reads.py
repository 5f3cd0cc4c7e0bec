"""What the table reads on every request and for most drawings (the seat check, the Cast, the
Scene in play and what hangs on it), each compiled once per process (`Prepared`): their
statements are the same every time but for the ids in them."""

from collections import defaultdict

from django.db.models import CharField, Count, Max, Q, Subquery, Value

from characters.models import Character, Equipment, Knack
from sessions.models.cast import CastMember
from sessions.models.gambles import Gamble
from sessions.models.handouts import Handout
from sessions.models.joined import open_gamble_joined, table_now_joined
from sessions.models.legs import Danger, Scene
from sessions.models.prepared import Prepared
from sessions.models.table import Investigation, TableEvent
from sessions.models.wideshots import WideShot, WideShotDetail


@Prepared
def seats(adventure_id: int):
    """Everyone who ever joined the Cast, with their open Gambles, and the table's Tumult and
    Group Gamble (compiled once: it runs on every request). Nothing counted: a count joined in
    brings every Gamble its heroes ever made into the read, and the database sorts all of them
    with every column read to count them (with 200 Gambles a hero, 11 ms a seat check); how
    many Gambles a hero made is read with what its Gamble form offers (`gamble_offers`)."""
    return (
        CastMember.objects.filter(adventure_id=adventure_id)
        .annotate(
            **open_gamble_joined("character__", adventure_id), **table_now_joined("adventure__")
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
        .annotate(**open_gamble_joined("", adventure_id))
        .order_by("cast_memberships__joined", "pk")
    )


def gamble_offers(heroes: list[Character], adventure_id: int) -> None:
    """What the Gamble forms of ``heroes`` offer (their Knacks and Equipment), how many
    Gambles each made (its next Gamble's request id) and what each last did in the Scene in
    play (its newest Investigation and lock-in there, and the table's newest lock-in: its phone
    shows what it found till the table's next Gamble), in one read (a count per hero, on the
    index of their Gambles): kept on each hero as its Knacks and Equipment, as a prefetch
    would, its ``gambles_made`` and its ``scene_news`` (event ids by kind)."""
    ids = [hero.pk for hero in heroes]
    if ids:
        first, *rest = (*_offers_rows(ids), *_news_rows(ids, adventure_id))
        _keep_offers(heroes, first.union(*rest, all=True))


def _offers_rows(ids: list[int]) -> tuple:
    """Rows (kind, pk, hero id, text, position) of the heroes' Knacks and Equipment, and how
    many Gambles each made (kind "made", the count as its position)."""

    def listed(model, kind: str):
        rows = model.objects.filter(character_id__in=ids).order_by()
        return rows.values_list(_kind(kind), "pk", "character_id", "text", "position")

    made = (
        Gamble.objects.filter(character_id__in=ids)
        .order_by()
        .values("character_id")
        .annotate(made=Count("pk"))
        .values_list(_kind("made"), Value(0), "character_id", Value(""), "made")
    )
    return listed(Knack, "knacks"), listed(Equipment, "equipment"), made


def _news_rows(ids: list[int], adventure_id: int) -> tuple:
    """Rows, in the same shape, of each hero's newest Investigation, roll and lock-in in the
    Scene in play, and of the table's newest lock-in (kind "table_locked", anyone's)."""
    events = TableEvent.objects.filter(adventure_id=adventure_id, undone_by=None)
    started = events.filter(kind="scene_started").values("pk")[:1]
    news = (
        events.filter(
            character_id__in=ids,
            kind__in=("investigated", "gamble_locked", "gamble_rolled"),
            pk__gt=Subquery(started),
        )
        .order_by()
        .values("character_id", "kind")
        .annotate(newest=Max("pk"))
        .values_list("kind", "newest", "character_id", Value(""), Value(0))
    )
    # The table's newest lock-in, anyone's: an Investigation's finding goes with it.
    table_locked = (
        events.filter(kind="gamble_locked", pk__gt=Subquery(started))
        .order_by()
        .values("adventure_id")
        .annotate(newest=Max("pk"))
        .values_list(_kind("table_locked"), "newest", Value(0), Value(""), Value(0))
    )
    # Each hero's newest roll in the Scene, undone or not: one newer than its newest standing
    # roll was undone, and its fresh form holds what it asked (`parts.player.undone_asked`).
    rolled = (
        TableEvent.objects.filter(
            adventure_id=adventure_id,
            character_id__in=ids,
            kind="gamble_rolled",
            pk__gt=Subquery(started),
        )
        .order_by()
        .values("character_id")
        .annotate(newest=Max("pk"))
        .values_list(_kind("rolled_or_undone"), "newest", "character_id", Value(""), Value(0))
    )
    return news, table_locked, rolled


def _keep_offers(heroes: list[Character], rows) -> None:
    """The rows read, kept on each hero as ``gamble_offers`` says."""
    read: dict[tuple[str, int], list] = defaultdict(list)
    counted = {}
    scene_news: dict[int, dict[str, int]] = defaultdict(dict)
    table_news: dict[str, int] = {}
    for kind, pk, hero_id, text, position in rows:
        if kind == "table_locked":
            table_news[kind] = pk
        elif kind == "made":
            counted[hero_id] = position
        elif kind in ("investigated", "gamble_locked", "gamble_rolled", "rolled_or_undone"):
            scene_news[hero_id][kind] = pk
        else:
            read[kind, hero_id].append((position, pk, text))
    for hero in heroes:
        hero.gambles_made = counted.get(hero.pk, 0)
        hero.scene_news = scene_news[hero.pk] | table_news
        for name, model in (("knacks", Knack), ("equipment", Equipment)):
            items = [
                model(pk=pk, character=hero, text=text, position=position)
                for position, pk, text in sorted(read[name, hero.pk])
            ]
            prefetched(hero, name, items)


def _kind(kind: str) -> Value:
    return Value(kind, output_field=CharField())


def prefetched(owner, name: str, items: list) -> None:
    """``items`` as ``owner``'s prefetched ``name`` (its ``owner.<name>.all()``), as Django's
    own prefetch keeps them."""
    cache = getattr(owner, "_prefetched_objects_cache", None)
    if cache is None:
        cache = owner._prefetched_objects_cache = {}
    cache.pop(name, None)
    related = getattr(owner, name).all()
    related._result_cache, related._prefetch_done = items, True
    cache[name] = related


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


@Prepared
def wide_shots_at(scene_id: int, key_location_id: int):
    """The Scene's Wide Shot board and those of earlier visits to its Key Location."""
    return WideShot.objects.filter(Q(scene_id=scene_id) | Q(key_location_id=key_location_id))


@Prepared
def wide_shots_of(scene_id: int):
    return WideShot.objects.filter(scene_id=scene_id)


@Prepared
def wide_shot_details_at(scene_id: int, key_location_id: int):
    """What the Cast described on each board of `wide_shots_at`, in their order."""
    shown = Q(wide_shot__scene_id=scene_id) | Q(wide_shot__key_location_id=key_location_id)
    return WideShotDetail.objects.filter(shown).select_related("character")


@Prepared
def wide_shot_details_of(scene_id: int):
    details = WideShotDetail.objects.filter(wide_shot__scene_id=scene_id)
    return details.select_related("character")
