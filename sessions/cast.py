from django.contrib.auth import get_user_model
from django.db.models import QuerySet

from characters.models import Character
from sessions.models import Adventure, CastMember, SafetyNote, Tumult


def fellows_in_cast(character: Character) -> QuerySet[Character]:
    """Characters in the same active Cast as ``character``."""
    adventures = Adventure.objects.filter(cast__character=character, cast__active=True)
    return Character.objects.filter(
        cast_memberships__adventure__in=adventures, cast_memberships__active=True
    )


def knocked_out_in_tumult(character: Character) -> bool:
    """Whether ``character`` was knocked out during the Tumult on now in their Cast's
    Adventure (the Tumult remembers who: `Tumult.knocked_out`)."""
    tumults = Tumult.objects.filter(
        active=True, adventure__cast__character=character, adventure__cast__active=True
    )
    return any(character.pk in tumult.knocked_out for tumult in tumults)


def safety_authors(adventure_id: int, notes: list[SafetyNote]) -> dict[int, str]:
    """Who added each named Line and Veil, by the note's id, as the Director knows them at this
    table: their hero's name (heroes' names joined, if they play several). Not seated here yet
    (a note carried over from the Campaign's last Adventure), the hero they played last in the
    Campaign, the name the Director saw it under then; else their username. An anonymous note
    (no author kept) has no entry."""
    authors = {note.author_id for note in notes if note.author_id is not None}
    if not authors:
        return {}
    seats = CastMember.objects.filter(character__owner_id__in=authors)
    heroes = _heroes_at_first_table(
        seats.filter(adventure_id=adventure_id).order_by("joined", "pk")
    )
    unseated = authors - heroes.keys()
    if unseated:
        campaign = Adventure.objects.filter(pk=adventure_id).values("campaign_id")
        earlier = seats.filter(
            character__owner_id__in=unseated, adventure__campaign_id__in=campaign
        )
        heroes |= _heroes_at_first_table(
            earlier.order_by("-adventure__created", "-adventure_id", "joined", "pk")
        )
    unseated = authors - heroes.keys()
    users = get_user_model().objects.filter(pk__in=unseated) if unseated else []
    usernames = {user.pk: user.get_username() for user in users}
    return {
        note.pk: " & ".join(heroes.get(note.author_id, [])) or usernames[note.author_id]
        for note in notes
        if note.author_id is not None
    }


def _heroes_at_first_table(seats: QuerySet[CastMember]) -> dict[int, list[str]]:
    """Each owner's heroes' names at the first Adventure ``seats`` come to for them (their
    order: the latest Adventure first, to name a player as their last table did)."""
    heroes: dict[int, list[str]] = {}
    latest: dict[int, int] = {}
    rows = seats.values_list("character__owner_id", "character__name", "adventure_id")
    for owner_id, name, adventure_id in rows:
        if latest.setdefault(owner_id, adventure_id) != adventure_id:
            continue
        if name not in heroes.setdefault(owner_id, []):
            heroes[owner_id].append(name)
    return heroes
