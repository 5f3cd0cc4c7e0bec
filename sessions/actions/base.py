"""What every table action stands on: one transaction, the table's lock, and the log."""

import contextlib
import contextvars
import functools
from collections.abc import Callable, Iterator

from django.db import IntegrityError, transaction

from characters.models import Character
from sessions import rules as R
from sessions.actions import journal
from sessions.channel import publish
from sessions.models import (
    Adventure,
    Scene,
    TableEvent,
    playing_scene_joined,
    table_now_joined,
)
from sessions.models.prepared import Prepared
from sessions.models.writers import writers_turn
from sessions.topics import Topic

# The page's id for the action under way (`once`): the first event it records carries it.
_request: contextvars.ContextVar[str | None] = contextvars.ContextVar("table_request", default=None)


class AlreadyDone(Exception):
    """The page sent this action before (a Retry after a lost answer): it was applied then."""


@contextlib.contextmanager
def once(adventure_id: int, key: str | None) -> Iterator[None]:
    """Run the table action inside at most once for ``key`` (the page's request id): its first
    event is written with the key, which an Adventure's log holds only once; a second try
    fails there and rolls back whole. A second try the rules refuse (a double-tapped Lock in:
    "already locked in") is answered as done too, if the first went through."""
    token = _request.set(key)
    try:
        yield
    except R.RuleError:
        if key and TableEvent.objects.filter(adventure_id=adventure_id, request_key=key).exists():
            raise AlreadyDone(key) from None
        raise
    finally:
        _request.reset(token)


def table_action[F: Callable](action: F | None = None, *, undoable: bool = False):
    """One table action: one transaction, writers taking turns (`writers_turn`), and
    applied at most once for the page's request id (`once`). An ``undoable`` action keeps a
    journal of what it changed on its first event, for the Director to undo it (`journal`)."""

    def wrap(action: F) -> F:
        @functools.wraps(action)
        def run(*args, **kwargs):
            with writers_turn(), transaction.atomic(), journal.keeping(undoable) as kept:
                result = action(*args, **kwargs)
                if kept is not None and kept.unwritten():
                    TableEvent.objects.filter(pk=kept.events[0]).update(journal=kept.as_data())
                return result

        return run  # type: ignore[return-value]

    return wrap(action) if action is not None else wrap


class StaleAction(R.RuleError):
    default_message = "The table has moved on since you looked: here's where things stand now."


class NotNow(R.RuleError):
    """A move that the rules allow, just not at this point of the game."""


def in_a_scene(adventure: Adventure, move: str) -> None:
    """Gambles, Group Gambles, Investigations, Wide Shot details and Rests happen in a Scene
    in play (DESIGN.md §2, phases of play): before the first Leg, between Legs and between
    Scenes they wait."""
    if not Scene.objects.filter(leg__adventure=adventure, status=Scene.Status.PLAYING).exists():
        raise NotNow(f"{move} needs a Scene in play: the Director starts one first.")


@Prepared
def _adventure(adventure_id: int):
    return Adventure.objects.select_for_update(of=("self",)).filter(pk=adventure_id)


@Prepared
def _adventure_now(adventure_id: int):
    adventures = Adventure.objects.select_for_update(of=("self",)).filter(pk=adventure_id)
    return adventures.annotate(**playing_scene_joined(""), **table_now_joined(""))


def locked_adventure(
    adventure: Adventure, *, finished_ok: bool = False, now: bool = False
) -> Adventure:
    """Take the Adventure's row lock (pacing actions happen one at a time) and read it as it
    is now; with ``now``, the ids of its Scene in play, Tumult and Group Gamble in the same
    read (as joins: one row each at most). A finished Adventure's table is read-only."""
    read = _adventure_now if now else _adventure
    adventure = read.get(adventure.pk)
    if adventure.is_finished and not finished_ok:
        raise NotNow("This Adventure is finished: its table is kept as it was.")
    return adventure


PAUSED = "The table is paused (X-card): nothing moves on until the Director resumes the game."
PAUSED_BY_DIRECTOR = (
    "The Director paused the table: nothing moves on until the Director resumes the game."
)


def paused_words(adventure: Adventure) -> str:
    """Why nothing moves on, in the pause's own words: the X-card's, or the Director's."""
    return PAUSED_BY_DIRECTOR if adventure.paused_by_director else PAUSED


def check_not_paused(adventure: Adventure) -> None:
    """Refuse a move while the X-card holds the table (DESIGN.md §2): players' actions and the
    Director's tools that move the game on alike. Only resuming (and rewinding) goes through."""
    if adventure.paused:
        raise NotNow(paused_words(adventure))


def unpaused_adventure(adventure: Adventure) -> Adventure:
    """`locked_adventure`, for a move the X-card holds back."""
    adventure = locked_adventure(adventure)
    check_not_paused(adventure)
    return adventure


def locked_character(character_id: int) -> Character:
    return Character.objects.select_for_update().get(pk=character_id)


def cast_member(adventure: Adventure, character_id: int) -> Character:
    """A character of the playing Cast, locked, or a refusal."""
    for character in adventure.cast_characters(lock=True):
        if character.pk == character_id:
            return character
    raise NotNow("That character isn't in the Cast.")


def rally(adventure: Adventure, rule: Callable[[R.CharacterState], R.CharacterState]) -> list[str]:
    """Apply a lifecycle rule (the end of a Scene, of a Tumult) to every hero it changes; the
    names of those it put back on their feet."""
    back = []
    for character in adventure.cast_characters(lock=True):
        was_out = character.incapacitated
        character.take_state(rule(character.state))
        if was_out and not character.incapacitated:
            back.append(character.name)
    return back


def trackers(state: R.CharacterState) -> dict:
    return {
        "peril": state.peril,
        "lucky_saves": state.lucky_saves,
        "blammo": state.blammo,
        "knockouts": state.knockouts,
    }


def record(
    adventure: Adventure,
    kind: str,
    summary: str,
    *,
    actor=None,
    character: Character | None = None,
    topics: tuple[Topic, ...] = (),
    **data,
) -> TableEvent:
    """Append a public event to the log and announce it once the transaction commits.

    Every action records under the Adventure's row lock (`locked_adventure`), so one table's
    events commit in the order of their ids: a page that saw event N has seen all before it.

    ``topics`` say which live parts of every page the event changed; an event about one
    character also changes that hero's own panels (`Topic.HERO`).
    """
    topics = (*topics, Topic.HERO) if character else topics
    key = _request.get()
    _request.set(None)  # the action's first event carries the page's request id
    kept = journal.current()
    first = kept is not None and not kept.events
    if first:  # the action's journal so far: most actions record their event last
        kept.written = len(kept.steps)
    try:
        event = TableEvent.objects.create(
            adventure=adventure,
            kind=kind,
            summary=summary[:500],
            actor=actor,
            character=character,
            request_key=key or "",
            data={**data, "topics": [str(topic) for topic in dict.fromkeys(topics)]},
            journal=kept.as_data() if first else None,
        )
    except IntegrityError:
        if key is None:
            raise
        raise AlreadyDone(key) from None  # a Retry of what was done: roll back untouched
    if kept is not None:
        kept.events.append(event.pk)
    publish(event)
    return event
