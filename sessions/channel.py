"""The live channel: after a table event commits, every open stream of its Adventure wakes.

One process: an in-memory channel (asyncio queues). PostgreSQL: NOTIFY inside the writing
transaction (so it fires only on commit; for events, a trigger on their table) and one LISTEN
connection per process, which feeds the same in-memory channel. Only ids travel;
`sessions.live` turns them into messages, once per Adventure and process.

Besides events, the channel carries two wake-ups of its own: "check your seat" (a screen link
switched off, a hero leaving the Cast, a logout or a new password: the streams concerned ask
again whether they may stay open) and "catch up" (this process lost its LISTEN connection for a
while, so wake-ups may have gone astray).
"""

import asyncio
import logging
import threading
from collections import Counter, OrderedDict, defaultdict
from enum import StrEnum

from django.conf import settings
from django.db import connection, transaction

from sessions.models import TableEvent

log = logging.getLogger(__name__)

NOTIFY_CHANNEL = "enigma_table"
# How long a stream's first read waits for this process's LISTEN to be in place.
LISTEN_WAIT_SECONDS = 5


class Wake(StrEnum):
    RECHECK = "recheck"  # ask again whether this stream may stay open
    CATCH_UP = "catch-up"  # look in the log for anything missed
    CLOSE = "close"  # the server is stopping: end the stream (its page reconnects)


class Subscriber:
    """The open streams of one Adventure in this process, as the channel wakes them: its queue
    of ``(event id or wake-up, user id)`` (a user id for a wake-up meant for one user's
    streams), and the users who have a stream open among them."""

    def __init__(self, adventure_id: int) -> None:
        self.adventure_id = adventure_id
        self.users: Counter[int] = Counter()
        self.loop = asyncio.get_running_loop()
        self.queue: asyncio.Queue[tuple[int | Wake, int | None]] = asyncio.Queue()


def _wake(subscribers: list[Subscriber], item: int | Wake, user_id: int | None = None) -> None:
    """Wake streams from any thread: one call into each event loop, however many streams."""
    by_loop: dict[asyncio.AbstractEventLoop, list[asyncio.Queue]] = defaultdict(list)
    for subscriber in subscribers:
        by_loop[subscriber.loop].append(subscriber.queue)
    for loop, queues in by_loop.items():
        loop.call_soon_threadsafe(_put_all, queues, (item, user_id))


def _put_all(queues: list[asyncio.Queue], item: tuple[int | Wake, int | None]) -> None:
    for queue in queues:
        queue.put_nowait(item)


class Channel:
    """Per-process fan-out of event ids and wake-ups to the streams of one Adventure."""

    def __init__(self) -> None:
        self._subscribers: dict[int, set[Subscriber]] = defaultdict(set)
        self._lock = threading.RLock()  # re-entrant: a stopping server's signal handler uses it
        self._listener: asyncio.Task | None = None
        self._listening: asyncio.Event | None = None  # set once the LISTEN is in place
        self._unheard = False  # a stream read its catch-up before the LISTEN was in place

    def subscribe(self, adventure_id: int) -> Subscriber:
        subscriber = Subscriber(adventure_id)
        with self._lock:
            self._subscribers[adventure_id].add(subscriber)
        # One LISTEN task per process, on the loop the streams run on (a test may run several
        # loops one after another: the task of a loop that has ended is no use).
        loop = asyncio.get_running_loop()
        if connection.vendor == "postgresql" and (
            self._listener is None or self._listener.get_loop() is not loop
        ):
            self._listening = asyncio.Event()
            self._listener = loop.create_task(self._listen(self._listening))
        return subscriber

    async def listening(self) -> None:
        """Return once this process hears the wake-ups of other connections (PostgreSQL: its
        LISTEN is in place; SQLite: at once). A stream reads what its page missed only then:
        read before, an event committed in between was neither in the read nor heard, and the
        page went without it (its log row, its parts) until it reloaded. A LISTEN that can't
        be had soon isn't waited for: the listener says a catch-up once it is in place."""
        listening = self._listening
        if listening is None or listening.is_set():
            return
        try:
            await asyncio.wait_for(listening.wait(), LISTEN_WAIT_SECONDS)
        except TimeoutError:
            log.warning("No LISTEN connection yet: a stream catches up without it")
            self._unheard = True

    def unsubscribe(self, subscriber: Subscriber) -> None:
        with self._lock:
            self._subscribers[subscriber.adventure_id].discard(subscriber)
            if not self._subscribers[subscriber.adventure_id]:
                del self._subscribers[subscriber.adventure_id]

    def _matching(self, adventure_id: int | None = None, user_id: int | None = None):
        with self._lock:
            if adventure_id is not None:
                return list(self._subscribers.get(adventure_id, ()))
            everyone = [s for group in self._subscribers.values() for s in group]
        return [s for s in everyone if user_id is None or s.users.get(user_id)]

    def deliver(self, adventure_id: int, event_id: int) -> None:
        """Wake every stream of the Adventure. Safe to call from any thread."""
        _wake(self._matching(adventure_id), event_id)

    def close_all(self) -> None:
        """End every stream of this process (it is stopping). Safe from a signal handler."""
        _wake(self._matching(), Wake.CLOSE)

    def recheck(self, adventure_id: int | None = None, user_id: int | None = None) -> None:
        """Ask the streams of an Adventure, or of a user, whether they may stay open."""
        _wake(self._matching(adventure_id, user_id), Wake.RECHECK, user_id)

    def heard(self, payload: str) -> None:
        """A notification from PostgreSQL: `e:<adventure>:<event>`, `a:<adventure>` or
        `u:<user>`."""
        kind, _, rest = payload.partition(":")
        if kind == "e":
            adventure_id, _, event_id = rest.partition(":")
            self.deliver(int(adventure_id), int(event_id))
        elif kind == "a":
            self.recheck(adventure_id=int(rest))
        elif kind == "u":
            self.recheck(user_id=int(rest))

    async def _listen(self, listening: asyncio.Event) -> None:
        """Relay PostgreSQL notifications into this process's channel, reconnecting as needed
        (``listening`` set once the LISTEN is in place)."""
        import psycopg

        db = settings.DATABASES["default"]
        params = {
            "dbname": db["NAME"],
            "user": db["USER"] or None,
            "password": db["PASSWORD"] or None,
            "host": db["HOST"] or None,
            "port": db["PORT"] or None,
        }
        delay, lost = 0.5, False
        while True:
            try:
                async with await psycopg.AsyncConnection.connect(
                    autocommit=True, **{k: v for k, v in params.items() if v}
                ) as listener:
                    await listener.execute(f"LISTEN {NOTIFY_CHANNEL}")
                    delay = 0.5
                    # What was said while nobody listened: every stream looks it up (after a
                    # stream that could not wait for the first LISTEN read its catch-up too).
                    if lost or self._unheard:
                        self._unheard = False
                        _wake(self._matching(), Wake.CATCH_UP)
                    listening.set()
                    async for notify in listener.notifies():
                        self.heard(notify.payload)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.warning("Lost the LISTEN connection; retrying in %.1fs", delay, exc_info=True)
                lost = True
                await asyncio.sleep(delay)
                delay = min(delay * 2, 10)


