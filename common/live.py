"""The live bus: short signals that something changed, from whichever process changed it to
every process that holds open streams (``games.web.live``).

A signal names its *topics* (``game:<id>``, ``chat:<id>``, ``user:<id>``), an event name and a
few ids and numbers; never a game's state. A page that hears one asks for its fragment again
through the ordinary authenticated view, so what it shows is redacted exactly as every view is.

Two transports, chosen by the settings, so that a signal crosses processes in production and
on a developer's machine alike (moves are made by web requests, by the Celery worker for bots
and deadlines, by email replies, by moderators in the admin):

* with ``REDIS_URL``: Redis publish/subscribe on one channel (``LIVE_CHANNEL``); every stream
  process holds one subscription and hands each signal to its own streams by topic.
* without: a Unix datagram socket (``LIVE_SOCKET``, under ``var/``) bound by the one ASGI
  process of ``make run``; a publisher with nobody listening loses the signal, as a Redis
  publish with no subscriber does.

Publishing never fails the caller: a signal is a hint (pages fall back to polling, and
refetch when their stream reconnects), so a broken bus is logged and forgotten.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import socket
import time
import weakref
from collections.abc import AsyncIterator, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from django.conf import settings

logger = logging.getLogger(__name__)

#: Signals a stream may have waiting before the oldest is dropped: each one only says
#: "ask again", so the newest is all a slow reader needs.
QUEUE_SIZE = 8
#: Pause before the subscriber tries Redis again after losing it (seconds).
RECONNECT_SECONDS = 1.0
#: The event every stream of a process gets when its subscriber lost signals (Redis came
#: back after an outage): its pages ask for everything again.
RESYNC = "resync"


@dataclass(frozen=True)
class Signal:
    """One signal as a stream hands it on: the event's name and its data (JSON text)."""

    event: str
    data: str


# --- publishing --------------------------------------------------------------------------

_redis_client: Any = None


def publish(topics: Iterable[str], event: str, data: dict[str, Any]) -> None:
    """Send ``event`` with ``data`` to the streams of ``topics``, now (callers publish once
    their transaction has committed: ``games.live``). ``data`` gets ``at``, the time it was
    sent (what the stream benchmark measures)."""
    publish_all([(topics, event, data)])


def publish_all(signals: Iterable[tuple[Iterable[str], str, dict[str, Any]]]) -> None:
    """``publish`` each of ``signals`` (topics, event, data), in that order; through Redis in
    one round trip (a pipeline), as a move tells its game's pages and its players' lists."""
    now = time.time()
    messages = [
        (
            list(topics),
            event,
            json.dumps(
                {"topics": list(topics), "event": event, "data": {**data, "at": now}},
                separators=(",", ":"),
            ).encode(),
        )
        for topics, event, data in ((list(t), e, d) for t, e, d in signals)
    ]
    if not messages:
        return
    try:
        if settings.REDIS_URL:
            pipeline = _redis().pipeline(transaction=False)
            for _topics, _event, message in messages:
                pipeline.publish(settings.LIVE_CHANNEL, message)
            pipeline.execute()
        else:
            for _topics, _event, message in messages:
                _send_datagram(message)
    except Exception:  # a hint lost: pages still poll or refetch on reconnect
        events = [(event, topics) for topics, event, _message in messages]
        logger.warning("live signals %s not sent", events, exc_info=True)


def _redis() -> Any:
    global _redis_client
    if _redis_client is None:
        import redis

        _redis_client = redis.Redis.from_url(
            settings.REDIS_URL, socket_timeout=1.0, socket_connect_timeout=1.0
        )
    return _redis_client


def _send_datagram(message: bytes) -> None:
    path = str(settings.LIVE_SOCKET)
    # FileNotFoundError, ConnectionRefusedError: no stream process runs, nobody to tell.
    with (
        socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as sender,
        contextlib.suppress(FileNotFoundError, ConnectionRefusedError),
    ):
        sender.sendto(message, path)


# --- receiving ---------------------------------------------------------------------------


