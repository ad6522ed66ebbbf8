"""The channel layer for production: channels-redis with a connection pool that waits.

channels-redis builds each host's pool with ``redis.asyncio.ConnectionPool.from_url``: at 100
connections (redis-py's default) it raises ``MaxConnectionsError`` instead of waiting, so a burst of
sockets connecting or closing at once lost ``group_add`` and ``group_discard`` calls (errors, and
stale group entries). Here every host gets a ``BlockingConnectionPool``: a call waits up to
``pool_timeout`` seconds for a free connection.

``group_send_many``: a table update goes to each player's own group, and channels-redis spends four
round trips to Redis on each ``group_send`` (expire the group, read it, expire each channel, the
Lua script that queues the message), much of the server's CPU per move. The same work for several
groups takes two round trips per host here.
"""

from __future__ import annotations

import collections
import logging
import time
from collections.abc import Sequence
from typing import Any

import redis.asyncio as redis
from channels_redis.core import RedisChannelLayer

logger = logging.getLogger("club.channel_layer")

#: channels-redis's group_send script, with each message's score passed in: messages queued in one
#: call keep their order (a score computed in Lua would be rounded to 14 digits).
_QUEUE_LUA = """
local n = #KEYS
local over_capacity = 0
for i=1,n do
    if redis.call('ZCOUNT', KEYS[i], '-inf', '+inf') < tonumber(ARGV[i + n]) then
        redis.call('ZADD', KEYS[i], ARGV[i + 2 * n], ARGV[i])
        redis.call('EXPIRE', KEYS[i], ARGV[3 * n + 1])
    else
        over_capacity = over_capacity + 1
    end
end
return over_capacity
"""


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

    async def group_send_many(self, messages: Sequence[tuple[str, dict[str, Any]]]) -> None:
        """``group_send(group, message)`` for each pair, in order: the same expiries, capacities and
        queued messages, in two round trips to Redis per host instead of four per group."""
        members: list[list[str]] = [[] for _ in messages]
        groups_on: dict[int, list[tuple[int, str]]] = collections.defaultdict(list)
        for position, (group, _message) in enumerate(messages):
            assert self.require_valid_group_name(group), "Group name not valid"
            groups_on[self.consistent_hash(group)].append((position, self._group_key(group)))
        horizon = int(time.time()) - self.group_expiry
        for index, keys in groups_on.items():
            pipe = self.connection(index).pipeline(transaction=False)
            for _position, key in keys:
                pipe.zremrangebyscore(key, min=0, max=horizon)
                pipe.zrange(key, 0, -1)
            found = await pipe.execute()
            for n, (position, _key) in enumerate(keys):
                members[position] = [name.decode("utf8") for name in found[2 * n + 1]]
        # (channel key, serialized message, capacity, group) per host, in the order of the messages
        queued: dict[int, list[tuple[str, bytes, int, str]]] = collections.defaultdict(list)
        for position, (group, message) in enumerate(messages):
            keys_on, serialized, capacity = self._map_channel_keys_to_connection(members[position], message)
            for index, keys in keys_on.items():
                queued[index].extend((key, serialized[key], capacity[key], group) for key in keys)
        for index, entries in queued.items():
            now = time.time()
            pipe = self.connection(index).pipeline(transaction=False)
            for key in dict.fromkeys(key for key, *_rest in entries):
                pipe.zremrangebyscore(key, min=0, max=int(now) - int(self.expiry))
            keys = [key for key, *_rest in entries]
            scores = [repr(now + n * 1e-6) for n in range(len(entries))]
            pipe.eval(
                _QUEUE_LUA,
                len(keys),
                *keys,
                *(data for _key, data, _capacity, _group in entries),
                *(capacity for _key, _data, capacity, _group in entries),
                *scores,
                self.expiry,
            )
            over_capacity = (await pipe.execute())[-1]
            if over_capacity > 0:
                logger.info(
                    "%s of %s channels over capacity in groups %s",
                    over_capacity,
                    len(entries),
                    sorted({group for *_rest, group in entries}),
                )
