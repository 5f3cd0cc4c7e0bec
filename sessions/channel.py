"""The live channel: after a table event commits, every open stream of its Adventure wakes.

One process: an in-memory channel (asyncio queues). PostgreSQL: NOTIFY inside the writing
transaction (so it fires only on commit) and one LISTEN connection per process, which feeds
the same in-memory channel. Only event ids travel; `sessions.live` turns them into messages.
"""

import asyncio
import logging
import threading
from collections import defaultdict

from django.conf import settings
from django.db import connection, transaction

from sessions.models import TableEvent

log = logging.getLogger(__name__)

NOTIFY_CHANNEL = "enigma_table"


class Subscriber:
    def __init__(self, adventure_id: int) -> None:
        self.adventure_id = adventure_id
        self.loop = asyncio.get_running_loop()
        self.queue: asyncio.Queue[int] = asyncio.Queue()


class Channel:
    """Per-process fan-out of event ids to the streams of one Adventure."""

    def __init__(self) -> None:
        self._subscribers: dict[int, set[Subscriber]] = defaultdict(set)
        self._lock = threading.Lock()
        self._listener: asyncio.Task | None = None

    def subscribe(self, adventure_id: int) -> Subscriber:
        subscriber = Subscriber(adventure_id)
        with self._lock:
            self._subscribers[adventure_id].add(subscriber)
        if connection.vendor == "postgresql" and self._listener is None:
            self._listener = asyncio.get_running_loop().create_task(self._listen())
        return subscriber

    def unsubscribe(self, subscriber: Subscriber) -> None:
        with self._lock:
            self._subscribers[subscriber.adventure_id].discard(subscriber)
            if not self._subscribers[subscriber.adventure_id]:
                del self._subscribers[subscriber.adventure_id]

    def listeners(self, adventure_id: int) -> int:
        with self._lock:
            return len(self._subscribers.get(adventure_id, ()))

    def deliver(self, adventure_id: int, event_id: int) -> None:
        """Wake every stream of the Adventure. Safe to call from any thread."""
        with self._lock:
            subscribers = list(self._subscribers.get(adventure_id, ()))
        for subscriber in subscribers:
            subscriber.loop.call_soon_threadsafe(subscriber.queue.put_nowait, event_id)

    async def _listen(self) -> None:
        """Relay PostgreSQL notifications into this process's channel, reconnecting as needed."""
        import psycopg

        db = settings.DATABASES["default"]
        params = {
            "dbname": db["NAME"],
            "user": db["USER"] or None,
            "password": db["PASSWORD"] or None,
            "host": db["HOST"] or None,
            "port": db["PORT"] or None,
        }
        delay = 0.5
        while True:
            try:
                async with await psycopg.AsyncConnection.connect(
                    autocommit=True, **{k: v for k, v in params.items() if v}
                ) as listener:
                    await listener.execute(f"LISTEN {NOTIFY_CHANNEL}")
                    delay = 0.5
                    async for notify in listener.notifies():
                        adventure_id, _, event_id = notify.payload.partition(":")
                        self.deliver(int(adventure_id), int(event_id))
            except asyncio.CancelledError:
                raise
            except Exception:
                log.warning("Lost the LISTEN connection; retrying in %.1fs", delay, exc_info=True)
                # Streams catch up from the log on their next heartbeat.
                await asyncio.sleep(delay)
                delay = min(delay * 2, 10)


channel = Channel()


def publish(event: TableEvent) -> None:
    """Announce a table event once the transaction that wrote it commits."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            # NOTIFY is transactional: listeners hear it at commit, never for a rollback.
            cursor.execute(
                "SELECT pg_notify(%s, %s)", [NOTIFY_CHANNEL, f"{event.adventure_id}:{event.pk}"]
            )
    else:
        transaction.on_commit(lambda: channel.deliver(event.adventure_id, event.pk))