class Hub:
    """The streams of one event loop (one ASGI process), with the one subscription that feeds
    them. Started by the first stream; it runs as long as the loop does."""

    def __init__(self) -> None:
        self._queues: dict[str, set[asyncio.Queue[Signal]]] = {}
        self._task: asyncio.Task[None] | None = None
        self.ready = asyncio.Event()

    @contextlib.asynccontextmanager
    async def subscribe(self, topics: Iterable[str]) -> AsyncIterator[asyncio.Queue[Signal]]:
        """A queue that gets the signals of ``topics`` while the block runs."""
        queue: asyncio.Queue[Signal] = asyncio.Queue(QUEUE_SIZE)
        names = set(topics)
        for topic in names:
            self._queues.setdefault(topic, set()).add(queue)
        if self._task is None or self._task.done():
            self._task = asyncio.get_running_loop().create_task(self._listen())
        try:
            yield queue
        finally:
            for topic in names:
                queues = self._queues.get(topic)
                if queues is not None:
                    queues.discard(queue)
                    if not queues:
                        del self._queues[topic]

    @property
    def streams(self) -> int:
        return len({id(queue) for queues in self._queues.values() for queue in queues})

    def dispatch(self, raw: bytes | str) -> None:
        """Hand one message of the bus to the streams of its topics."""
        try:
            message = json.loads(raw)
            signal = Signal(str(message["event"]), json.dumps(message["data"]))
            topics = [str(topic) for topic in message["topics"]]
        except (ValueError, KeyError, TypeError):
            logger.warning("live: a malformed message on the bus was dropped")
            return
        seen: set[int] = set()
        for topic in topics:
            for queue in self._queues.get(topic, ()):
                if id(queue) not in seen:
                    seen.add(id(queue))
                    _put_newest(queue, signal)

    def resync(self) -> None:
        """Tell every stream that signals may have been lost."""
        signal = Signal(RESYNC, "{}")
        for queue in {q for queues in self._queues.values() for q in queues}:
            _put_newest(queue, signal)

    async def _listen(self) -> None:
        if settings.REDIS_URL:
            await self._listen_redis()
        else:
            await self._listen_socket()

    async def _listen_redis(self) -> None:
        from redis.asyncio import Redis

        lost = False
        while True:
            client = Redis.from_url(settings.REDIS_URL)
            try:
                async with client.pubsub() as pubsub:
                    await pubsub.subscribe(settings.LIVE_CHANNEL)
                    self.ready.set()
                    if lost:
                        self.resync()
                    async for message in pubsub.listen():
                        if message.get("type") == "message":
                            self.dispatch(message["data"])
            except asyncio.CancelledError:
                raise
            except Exception:
                logger.warning("live: lost the Redis subscription; trying again", exc_info=True)
            finally:
                with contextlib.suppress(Exception):
                    await client.aclose()
            lost = True
            self.ready.clear()
            await asyncio.sleep(RECONNECT_SECONDS)

    async def _listen_socket(self) -> None:
        path = Path(settings.LIVE_SOCKET)
        path.parent.mkdir(parents=True, exist_ok=True)
        with contextlib.suppress(FileNotFoundError):
            path.unlink()  # left by an earlier run (or the dev server's previous reload)
        receiver = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        receiver.bind(str(path))
        receiver.setblocking(False)
        loop = asyncio.get_running_loop()
        self.ready.set()
        try:
            while True:
                self.dispatch(await loop.sock_recv(receiver, 65536))
        finally:
            receiver.close()
            with contextlib.suppress(FileNotFoundError):
                path.unlink()


def _put_newest(queue: asyncio.Queue[Signal], signal: Signal) -> None:
    if queue.full():
        with contextlib.suppress(asyncio.QueueEmpty):
            queue.get_nowait()
    queue.put_nowait(signal)


_hubs: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, Hub] = weakref.WeakKeyDictionary()


def hub() -> Hub:
    """The hub of the running event loop."""
    loop = asyncio.get_running_loop()
    found = _hubs.get(loop)
    if found is None:
        found = _hubs[loop] = Hub()
    return found
