"""``/metrics`` for Prometheus: the processes' counters and the service's gauges.

What is served:

* the counters and histograms of the apps (``games.metrics``, ``notifications.metrics``) and
  of this module (requests by view), from every process of this container: with
  ``PROMETHEUS_MULTIPROC_DIR`` set (docker-compose does), prometheus-client writes each
  process's values to files there and ``MultiProcessCollector`` adds them up; without it
  (``make run``, tests) the one process's own values, with its CPU and memory;
* gauges read at scrape time: the outbox (``notifications.metrics.OutboxCollector``) and the
  length of the Celery queues (``CeleryQueueCollector``).

Not public. ``METRICS_TOKEN`` must be set, and a scrape must send it as
``Authorization: Bearer <token>``; without the setting ``/metrics`` answers 404 (off), with a
wrong or missing token 403. The proxy (docs/nginx.conf) also refuses ``/metrics`` from
outside: Prometheus scrapes the web containers on the internal network
(``MetricsMiddleware`` answers it before anything else runs). A Celery worker
serves its own processes' counters the same way on ``METRICS_PORT`` (``serve_worker_metrics``).
"""

from __future__ import annotations

import hmac
import logging
import os
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any
from wsgiref.simple_server import WSGIRequestHandler, WSGIServer, make_server

import redis
from django.conf import settings
from django.http import (
    HttpRequest,
    HttpResponse,
    HttpResponseNotAllowed,
    HttpResponseNotFound,
)
from prometheus_client import (
    CONTENT_TYPE_LATEST,
    REGISTRY,
    CollectorRegistry,
    Counter,
    Histogram,
    generate_latest,
    multiprocess,
)
from prometheus_client.core import GaugeMetricFamily
from prometheus_client.registry import Collector

from notifications.metrics import OutboxCollector

logger = logging.getLogger(__name__)

METRICS_PATH = "/metrics"

REQUESTS = Counter(
    "gwt_http_responses", "Responses of the web processes, by status class.", ["status"]
)
REQUEST_SECONDS = Histogram(
    "gwt_http_request_seconds",
    "Time to answer a request, by view (the URL pattern's name).",
    ["view"],
    buckets=(0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 10.0),
)
# One child per status class, made once: labels() on every request costs a lock and a lookup.
_STATUS = {n: REQUESTS.labels(status=f"{n}xx") for n in range(1, 6)}

# Celery's Redis transport keeps a queue's messages of priority p > 0 in a list of its own
# named queue + "\x06\x16" + p (kombu.transport.redis, priority_steps 0, 3, 6, 9).
_PRIORITY_SUFFIXES = ("", "\x06\x163", "\x06\x166", "\x06\x169")


def multiprocess_dir() -> str:
    return os.environ.get("PROMETHEUS_MULTIPROC_DIR", "")


def process_registry() -> CollectorRegistry:
    """The counters of every process of this container, or this process's own."""
    if not multiprocess_dir():
        return REGISTRY
    registry = CollectorRegistry()
    multiprocess.MultiProcessCollector(registry)  # type: ignore[no-untyped-call]
    return registry


class CeleryQueueCollector(Collector):
    """``gwt_celery_queue_length{queue}``: tasks waiting in the broker (not yet taken by a
    worker), for the queues the service uses."""

    def collect(self) -> Iterator[GaugeMetricFamily]:
        family = GaugeMetricFamily(
            "gwt_celery_queue_length", "Tasks waiting in the broker's queue.", labels=["queue"]
        )
        for queue, length in queue_lengths().items():
            family.add_metric([queue], length)
        yield family


def queue_names() -> list[str]:
    return sorted({"celery", settings.NOTIFICATIONS_QUEUE})


def queue_lengths() -> dict[str, int]:
    """Each queue's length, read from the broker (Redis) or its folder (filesystem)."""
    url: str = settings.CELERY_BROKER_URL
    if url.startswith(("redis://", "rediss://")):
        client = redis.Redis.from_url(url, socket_connect_timeout=2, socket_timeout=2)
        try:
            pipe = client.pipeline()
            for queue in queue_names():
                for suffix in _PRIORITY_SUFFIXES:
                    pipe.llen(queue + suffix)
            counts = pipe.execute()
        finally:
            client.close()
        per_queue = len(_PRIORITY_SUFFIXES)
        return {
            queue: sum(counts[i * per_queue : (i + 1) * per_queue])
            for i, queue in enumerate(queue_names())
        }
    if url.startswith("filesystem://"):
        # One file per message, named <time>_<uuid>.<queue>.msg.
        folder = Path(str(settings.CELERY_BROKER_TRANSPORT_OPTIONS["data_folder_in"]))
        lengths = dict.fromkeys(queue_names(), 0)
        for entry in folder.glob("*.msg"):
            queue = entry.name.removesuffix(".msg").split(".", 1)[-1]
            if queue in lengths:
                lengths[queue] += 1
        return lengths
    return {}