channel = Channel()


def _notify(payload: str, local) -> None:
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            # NOTIFY is transactional: listeners hear it at commit, never for a rollback.
            cursor.execute("SELECT pg_notify(%s, %s)", [NOTIFY_CHANNEL, payload])
    else:
        transaction.on_commit(local)


# The events this process's actions wrote, as they wrote them, handed to the drawing of each
# (`handed`) so that it doesn't read back a row the action had in hand. Kept from commit until
# drawn; a drawing in another process, or after many more events, reads the row instead.
_handed: OrderedDict[int, TableEvent] = OrderedDict()
_handed_lock = threading.Lock()
HANDED = 256


def _hand(event: TableEvent) -> None:
    # Not the user who acted, as the action had it: the request's own lazy user, which holds
    # the whole request (its body, session, and a list for every address pattern tried). The
    # drawing never reads the actor; kept, it kept 256 requests alive in every process.
    actor = TableEvent._meta.get_field("actor")
    if actor.is_cached(event):
        actor.delete_cached_value(event)
    with _handed_lock:
        _handed[event.pk] = event
        while len(_handed) > HANDED:
            _handed.popitem(last=False)


def handed(event_id: int) -> TableEvent | None:
    """The event as the action that wrote it (in this process) had it, once: or None."""
    with _handed_lock:
        return _handed.pop(event_id, None)


def forget_handed() -> None:
    """Drop what was handed over and not drawn (a test whose database is rolled back: the ids
    come again; a real database never gives an id twice, a restore included)."""
    with _handed_lock:
        _handed.clear()


def publish(event: TableEvent) -> None:
    """Announce a table event once the transaction that wrote it commits, and hand the row
    over to its drawing. (On PostgreSQL a trigger on the event table says it: migration
    0004.)"""
    transaction.on_commit(lambda: _hand(event))
    if connection.vendor != "postgresql":
        adventure_id, event_id = event.adventure_id, event.pk
        transaction.on_commit(lambda: channel.deliver(adventure_id, event_id))


def recheck(*, adventure_id: int | None = None, user_id: int | None = None) -> None:
    """Once the change commits, the open streams of an Adventure (or of a user) ask again
    whether they may stay open: who may see a table has changed."""
    if adventure_id is not None:
        _notify(f"a:{adventure_id}", lambda: channel.recheck(adventure_id=adventure_id))
    elif user_id is not None:
        _notify(f"u:{user_id}", lambda: channel.recheck(user_id=user_id))


def user_changed(sender, instance, update_fields=None, **kwargs) -> None:
    """A user was saved (a new password, say): their streams check their seats. Logging in,
    which only stamps the time, changes nobody's seat."""
    if update_fields is None or set(update_fields) != {"last_login"}:
        recheck(user_id=instance.pk)


def session_ended(sender, instance, **kwargs) -> None:
    """A login session was deleted (a logout, or a new password moving the session to a new
    key): its user's streams check their seats, and those that held it close."""
    user_id = instance.get_decoded().get("_auth_user_id")
    if user_id and str(user_id).isdigit():
        recheck(user_id=int(user_id))
