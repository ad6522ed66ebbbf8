"""Every websocket route of the site, gathered from the apps."""

from django.urls import path

from club.consumers import PingConsumer

websocket_urlpatterns = [
    path("ws/ping/", PingConsumer.as_asgi()),
]
