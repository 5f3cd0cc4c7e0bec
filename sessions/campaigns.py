"""Campaigns: who may see one, what its page shows, and the next Adventure's one-tap join.

A Campaign's Cast is every hero who played in one of its Adventures. Its Director sees
everything of it; a player with a hero in that Cast sees its public side; anybody else gets
a 404.
"""

from dataclasses import dataclass, field

from django.db.models import Exists, OuterRef, Q, QuerySet

from characters.models import Character
from sessions.models import Adventure, Campaign, CastMember, Recap, SafetyNote, TableEvent


def visible_campaigns(user) -> QuerySet[Campaign]:
    """Campaigns the user directs or has a hero in."""
    played = CastMember.objects.filter(
        adventure__campaign=OuterRef("pk"), character__owner_id=user.pk
    )
    return Campaign.objects.filter(Q(director_id=user.pk) | Exists(played))


@dataclass
class Hero:
    """A hero of the Campaign's Cast, and where they stand now."""

    character: Character
    adventures: list[Adventure] = field(default_factory=list)
    playing_in: Adventure | None = None  # an unfinished Adventure's Cast they are in
    removed_from: set[int] = field(default_factory=set)  # Adventures the Director took them out of

    @property
    def free(self) -> bool:
        return self.playing_in is None and not self.character.career_ended


def removed_heroes(adventures) -> set[tuple[int, int]]:
    """(Adventure, hero) pairs where the Director took the hero out of the Cast and they have
    not joined again since (through the invite link), from the table logs, in one query. A
    removed hero can't walk back in with the Campaign's one tap."""
    moves = TableEvent.objects.filter(
        adventure__in=adventures, kind__in=("cast_joined", "cast_left")
    )
    last = {}
    for adventure_id, kind, data in moves.order_by("pk").values_list(
        "adventure_id", "kind", "data"
    ):
        if isinstance(data, dict) and "hero" in data:
            last[adventure_id, data["hero"]] = kind
    return {pair for pair, kind in last.items() if kind == "cast_left"}


def campaign_cast(adventures: list[Adventure]) -> list[Hero]:
    """Every hero who played in these Adventures (a Campaign's), in the order they first
    joined (three queries)."""
    members = CastMember.objects.filter(adventure__in=adventures).select_related("character__owner")
    heroes: dict[int, Hero] = {}
    by_pk = {a.pk: a for a in adventures}
    for member in members.order_by("joined", "pk"):
        hero = heroes.setdefault(member.character_id, Hero(member.character))
        hero.adventures.append(by_pk[member.adventure_id])
    busy = CastMember.objects.filter(character__in=heroes, active=True).select_related("adventure")
    for member in busy:
        heroes[member.character_id].playing_in = member.adventure
    for adventure_id, hero_id in removed_heroes(adventures):
        if hero_id in heroes:
            heroes[hero_id].removed_from.add(adventure_id)
    return list(heroes.values())


@dataclass
class Offer:
    """An unfinished Adventure of a Campaign, and the user's heroes of that Campaign who can
    join it with one tap (and those who can't yet, still busy elsewhere)."""

    adventure: Adventure
    free: list[Character] = field(default_factory=list)
    busy: list[Hero] = field(default_factory=list)


def offers(user, adventures: list[Adventure], cast: list[Hero]) -> list[Offer]:
    """What the user's heroes of this Campaign can join next (no queries of its own)."""
    mine = [hero for hero in cast if hero.character.owner_id == user.pk]
    found = []
    for adventure in adventures:
        if adventure.is_finished:
            continue
        offer = Offer(adventure)
        for hero in mine:
            if adventure in hero.adventures or hero.character.career_ended:
                continue
            if adventure.pk in hero.removed_from:
                continue
            if hero.free:
                offer.free.append(hero.character)
            else:
                offer.busy.append(hero)
        if offer.free or offer.busy:
            found.append(offer)
    return found


def offers_for(user) -> list[Offer]:
    """Everywhere the user's heroes are awaited: the unfinished Adventures of their Campaigns
    that their free heroes haven't joined yet (for the home page, four queries)."""
    campaigns = list(visible_campaigns(user).exclude(director_id=user.pk))
    if not campaigns:
        return []
    adventures = list(
        Adventure.objects.filter(campaign__in=campaigns).select_related("campaign").order_by("pk")
    )
    if not any(not a.is_finished for a in adventures):
        return []
    found = []
    cast = campaign_cast(adventures)
    for campaign in campaigns:
        own = [a for a in adventures if a.campaign_id == campaign.pk]
        found += [o for o in offers(user, own, cast) if o.free]
    return found