class ServiceCollector(Collector):
    """The gauges read at scrape time; one failing source does not hide the others."""

    def __init__(self, parts: Iterable[Collector]) -> None:
        self.parts = list(parts)

    def collect(self) -> Iterator[Any]:
        for part in self.parts:
            try:
                yield from part.collect()
            except Exception:
                logger.warning("metrics: %s failed", type(part).__name__, exc_info=True)
                SCRAPE_ERRORS.labels(source=type(part).__name__).inc()


SCRAPE_ERRORS = Counter(
    "gwt_metrics_source_errors", "Gauge sources that failed during a scrape.", ["source"]
)

SERVICE_REGISTRY = CollectorRegistry(auto_describe=False)
SERVICE_REGISTRY.register(ServiceCollector([OutboxCollector(), CeleryQueueCollector()]))


def exposition(*, service_gauges: bool) -> bytes:
    """The text a scrape gets."""
    text = generate_latest(process_registry())
    if service_gauges:
        text += generate_latest(SERVICE_REGISTRY)
    return text


def token_allows(authorization: str) -> bool:
    """Whether an ``Authorization`` header carries METRICS_TOKEN (compared in constant time)."""
    token: str = settings.METRICS_TOKEN
    scheme, _, given = authorization.partition(" ")
    return bool(token) and scheme.lower() == "bearer" and hmac.compare_digest(given.strip(), token)


def metrics_response(request: HttpRequest) -> HttpResponse:
    """What ``GET /metrics`` answers (see the module docstring)."""
    if not settings.METRICS_TOKEN:
        return HttpResponseNotFound("metrics are off\n", content_type="text/plain")
    if request.method not in {"GET", "HEAD"}:
        return HttpResponseNotAllowed(["GET", "HEAD"])
    if not token_allows(request.headers.get("Authorization", "")):
        return HttpResponse("forbidden\n", status=403, content_type="text/plain")
    response = HttpResponse(exposition(service_gauges=True), content_type=CONTENT_TYPE_LATEST)
    response["Cache-Control"] = "no-store"
    return response


class MetricsMiddleware:
    """Serves ``/metrics``, and counts and times every other response (a few microseconds).

    First in MIDDLEWARE: Prometheus scrapes each web container by its address on the
    internal network, which is not among ALLOWED_HOSTS, and needs no session, user or CSRF
    token; the bearer token is what admits it.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if request.path_info == METRICS_PATH:
            return metrics_response(request)
        started = time.perf_counter()
        response = self.get_response(request)
        match = request.resolver_match
        view = (match.view_name or "unnamed") if match is not None else "unresolved"
        REQUEST_SECONDS.labels(view=view).observe(time.perf_counter() - started)
        status = _STATUS.get(response.status_code // 100)
        if status is not None:
            status.inc()
        return response


# --- a Celery worker's own /metrics ----------------------------------------------------------


class _QuietHandler(WSGIRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


def worker_metrics_app(environ: dict[str, Any], start_response: Callable[..., Any]) -> list[bytes]:
    """A WSGI app answering as ``metrics_view`` does, for the worker's processes."""
    if not settings.METRICS_TOKEN:
        start_response("404 Not Found", [("Content-Type", "text/plain")])
        return [b"metrics are off\n"]
    if not token_allows(environ.get("HTTP_AUTHORIZATION", "")):
        start_response("403 Forbidden", [("Content-Type", "text/plain")])
        return [b"forbidden\n"]
    start_response("200 OK", [("Content-Type", CONTENT_TYPE_LATEST)])
    return [exposition(service_gauges=False)]


def serve_worker_metrics(port: int, addr: str = "0.0.0.0") -> WSGIServer:
    """Serve ``worker_metrics_app`` on ``port`` from a daemon thread (the worker's main
    process; its pool processes write their values to PROMETHEUS_MULTIPROC_DIR)."""
    server = make_server(addr, port, worker_metrics_app, handler_class=_QuietHandler)
    threading.Thread(target=server.serve_forever, name="metrics", daemon=True).start()
    return server
