"""Every websocket route of the site, gathered from the apps."""

from django.urls import path, re_path

from club.consumers import NoSuchSocket, PingConsumer
from games.routing import websocket_urlpatterns as games_websockets

websocket_urlpatterns = [
    path("ws/ping/", PingConsumer.as_asgi()),
    *games_websockets,
    re_path(r"(?s).*", NoSuchSocket.as_asgi()),  # last: any other path is refused, not a 500
]
