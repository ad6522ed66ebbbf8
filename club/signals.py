"""Signals other apps listen to, so the club app needs to know nothing about them.

``member_gone`` is sent, inside the transaction, when a member stops being an active member of a
club (banned, or left): the tables stand him up and close his sockets.

``login_ended`` is sent, after the commit, when a user's logins stop being what they were: a session
that held his login was emptied (``session_key``: he logged out, or logged in as someone else in the
same browser), or his password changed or his account was switched off
(``session_key`` None: every session). Live sockets opened under those logins close.

``member_role_changed`` is sent, inside the transaction, when a member's role changes (promoted,
demoted, the club handed over): the tables he sits at and his own sockets draw it at once.

``account_switched_off`` is sent, inside the transaction, when a user's account is switched off
(``is_active`` cleared): he leaves the tables of his clubs, his memberships and chips stay.
"""

from __future__ import annotations

from django.dispatch import Signal

#: Sent with ``membership`` (already saved with its new status) and ``reason`` ("banned" or "left").
member_gone = Signal()

#: Sent with ``user_id`` and ``session_key`` (the session that ended, or None for all of them); with
#: a session, ``logged_out`` says whether he logged out (else someone logged in over it).
login_ended = Signal()

#: Sent with ``membership`` (already saved with its new role).
member_role_changed = Signal()

#: Sent with ``user`` (already saved inactive).
account_switched_off = Signal()