def can_join(campaign: Campaign, adventure: Adventure, character: Character) -> bool:
    """Whether ``character`` may join ``adventure`` with one tap: a hero of this Campaign's
    Cast, free, and the Adventure one of the Campaign's, unfinished."""
    return (
        adventure.campaign_id == campaign.pk
        and not adventure.is_finished
        and not character.career_ended
        and CastMember.objects.filter(adventure__campaign=campaign, character=character).exists()
        and not CastMember.objects.filter(character=character, active=True).exists()
        and (adventure.pk, character.pk) not in removed_heroes([adventure])
    )


def published_recaps(adventures: list[Adventure]) -> list[Recap]:
    """What happened so far: the published recaps of these Adventures, in story order."""
    order = {a.pk: n for n, a in enumerate(adventures)}
    recaps = Recap.objects.filter(adventure__in=adventures, published__isnull=False)
    return sorted(
        recaps.select_related("adventure"), key=lambda r: (order[r.adventure_id], r.last_event)
    )


def carry_lines_veils(adventure: Adventure) -> None:
    """The next Adventure of a Campaign starts with the Lines & Veils its table agreed last
    time (those of the Campaign's latest other Adventure), as they were added (anonymous
    ones stay anonymous); the Director can change them in prep."""
    last = (
        Adventure.objects.filter(campaign_id=adventure.campaign_id, safety__isnull=False)
        .exclude(pk=adventure.pk)
        .order_by("-created")
        .first()
    )
    if last is None:
        return
    SafetyNote.objects.bulk_create(
        SafetyNote(adventure=adventure, kind=note.kind, text=note.text, author_id=note.author_id)
        for note in last.safety.all()
    )


def carried_from(adventure: Adventure) -> Adventure | None:
    """The Adventure whose Lines & Veils this one started with (`carry_lines_veils`): the
    Campaign's latest Adventure made before it that had any; None for a one-off or a first."""
    if adventure.campaign_id is None:
        return None
    return (
        Adventure.objects.filter(
            campaign_id=adventure.campaign_id,
            safety__isnull=False,
            created__lt=adventure.created,
        )
        .exclude(pk=adventure.pk)
        .order_by("-created", "-pk")
        .first()
    )


@dataclass
class Settled:
    """The Lines & Veils a session zero finds agreed already: those carried from the
    Campaign's last Adventure (``source``), and any other the table has (put in prep)."""

    source: Adventure | None
    carried: list[SafetyNote]
    others: list[SafetyNote]

    def __bool__(self) -> bool:
        return bool(self.carried or self.others)

    def texts(self) -> set[str]:
        return {note.text.casefold() for note in (*self.carried, *self.others)}


def settled_lines_veils(adventure: Adventure) -> Settled:
    """What session zero need not ask again: the table's Lines & Veils as they stand, those
    carried over told apart (by the previous Adventure's own notes)."""
    notes = list(SafetyNote.objects.filter(adventure=adventure).order_by("kind", "pk"))
    source = carried_from(adventure) if notes else None
    theirs = (
        {(n.kind, n.text) for n in SafetyNote.objects.filter(adventure=source)} if source else set()
    )
    carried = [n for n in notes if (n.kind, n.text) in theirs]
    others = [n for n in notes if (n.kind, n.text) not in theirs]
    return Settled(source if carried else None, carried, others)


# The table settings a Campaign's next Adventure starts with: the dice and the seats, as the
# table had them last time. (Sound is each screen's own, remembered by its browser.)
TABLE_SETTINGS = ("real_dice", "seats")


def table_settings(campaign: Campaign) -> dict:
    """The table settings of the Campaign's latest Adventure (one query), for its next one to
    start with; nothing if it has none yet."""
    last = (
        Adventure.objects.filter(campaign=campaign)
        .order_by("-created", "-pk")
        .values(*TABLE_SETTINGS)
        .first()
    )
    return last or {}


# What opens an Adventure at the table before its first Leg: the TV follows it there then.
OPENINGS = ("session_zero", "previously_on")


def next_in_campaign(adventure: Adventure) -> Adventure | None:
    """The Adventure a TV left on this one moves on to: once this one is finished, the
    Campaign's next Adventure that the same Director has opened at the table (the first, if
    several): started, or before its first Leg, its session zero opened or its "Previously
    on…" played."""
    if not adventure.is_finished or adventure.campaign_id is None:
        return None
    opened = TableEvent.objects.filter(adventure=OuterRef("pk"), kind__in=OPENINGS)
    return (
        Adventure.objects.filter(
            Q(status=Adventure.Status.PLAYING) | Q(status=Adventure.Status.PREP) & Exists(opened),
            campaign_id=adventure.campaign_id,
            director_id=adventure.director_id,
        )
        .exclude(pk=adventure.pk)
        .order_by("created", "pk")
        .first()
    )
