"""Signals other apps listen to, so the club app needs to know nothing about them.

``member_gone`` is sent, inside the transaction, when a member stops being an active member of a
club (banned, or left): the tables stand him up and close his sockets.
"""

from __future__ import annotations

from django.dispatch import Signal

#: Sent with ``membership`` (already saved with its new status) and ``reason`` ("banned" or "left").
member_gone = Signal()
