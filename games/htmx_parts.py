"""Pages that answer htmx with a part of themselves at the same address (the history's next rows, a
replay's step, a game's how-to)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.utils.cache import patch_vary_headers


def htmx_part_wanted(request: HttpRequest) -> bool:
    """Does this request want a page's fragment? Not when htmx restores a page the back button
    went to that its history cache no longer holds (it keeps the last ten): it asks with HX-Request
    too, and puts the answer in place of the whole page, so a fragment left the page without the
    site's header, its menu or its links."""
    return bool(request.htmx) and not request.htmx.history_restore_request


def htmx_varied(response: HttpResponse) -> HttpResponse:
    """A fragment and the whole page share an address: without this, the browser's cache (or a
    proxy's) may answer the back button, or the address opened again, with the fragment htmx
    asked for."""
    patch_vary_headers(response, ("HX-Request", "HX-History-Restore-Request"))
    return response
