"""Django's Redis cache, keeping one client per connection pool.

Django's ``RedisCacheClient`` builds a new ``redis.Redis`` object for every cache call, and
building one fills a table of some 250 response callbacks: about 70 µs, as much as the
command itself on loopback. Every move, bot run and notification kick makes a few cache
calls, so the client is kept instead. That is safe: a ``redis.Redis`` over a pool is
thread-safe, each thread has its own cache backend anyway (``django.core.cache.caches``), and
the pool reconnects after a fork.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django.core.cache.backends.redis import RedisCache as DjangoRedisCache
from django.core.cache.backends.redis import RedisCacheClient

if TYPE_CHECKING:
    import redis


class ReusingRedisCacheClient(RedisCacheClient):
    if TYPE_CHECKING:
        # The private parts of Django's client used here, which its stubs leave out.
        _client: type[redis.Redis]

        def _get_connection_pool_index(self, write: bool) -> int: ...
        def _get_connection_pool(self, write: bool) -> redis.ConnectionPool: ...

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._clients: dict[int, Any] = {}

    def get_client(self, key: Any = None, *, write: bool = False) -> Any:
        index = self._get_connection_pool_index(write)
        client = self._clients.get(index)
        if client is None:
            client = self._client(connection_pool=self._get_connection_pool(write))
            self._clients[index] = client
        return client


class RedisCache(DjangoRedisCache):
    def __init__(self, server: str | list[str], params: dict[str, Any]) -> None:
        super().__init__(server, params)
        self._class = ReusingRedisCacheClient
