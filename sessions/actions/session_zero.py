"""Session zero (DESIGN.md §2, issue #39): the Director opens it before the Adventure's first
Scene; the players mark the topics privately, then tie their heroes together; the Director
moves the table on and closes it. The marks' union becomes the Lines & Veils, never who asked
for what: no event of a mark names anyone. The X-card holds every move but the marks and an
added topic: the table can always say what it wants kept out."""

from characters.models import Character, Relationship
from sessions.actions.base import (
    NotNow,
    locked_adventure,
    record,
    table_action,
    unpaused_adventure,
)
from sessions.actions.screen import campaign_went_on
from sessions.campaigns import settled_lines_veils
from sessions.models import Adventure, SafetyNote, SessionZero, ZeroTopic, limits
from sessions.models.prep import ZeroStep
from sessions.models.session_zero import COMMON_TOPICS, MOST_TOPICS
from sessions.rules.session_zero import FINE, agreed, check_mark
from sessions.topics import Topic

Step = ZeroStep
# The Lines & Veils change with the step that agrees them; the Director's pacing too.
ZERO = (Topic.SESSION_ZERO,)
NOT_OPEN = "Session zero isn't open: the Director opens it before the first Scene."


def is_open(adventure: Adventure) -> bool:
    return adventure.zero_step in (Step.TONE, Step.CONNECTIONS)


def _zero(adventure: Adventure, step: str | None = None) -> SessionZero:
    """The open session zero (at ``step``), else the move is refused."""
    if not is_open(adventure):
        raise NotNow(NOT_OPEN)
    if step is not None and adventure.zero_step != step:
        now = adventure.get_zero_step_display().lower()
        raise NotNow(f"Session zero has moved on to {now}: here is where it stands now.")
    return SessionZero.objects.get(adventure=adventure)


def _step(adventure: Adventure, step: str) -> None:
    adventure.zero_step = step
    adventure.save(update_fields=["zero_step", "updated"])


@table_action
def start(adventure: Adventure, actor) -> SessionZero:
    """Open session zero: only before play starts (the Adventure's first Leg)."""
    adventure = unpaused_adventure(adventure)
    if adventure.has_begun():
        raise NotNow("Session zero comes before the first Leg: this table has begun playing.")
    if is_open(adventure):
        raise NotNow("Session zero is open already.")
    zero, _ = SessionZero.objects.get_or_create(adventure=adventure)
    zero.marked, zero.ballots, zero.reopened = [], {}, []
    zero.save()
    _step(adventure, Step.TONE)
    # A topic the table's Lines & Veils settle already (carried from the Campaign's last
    # Adventure, or agreed at a session zero opened before) is not asked again.
    settled = settled_lines_veils(adventure).texts()
    if not zero.topics.exists():
        ZeroTopic.objects.bulk_create(
            ZeroTopic(session_zero=zero, text=t)
            for t in COMMON_TOPICS
            if t.casefold() not in settled
        )
    else:
        zero.topics.filter(
            pk__in=[t.pk for t in zero.topics.all() if t.text.casefold() in settled]
        ).delete()
    record(
        adventure,
        "session_zero",
        "Session zero begins: tone and content.",
        actor=actor,
        topics=ZERO,
    )
    campaign_went_on(adventure)  # a TV left on the Campaign's last Adventure comes along
    return zero


@table_action
def mark(
    adventure: Adventure, user_id: int, marks: dict[int, str], everything_fine: bool = False
) -> bool:
    """A player's marks on the topics, kept under their ballot key; marking again replaces
    them. ``marks`` maps topic ids to fine, Veil or Line; a topic left out is not marked yet
    (kept, so a phone shows it again, but the player isn't done until every topic is marked).
    ``everything_fine``: "it is all fine for me", said explicitly, marks every topic fine.
    Whether the player is done now."""
    adventure = locked_adventure(adventure)
    zero = _zero(adventure, Step.TONE)
    topics = set(zero.topics.values_list("pk", flat=True))
    if everything_fine:
        marks = dict.fromkeys(topics, FINE)
    ballot = {}
    for topic, value in marks.items():
        if topic not in topics:
            raise NotNow("That topic isn't on the list any more: here is the list as it is now.")
        ballot[str(topic)] = check_mark(value)
    ballot = dict(sorted(ballot.items(), key=lambda item: int(item[0])))
    zero.ballots = dict(sorted((zero.ballots | {zero.ballot_key(user_id): ballot}).items()))
    done = {str(pk) for pk in topics} <= set(ballot)
    was = user_id in zero.marked
    if done:
        zero.marked = sorted({*zero.marked, user_id})
        zero.reopened = [u for u in zero.reopened if u != user_id]
    else:
        zero.marked = [u for u in zero.marked if u != user_id]
    zero.save(update_fields=["ballots", "marked", "reopened"])
    if done and not was:  # changing one's marks says nothing to the table
        record(adventure, "session_zero_marked", "A player marked every topic.", topics=ZERO)
    elif was and not done:  # cannot happen from a phone's form, but the table stays true
        record(adventure, "session_zero_marked", "A player is marking again.", topics=ZERO)
    return done


