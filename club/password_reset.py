"""The password-reset form, with a limit on the mail it sends for strangers.

Anyone may ask for a reset of any address, so without a limit the form mails a victim without end
and lets one client send mail in bulk through the site. An address gets at most
``RESET_MAILS_PER_ADDRESS`` mails an hour: past that the form answers exactly as before (it never
says whether an account exists) but sends nothing. A client network asking more than
``RESET_REQUESTS_PER_NETWORK`` times an hour is told to wait and nothing is sent.
"""

from __future__ import annotations

import hashlib
import logging
import threading
import time
from collections.abc import Iterator
from datetime import timedelta

from axes.models import AccessAttempt
from django.conf import settings
from django.contrib.auth import views as auth_views
from django.contrib.auth.forms import PasswordResetForm, _unicode_ci_compare
from django.core.mail import EmailMultiAlternatives
from django.db.models import Q
from django.http import HttpResponseRedirect
from django.template import loader
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.crypto import constant_time_compare
from django.utils.decorators import method_decorator
from django.utils.http import base36_to_int
from django.utils.translation import gettext_lazy as _
from django.views.decorators.cache import never_cache

from .client_ip import client_ip, client_network
from .confusables import username_forms
from .forms import ACCOUNT_SWITCHED_OFF, mailbox_key, mailbox_spellings
from .login_throttle import AXES_USERNAME_LENGTH
from .models import MailThrottle, User

logger = logging.getLogger("club.password_reset")

WINDOW = timedelta(hours=1)
TOO_MANY = _("Too many password reset requests came from your network. Please try again in an hour.")


def _digest(value: str) -> str:
    return hashlib.sha256(f"{settings.SECRET_KEY}:{value}".encode()).hexdigest()


def network_key(request) -> str:
    """The digest a request's client network (an IPv4 address, an IPv6 /64) is counted by."""
    client = getattr(request, "client_ip", None) or client_ip(request.META)
    return _digest(client_network(client) or "-")


def _recent(kind: str, key: str) -> int:
    since = timezone.now() - WINDOW
    return MailThrottle.objects.filter(kind=kind, key=key, sent_at__gte=since).count()


class ReaderLanguageResetForm(PasswordResetForm):
    """The mail goes out in the language its reader chose in his profile: anyone may ask for a reset
    of any address, so the language of the page it was asked from says nothing about him (a player
    who has chosen none gets the language of the page, most often his own)."""

    def get_users(self, email: str) -> Iterator[User]:
        # Addresses are stored composed (NFC, ``forms._EmailNotTaken``), older ones as they were
        # typed: looked up as typed, a player whose keyboard decomposes "ü" got no mail for his
        # account. Django's own comparison, which follows, already takes the spellings as one.
        # A domain in its own letters or in punycode is one too ("пример.рф", "xn--e1afmkfd.xn--p1ai").
        spellings = mailbox_spellings(email)
        found = Q()
        for spelling in spellings:
            found |= Q(email__iexact=spelling)
        users = User._default_manager.filter(found, is_active=True)
        return (
            u
            for u in users
            if u.has_usable_password() and any(_unicode_ci_compare(s, u.email) for s in spellings)
        )

    def send_mail(
        self,
        subject_template_name: str,
        email_template_name: str,
        context: dict,
        from_email: str | None,
        to_email: str,
        html_email_template_name: str | None = None,
    ) -> None:
        language = getattr(context.get("user"), "preferred_language", "") or translation.get_language()
        with translation.override(language):
            subject = "".join(loader.render_to_string(subject_template_name, context).splitlines())
            message = EmailMultiAlternatives(
                subject, loader.render_to_string(email_template_name, context), from_email, [to_email]
            )
            if html_email_template_name is not None:
                html = loader.render_to_string(html_email_template_name, context)
                message.attach_alternative(html, "text/html")
        user_pk = getattr(context.get("user"), "pk", None)
        if settings.RESET_MAIL_IN_BACKGROUND:
            # The page answers without waiting for the mail server: an address with an account was
            # answered as much later as the server took to take the mail (up to seconds over SMTP),
            # one without at once, so timing the page told what its words never say.
            threading.Thread(target=_deliver, args=(message, user_pk), daemon=True).start()
        else:
            _deliver(message, user_pk)


