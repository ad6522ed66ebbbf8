"""ASGI entry point: HTTP through Django, websockets through Channels.

A websocket must come from the site's own origin (scheme, host and port; club.ws.origin_allowed) and
carries the Django session user; one with a NUL character in its path, query or headers is refused
before the session is read (club.ws.RejectNulSockets). An HTTP body over the site's limit is not
read past it (club.body_limit.BodyLimit).
"""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "club.settings")
# Django must be set up before anything imports models (the consumers do).
django_asgi_app = get_asgi_application()

from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402

from club.body_limit import BodyLimit  # noqa: E402
from club.routing import websocket_urlpatterns  # noqa: E402
from club.ws import RejectNulSockets, SiteOriginValidator, site_auth_stack  # noqa: E402
from games.ticker import ensure_ticker  # noqa: E402

application = ProtocolTypeRouter(
    {
        # A body too large is never read whole (club.body_limit).
        "http": BodyLimit(django_asgi_app),
        "websocket": SiteOriginValidator(RejectNulSockets(site_auth_stack(URLRouter(websocket_urlpatterns)))),
    }
)

# The table clock (turns, bots, deals, the schedule) runs in every server process that serves the site;
# its work is idempotent, so several processes, or Celery beside them, never do a thing twice.
ensure_ticker()
