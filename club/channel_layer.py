"""The channel layer for production: channels-redis with a connection pool that waits.

channels-redis builds each host's pool with ``redis.asyncio.ConnectionPool.from_url``: at 100
connections (redis-py's default) it raises ``MaxConnectionsError`` instead of waiting, so a burst of
sockets connecting or closing at once lost ``group_add`` and ``group_discard`` calls (errors, and
stale group entries). Here every host gets a ``BlockingConnectionPool``: a call waits up to
``pool_timeout`` seconds for a free connection.
"""

from __future__ import annotations

from typing import Any

import redis.asyncio as redis
from channels_redis.core import RedisChannelLayer


class PooledRedisChannelLayer(RedisChannelLayer):
    def __init__(self, *, pool_max_connections: int = 200, pool_timeout: float = 20.0, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.pool_max_connections = pool_max_connections
        self.pool_timeout = pool_timeout

    def create_pool(self, index: int) -> redis.ConnectionPool:
        host = dict(self.hosts[index])
        if "master_name" in host:  # Sentinel: channels-redis's own pool
            return super().create_pool(index)
        options = {"max_connections": self.pool_max_connections, "timeout": self.pool_timeout}
        if "address" in host:
            return redis.BlockingConnectionPool.from_url(host.pop("address"), **host, **options)
        return redis.BlockingConnectionPool(**host, **options)