def _deliver(message: EmailMultiAlternatives, user_pk: object) -> None:
    try:
        message.send()
    except Exception:
        logger.exception("Failed to send password reset email to %s", user_pk)


@method_decorator(never_cache, name="dispatch")
class ThrottledPasswordResetView(auth_views.PasswordResetView):
    """Never stored, as the log-in page is not: Back on a shared computer showed the next person the
    address typed there (review 49's note)."""

    form_class = ReaderLanguageResetForm

    def form_valid(self, form):
        network = network_key(self.request)
        if _recent("reset-network", network) >= settings.RESET_REQUESTS_PER_NETWORK:
            form.add_error(None, TOO_MANY)
            response = self.form_invalid(form)
            response.status_code = 429
            return response
        # Counted per mailbox as the form finds it (``get_users``): a composed and a decomposed
        # spelling reach the same one, as do a domain's letters and its punycode, and counted apart
        # each had its own allowance.
        address = _digest(mailbox_key(form.cleaned_data["email"]))
        now = timezone.now()
        MailThrottle.objects.filter(sent_at__lt=now - timedelta(days=1)).delete()
        MailThrottle.objects.create(kind="reset-network", key=network, sent_at=now)
        if _recent("reset-address", address) >= settings.RESET_MAILS_PER_ADDRESS:
            return HttpResponseRedirect(self.get_success_url())  # the same answer, no mail
        MailThrottle.objects.create(kind="reset-address", key=address, sent_at=now)
        return super().form_valid(form)


#: How long after a reset the same new password sent again by the same session is said done.
RESET_SENT_AGAIN_SECONDS = 600
_RESET_DONE = "password_reset_done"