@table_action
def add_topic(adventure: Adventure, text: str) -> None:
    """One more topic for everyone to mark. Anonymous: nothing records who added it. Nobody
    has marked it yet, so nobody is done: every player who was is asked to mark it (and the
    one who added it looks like everyone else)."""
    adventure = locked_adventure(adventure)
    zero = _zero(adventure, Step.TONE)
    texts = [t.casefold() for t in zero.topics.values_list("text", flat=True)]
    if text.casefold() in texts:
        raise NotNow(f"“{text}” is on the list already.")
    if text.casefold() in settled_lines_veils(adventure).texts():
        raise NotNow(f"“{text}” is settled already: it is on the table's Lines & Veils.")
    if len(texts) >= MOST_TOPICS:
        raise NotNow(f"The list holds {MOST_TOPICS} topics: mark the ones there are.")
    ZeroTopic.objects.create(session_zero=zero, text=text)
    zero.reopened = sorted({*zero.reopened, *zero.marked})
    zero.marked = []
    zero.save(update_fields=["marked", "reopened"])
    # The log says only that the list grew: the topic is on it, whole, on every screen. It is
    # not kept in the log after (`LIVE_ONLY`): no time of it to line up with anyone's.
    record(adventure, "session_zero_topic", "A new topic to mark.", topics=ZERO)


def _agree(adventure: Adventure, zero: SessionZero) -> int:
    """The ballots become the Lines & Veils (anonymous), and are gone; how many were new."""
    texts = {t.pk: t.text for t in zero.topics.all()}
    table = agreed({int(k): v for k, v in b.items()} for b in zero.ballots.values())
    have = {n.text.casefold() for n in SafetyNote.objects.filter(adventure=adventure)}
    room = limits.LINES_VEILS - len(have)
    notes = [
        SafetyNote(adventure=adventure, kind=kind, text=texts[topic], author=None)
        for topic, kind in sorted(table.items(), key=lambda item: (item[1], item[0]))
        if topic in texts and texts[topic].casefold() not in have
    ][: max(room, 0)]
    SafetyNote.objects.bulk_create(notes)
    zero.ballots = {}
    return len(notes)


def _end(adventure: Adventure, zero: SessionZero) -> None:
    """Closed: the marks still open are agreed, and who marked is forgotten with them."""
    if adventure.zero_step == Step.TONE:
        _agree(adventure, zero)
    zero.marked, zero.reopened = [], []
    zero.save(update_fields=["ballots", "marked", "reopened"])
    _step(adventure, Step.CLOSED)


@table_action
def next_step(adventure: Adventure, actor) -> None:
    """From tone and content to connections: the table's Lines & Veils are agreed."""
    adventure = unpaused_adventure(adventure)
    zero = _zero(adventure, Step.TONE)
    added = _agree(adventure, zero)
    zero.reopened = []
    zero.save(update_fields=["ballots", "reopened"])
    _step(adventure, Step.CONNECTIONS)
    agreed_now = f"{added} Lines and Veils agreed" if added else "Nothing to hold back"
    record(
        adventure,
        "session_zero_step",
        f"{agreed_now}. Session zero moves on to connections.",
        actor=actor,
        topics=(*ZERO, Topic.SAFETY),
    )


@table_action
def close(adventure: Adventure, actor) -> None:
    """The end of session zero (from any step: tone and content still open is agreed first)."""
    adventure = unpaused_adventure(adventure)
    zero = _zero(adventure)
    _end(adventure, zero)
    record(
        adventure,
        "session_zero_closed",
        "Session zero is over: on with the Adventure.",
        actor=actor,
        topics=(*ZERO, Topic.SAFETY),
    )


def close_for_play(adventure: Adventure) -> tuple[Topic, ...]:
    """The first Scene starts: an open session zero ends with it (its marks agreed first), as
    the Director would have closed it. The topics the Scene's event must carry for it."""
    if not is_open(adventure):
        return ()
    zero = SessionZero.objects.get(adventure=adventure)
    _end(adventure, zero)
    return (*ZERO, Topic.SAFETY)


@table_action
def connect(adventure: Adventure, hero: Character, other_id: int, text: str, actor) -> None:
    """``hero`` ties themselves to another hero at this table, in a sentence: once to each
    (the other answers it; a second tie to the same hero is refused)."""
    adventure = unpaused_adventure(adventure)
    _zero(adventure, Step.CONNECTIONS)
    others = {c.pk: c for c in adventure.cast_characters() if c.pk != hero.pk}
    other = others.get(other_id)
    if other is None:
        raise NotNow("Tie your hero to another hero at this table.")
    if Relationship.objects.filter(character=hero, other=other).exists():
        raise AlreadyTied(f"{hero.name} is already tied to {other.name}: choose another hero.")
    Relationship.objects.create(character=hero, other=other, description=text)
    record(
        adventure,
        "connection",
        f"{hero.name} is tied to {other.name}.",
        actor=actor,
        character=hero,
        topics=ZERO,
    )


class AlreadyTied(NotNow):
    """A hero ties themselves to each other hero once (SRD, Relationships: a connection)."""


@table_action
def answer(adventure: Adventure, hero: Character, connection_id: int, text: str, actor) -> None:
    """``hero`` answers a connection another hero made to them; answering again changes it."""
    adventure = unpaused_adventure(adventure)
    _zero(adventure, Step.CONNECTIONS)
    cast = {c.pk for c in adventure.cast_characters()}
    connection = (
        Relationship.objects.filter(pk=connection_id, other=hero, character_id__in=cast)
        .select_related("character")
        .first()
    )
    if connection is None:
        raise NotNow("That connection isn't one made to your hero at this table.")
    again = bool(connection.answer)
    connection.answer = text
    connection.save(update_fields=["answer"])
    # A changed answer replaces the first: the log told the table once that the hero
    # answered; the change only draws the ties again (housekeeping, in nobody's log).
    record(
        adventure,
        "connection_reanswered" if again else "connection_answered",
        f"{hero.name} answers {connection.character.name}.",
        actor=actor,
        character=hero,
        topics=ZERO,
    )
