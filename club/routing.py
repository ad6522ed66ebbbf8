"""Every websocket route of the site, gathered from the apps."""

from django.urls import path

from club.consumers import PingConsumer
from games.routing import websocket_urlpatterns as games_websockets

websocket_urlpatterns = [
    path("ws/ping/", PingConsumer.as_asgi()),
    *games_websockets,
]