class UnlockingPasswordResetConfirmView(auth_views.PasswordResetConfirmView):
    """Django's, and the new password ends the lock-out of his name: the lock-out page sends a
    locked-out player here ("Forgot your password?"), and he was still refused, his new password
    and all, for the rest of the hour. The link proved the mailbox is his, and the guesses counted
    were at the password he has just replaced.

    An account the site's operators switched off takes no new password: the reset form mails it
    none, and a link mailed before the switch set its password anyway, the page saying "You can log
    in now" of an account the log-in refuses (review 104)."""

    switched_off: User | None = None

    def dispatch(self, *args, **kwargs):
        response = super().dispatch(*args, **kwargs)
        if self.request.method == "POST" and not self.validlink and self._sent_again(kwargs.get("uidb64")):
            return HttpResponseRedirect(reverse("password_reset_complete"))
        return response

    def _sent_again(self, uidb64: str | None) -> bool:
        """Did this session set this account's password to the one sent, moments ago, by this link?
        The same form sent again (a double click, a browser's retry) found the link used up and said
        so: the person read that his new password was not set (review 112). Asked only then, so the
        page tells nobody else whether a guess is the password."""
        done = self.request.session.get(_RESET_DONE)
        user = getattr(self, "user", None)
        if not (isinstance(done, list) and len(done) == 2 and done[0] == uidb64 and user is not None):
            return False
        when = done[1]
        if not isinstance(when, (int, float)) or not 0 <= time.time() - when <= RESET_SENT_AGAIN_SECONDS:
            return False
        new = self.request.POST.get("new_password1") or ""
        return bool(new) and new == self.request.POST.get("new_password2") and user.check_password(new)

    def get_user(self, uidb64):
        user = super().get_user(uidb64)
        if user is not None and not user.is_active:
            self.switched_off = user
            return None  # Django's dispatch: the link no longer works, for a GET and a POST alike
        return user

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        if not context.get("validlink") and self._true_link_of(self.switched_off):
            # Said to the holder of a true link only: a made-up one learns nothing of the account.
            context["switched_off"] = ACCOUNT_SWITCHED_OFF
        elif not context.get("validlink"):
            # Told apart from a link used already: a player whose mail sat for days was told his
            # link had possibly been used, and wondered who had used it.
            context["expired_days"] = self._expired_days()
        return context

    def _token(self) -> str:
        """The link's token: the address's, or the session's once the link has been opened."""
        token = self.kwargs.get("token") or ""
        if token == self.reset_url_token:
            token = self.request.session.get(auth_views.INTERNAL_RESET_SESSION_TOKEN) or ""
        return token

    def _true_link_of(self, user: User | None) -> bool:
        return user is not None and self.token_generator.check_token(user, self._token())

    def _expired_days(self) -> int | None:
        """The days a link lives, if this link is a true one that outlived them; else None."""
        token = self._token()
        user = getattr(self, "user", None)
        parts = token.split("-")
        if user is None or len(parts) != 2:
            return None
        try:
            stamp = base36_to_int(parts[0])
        except ValueError:
            return None
        maker = self.token_generator
        true = any(
            # Django's own check, less its clock: the hash binds the stamp to this account's password
            # and last log-in, so a used link (its password changed since) is not a true one.
            constant_time_compare(maker._make_token_with_timestamp(user, stamp, secret), token)
            for secret in [maker.secret, *maker.secret_fallbacks]
        )
        if not true or maker._num_seconds(maker._now()) - stamp <= settings.PASSWORD_RESET_TIMEOUT:
            return None
        return max(1, settings.PASSWORD_RESET_TIMEOUT // 86400)

    def form_valid(self, form):
        response = super().form_valid(form)
        # Counted by the name in small letters as read (``axes_username``), at every address: he may
        # have asked for the link on his phone and log in on his computer.
        username = form.user.get_username()
        names = {username, *(name[:AXES_USERNAME_LENGTH] for name in username_forms(username))}
        AccessAttempt.objects.filter(username__in=names).delete()
        self.request.session[_RESET_DONE] = [self.kwargs.get("uidb64"), time.time()]
        return response


def registrations_left(request) -> bool:
    """May this request's client network open another account this hour? Each account costs a
    password hash (about half a second of CPU) and a row, and nothing else limited them: one client
    opened accounts without end, each with its own socket and log-in allowances."""
    return _recent("register-network", network_key(request)) < settings.REGISTRATIONS_PER_NETWORK


def registration_count(request) -> None:
    """One account opened from this request's client network."""
    now = timezone.now()
    MailThrottle.objects.filter(sent_at__lt=now - timedelta(days=1)).delete()
    MailThrottle.objects.create(kind="register-network", key=network_key(request), sent_at=now)


TOO_MANY_TAKEN = _(
    "Too many tries with addresses of other accounts came from your network. Please try again in an hour."
)


def taken_answers_left(request) -> bool:
    """May this request's client network still be told that an address belongs to an account? The
    reset page never says so, but registration and the profile did, to anyone, without end: a list
    of addresses checked one by one against the site's accounts."""
    return _recent("email-taken", network_key(request)) < settings.EMAIL_TAKEN_ANSWERS_PER_NETWORK


def taken_answer_count(request) -> None:
    """One "this address is taken" answer given to this request's client network."""
    now = timezone.now()
    MailThrottle.objects.filter(sent_at__lt=now - timedelta(days=1)).delete()
    MailThrottle.objects.create(kind="email-taken", key=network_key(request), sent_at=now)


__all__ = [
    "TOO_MANY_TAKEN",
    "ThrottledPasswordResetView",
    "UnlockingPasswordResetConfirmView",
    "registration_count",
    "registrations_left",
    "taken_answer_count",
    "taken_answers_left",
]
