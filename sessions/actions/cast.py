"""Heroes joining and leaving an Adventure's Cast, which every table screen shows."""

from characters.models import Character
from sessions.actions.base import NotNow, locked_adventure, record, table_action
from sessions.channel import recheck
from sessions.models import Adventure, CastMember, KeptOut
from sessions.topics import Topic

# A hero arriving or leaving may also fill or free the table's last seat (the TV's join code).
CAST_TOPICS = (Topic.CAST, Topic.HEROES, Topic.TUMULT, Topic.JOIN)


@table_action
def join_cast(adventure: Adventure, character: Character, actor) -> CastMember:
    """The hero joins; an IntegrityError means they already joined another Cast."""
    adventure = locked_adventure(adventure)
    if is_kept_out(adventure, character.owner_id):
        raise NotNow(KEPT_OUT)
    if not adventure.has_room(adventure.cast.count()):
        raise NotNow(full_table(adventure))
    member = CastMember.objects.create(adventure=adventure, character=character)
    # ``hero`` in the event's data: who joined or left, for `campaigns.removed_heroes`.
    record(adventure, "cast_joined", f"{character.name} joins the Cast.", actor=actor,
           topics=CAST_TOPICS, hero=character.pk)  # fmt: skip
    return member


KEPT_OUT = "The Director took you out of this table: only they can let you back in."


def is_kept_out(adventure: Adventure, user_id: int | None) -> bool:
    return KeptOut.objects.filter(adventure=adventure, user_id=user_id).exists()


def full_table(adventure: Adventure) -> str:
    seats = f"{adventure.seats} seat{'s' if adventure.seats != 1 else ''}"
    return f"The table is full ({seats}, all taken): ask the Director to make room."


CAST_KEPT = "This Adventure is finished: its Cast is kept as it was played. Nobody was removed."


@table_action
def leave_cast(member: CastMember, actor) -> None:
    """The Director takes a hero out of the Cast: their player's open table pages close, and
    the player stays out of this Adventure (`KeptOut`) until the Director lets them back in;
    a player with another hero still in the Cast keeps their seat with it. A finished
    Adventure's Cast is kept as it was played (`CAST_KEPT`)."""
    adventure = locked_adventure(member.adventure, finished_ok=True)
    if adventure.is_finished:
        raise NotNow(CAST_KEPT)
    character = member.character
    member.delete()
    seated = CastMember.objects.filter(adventure=adventure, character__owner_id=character.owner_id)
    if not seated.exists():
        KeptOut.objects.get_or_create(adventure=adventure, user_id=character.owner_id)
    record(adventure, "cast_left", f"{character.name} leaves the Cast.", actor=actor,
           topics=CAST_TOPICS, hero=character.pk)  # fmt: skip
    recheck(adventure_id=adventure.pk)


def let_back_in(adventure: Adventure, user_id: int) -> None:
    """The Director lets a player they took out join the Adventure again."""
    KeptOut.objects.filter(adventure=adventure, user_id=user_id).delete()


def hero_edited(sender, character: Character, **kwargs) -> None:
    """A hero changed on its sheet (`characters.signals.hero_edited`: a new portrait, say):
    every table it sits at draws its Cast again, live (the TV's Cast shows the new face
    without a reload): in play, and before the first Leg too, while the Cast gathers, the very
    time players put faces to their heroes (a TV open then missed them); not a finished
    table, whose log ends with The End. Housekeeping, in nobody's log (`HOUSEKEEPING`)."""
    tables = Adventure.objects.filter(cast__character=character).exclude(
        status=Adventure.Status.FINISHED
    )
    for adventure_id in tables.values_list("pk", flat=True):
        _cast_redrawn(adventure_id, character)


@table_action
def _cast_redrawn(adventure_id: int, character: Character) -> None:
    adventure = locked_adventure(Adventure(pk=adventure_id))
    record(adventure, "hero_edited", f"{character.name} was changed on the sheet.",
           topics=(Topic.CAST,))  # fmt: skip
