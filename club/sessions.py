"""``SESSION_ENGINE``: Django's database sessions, read with SQL compiled once per process.

Every page a member opens starts by reading his session row; the ORM compiled the same lookup to SQL
on every request, which cost more CPU than the database took to answer it. The row, its decoding and
what happens when it is missing or expired are Django's own.
"""

from __future__ import annotations

from datetime import datetime
from functools import partial
from typing import Any

from django.contrib.auth import HASH_SESSION_KEY, SESSION_KEY
from django.contrib.auth.signals import user_logged_out
from django.contrib.sessions.backends import db
from django.contrib.sessions.models import Session
from django.db import transaction
from django.dispatch import receiver
from django.utils import timezone
from django.utils.crypto import constant_time_compare

from games.prepared import Prepared, first_of

from .signals import login_ended

_SESSION = Prepared(lambda key: first_of(Session.objects.filter(session_key=key)))


class SessionStore(db.SessionStore):
    def _get_session_from_db(self) -> Session | None:
        key = self.session_key
        if not isinstance(key, str):
            return super()._get_session_from_db()
        row = _SESSION.first(key)
        # The expiry is compared here rather than in the SQL (whose "now" would be a parameter the
        # compiled plan can't take): an expired row is as absent as a missing one, as in Django's.
        if row is None or row.expire_date <= timezone.now():
            self._session_key = None
            return None
        return row

    def flush(self) -> None:
        """Django's, and the login it held ends for the live sockets opened under it
        (``login_ended``). A log-out flushes the session, and so does a log-in as someone else in
        the same browser (the admin's log-in page offers one to a member logged in on the site):
        the old key was gone, no one was told, and a table tab's socket went on acting as the
        member the cookie no longer named until his login ran out, two weeks on."""
        key, user_id = self.session_key, self.get(SESSION_KEY)
        told = self.get(HASH_SESSION_KEY)
        # Django's logout says so (``user_logged_out``, marked below) before it flushes; its login
        # as someone else flushes unannounced. His table tab was told "You logged out" either way.
        logged_out = getattr(self, "logging_out", False)
        changed = user_id is not None and not logged_out and _password_changed_of(user_id, told)
        if changed and getattr(self, "read_by_socket", False):
            # A socket (``club.ws.SiteAuthMiddleware``) found the login a password change ended: it is
            # emptied here, its row left for the browser's next page, which empties it as Django does
            # and whose log-in page says why. Deleted by the first socket, the browser's other table
            # tabs, and its log-in page, found no session and said "You logged out" (review 137). The
            # change itself told his sockets (``User.save``).
            self.clear()
            self._session_key = None
            return
        super().flush()
        if changed:
            # Django empties a session whose login a password change ended (``get_user``): the log-in
            # page he is sent to says why (review 135: it said nothing, and he typed the old one).
            self[PASSWORD_CHANGED_MARK] = True
        if key and user_id is not None:
            ended = partial(
                login_ended.send,
                sender=type(self),
                user_id=int(user_id),
                session_key=key,
                logged_out=logged_out,
            )
            transaction.on_commit(ended)


#: Left in the session a password change elsewhere emptied, for the log-in page to say so.
PASSWORD_CHANGED_MARK = "khrap_password_changed"


def _password_changed_of(user_id: Any, told: Any) -> bool:
    from django.contrib.auth import get_user_model
    from django.core.exceptions import ValidationError

    users = get_user_model()
    try:
        user = users._default_manager.filter(pk=users._meta.pk.to_python(user_id)).first()
    except (ValueError, ValidationError):
        return False
    return user is not None and password_changed_since(user, told)


@receiver(user_logged_out, dispatch_uid="club_session_logging_out")
def _logging_out(sender: Any, request: Any, **kwargs: Any) -> None:
    session = getattr(request, "session", None)
    if session is not None:
        session.logging_out = True


def login_current_until(session_key: str, user: Any) -> datetime | None:
    """When the login of ``session_key`` ends, if it is still a login of ``user`` as he is now (read
    fresh: his password, or the account switched off, unchanged since he logged in), as Django's
    ``get_user`` checks a page's; ``None`` otherwise. A socket checks it once it has joined the group
    that is told of a password change: one that changed while the socket was connecting was told to
    nobody, and the row of the old login (still there, unexpired) kept it going."""
    row = _SESSION.first(session_key)
    if row is None or row.expire_date <= timezone.now() or not getattr(user, "is_active", False):
        return None
    data = SessionStore().decode(row.session_data)
    if str(data.get(SESSION_KEY, "")) != str(user.pk):
        return None
    told = data.get(HASH_SESSION_KEY) or ""
    hashes = [user.get_session_auth_hash(), *user.get_session_auth_fallback_hash()]
    if not told or not any(constant_time_compare(told, good) for good in hashes):
        return None
    return row.expire_date


def password_changed_since(user: Any, told: Any) -> bool:
    """Did a login that told ``told`` (its session's hash) end because ``user``'s password changed
    since? His account is on and the hash is none of his password's now. A log-out leaves no login
    to ask about, and an account switched off is none of this."""
    if not told or not isinstance(told, str) or not getattr(user, "is_active", False):
        return False
    hashes = [user.get_session_auth_hash(), *user.get_session_auth_fallback_hash()]
    return not any(constant_time_compare(told, good) for good in hashes)


def login_end_reason(session_key: Any, user: Any) -> str:
    """Why the login of ``session_key`` no longer holds for ``user`` (read fresh), as a table error's
    code: "password_changed" when his password changed since it began (on his phone, by a reset, by
    someone else), "logged_out" otherwise. Told "You logged out", he had logged out of nothing and
    was not told that his password had changed (review 135). "switched_off" when the site's
    operators switched his account off (its sessions are gone then)."""
    if user is not None and getattr(user, "pk", None) is not None:
        # Read again: the caller read him before the login's row, and an account switched off between
        # the two (its sessions deleted with it) read as on, its login as a log-out (review 137).
        from django.contrib.auth import get_user_model

        user = get_user_model()._default_manager.filter(pk=user.pk).first() or user
    if user is not None and getattr(user, "pk", None) is not None and not getattr(user, "is_active", True):
        return "switched_off"
    row = _SESSION.first(session_key) if isinstance(session_key, str) else None
    if row is None or row.expire_date <= timezone.now():
        return "logged_out"
    data = SessionStore().decode(row.session_data)
    if str(data.get(SESSION_KEY, "")) != str(getattr(user, "pk", "")):
        return "logged_out"
    return "password_changed" if password_changed_since(user, data.get(HASH_SESSION_KEY)) else "logged_out"


def sessions_end(user_id: int) -> int:
    """Delete every unexpired session of ``user_id``; returns how many. For an account switched off:
    its sessions were refused while it was off and came back with it, a thief's among them. The
    rows are read and decoded one by one (a session names its user only inside its data): an
    account is switched off seldom."""
    store = SessionStore()
    keys = []
    rows = Session.objects.filter(expire_date__gt=timezone.now()).values_list("session_key", "session_data")
    for key, data in rows.iterator(chunk_size=2000):
        if str(store.decode(data).get(SESSION_KEY, "")) == str(user_id):
            keys.append(key)
    for start in range(0, len(keys), 1000):
        Session.objects.filter(session_key__in=keys[start : start + 1000]).delete()
    return len(keys)
