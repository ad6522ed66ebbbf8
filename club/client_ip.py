"""The address of the client, seen through the site's own reverse proxies.

Each proxy appends the address it received the request from to ``X-Forwarded-For``. With
``TRUSTED_PROXY_COUNT`` proxies in front of daphne, the right-most that many entries were written by
them, and the first of those is the client as the outermost proxy saw it. Anything to its left was
sent by the client and is ignored: a client who rotates the header changes nothing. With no proxy
(the count is 0) the header is ignored altogether and the peer address is the client.

daphne must run without ``--proxy-headers``: that flag makes daphne take the *left-most*
``X-Forwarded-For`` entry, the one the client wrote, as the peer address, and the real peer is lost.
django-axes asks ``axes_client_ip`` (settings.AXES_CLIENT_IP_CALLABLE) for the address it counts
failed logins by.
"""

from __future__ import annotations

import ipaddress
from collections.abc import Callable, Mapping
from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse


def _address(hop: str) -> str | None:
    """An IP address from one X-Forwarded-For entry ("203.0.113.7", "[2001:db8::1]:443", ...)."""
    hop = hop.strip()
    if hop.startswith("["):  # [IPv6]:port
        hop = hop[1:].split("]", 1)[0]
    elif hop.count(":") == 1:  # IPv4:port
        hop = hop.split(":", 1)[0]
    try:
        return str(ipaddress.ip_address(hop))
    except ValueError:
        return None


def client_ip(meta: Mapping[str, Any], proxy_count: int | None = None) -> str | None:
    """The client's address from a request's META: the right-most hop not written by the client."""
    peer = meta.get("REMOTE_ADDR")
    count = settings.TRUSTED_PROXY_COUNT if proxy_count is None else proxy_count
    if count <= 0:
        return peer
    hops = [hop for hop in str(meta.get("HTTP_X_FORWARDED_FOR", "")).split(",") if hop.strip()]
    if not hops:
        return peer  # the proxy did not say: the proxy's own address is all there is
    chosen = hops[-count] if len(hops) >= count else hops[0]
    return _address(chosen) or peer


def client_network(address: str | None) -> str | None:
    """What one client is counted as: an IPv4 address, or the first address of an IPv6 /64 (a
    single home or server holds a whole /64 and could take a fresh address for every attempt)."""
    if address and ":" in address:
        try:
            parsed = ipaddress.IPv6Address(address)
        except ValueError:
            return address
        if parsed.ipv4_mapped is not None:
            # A dual-stack socket (daphne bound to "::", a proxy listening on [::]) writes an IPv4
            # client as ::ffff:a.b.c.d, and the /64 of every such address is "::": each IPv4 client
            # was counted as one client, so five wrong passwords locked a name for all of them.
            return str(parsed.ipv4_mapped)
        try:
            return str(ipaddress.ip_network(f"{address}/64", strict=False).network_address)
        except ValueError:
            return address
    return address


def axes_client_ip(request: HttpRequest) -> str | None:
    """settings.AXES_CLIENT_IP_CALLABLE: the client ClientAddressMiddleware found, by its network."""
    found = getattr(request, "client_ip", None)
    return client_network(found if found is not None else client_ip(request.META))


class ClientAddressMiddleware:
    """Put the client's address in ``request.client_ip`` and ``REMOTE_ADDR`` (the proxy's own address
    is kept in ``META["KHRAP_PEER_ADDR"]``), so logs and throttling see one address."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        address = client_ip(request.META)
        request.META["KHRAP_PEER_ADDR"] = request.META.get("REMOTE_ADDR")
        if address:
            request.META["REMOTE_ADDR"] = address
        request.client_ip = address
        return self.get_response(request)
