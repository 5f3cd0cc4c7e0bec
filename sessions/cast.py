from django.contrib.auth import get_user_model
from django.db.models import QuerySet

from characters.models import Character
from sessions.models import Adventure, SafetyNote, Tumult


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
    table: their hero's name (heroes' names joined, if they play several), else their username
    (not seated here yet: a note carried over from the Campaign's last Adventure). An anonymous
    note (no author kept) has no entry."""
    authors = {note.author_id for note in notes if note.author_id is not None}
    if not authors:
        return {}
    heroes: dict[int, list[str]] = {}
    seated = Character.objects.filter(
        owner_id__in=authors, cast_memberships__adventure_id=adventure_id
    ).order_by("cast_memberships__joined", "pk")
    for owner_id, name in seated.values_list("owner_id", "name"):
        if name not in heroes.setdefault(owner_id, []):
            heroes[owner_id].append(name)
    unseated = authors - heroes.keys()
    users = get_user_model().objects.filter(pk__in=unseated) if unseated else []
    usernames = {user.pk: user.get_username() for user in users}
    return {
        note.pk: " & ".join(heroes.get(note.author_id, [])) or usernames[note.author_id]
        for note in notes
        if note.author_id is not None
    }
