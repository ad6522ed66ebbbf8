"""The password-reset form, with a limit on the mail it sends for strangers.

Anyone may ask for a reset of any address, so without a limit the form mails a victim without end
and lets one client send mail in bulk through the site. An address gets at most
``RESET_MAILS_PER_ADDRESS`` mails an hour: past that the form answers exactly as before (it never
says whether an account exists) but sends nothing. A client network asking more than
``RESET_REQUESTS_PER_NETWORK`` times an hour is told to wait and nothing is sent.
"""

from __future__ import annotations

import hashlib
from datetime import timedelta

from django.conf import settings
from django.contrib.auth import views as auth_views
from django.contrib.auth.forms import PasswordResetForm
from django.http import HttpResponseRedirect
from django.utils import timezone, translation
from django.utils.translation import gettext_lazy as _

from .client_ip import client_ip, client_network
from .models import MailThrottle

WINDOW = timedelta(hours=1)
TOO_MANY = _("Too many password reset requests came from your network. Please try again in an hour.")


def _digest(value: str) -> str:
    return hashlib.sha256(f"{settings.SECRET_KEY}:{value}".encode()).hexdigest()


def _recent(kind: str, key: str) -> int:
    since = timezone.now() - WINDOW
    return MailThrottle.objects.filter(kind=kind, key=key, sent_at__gte=since).count()


class ReaderLanguageResetForm(PasswordResetForm):
    """The mail goes out in the language its reader chose in his profile: anyone may ask for a reset
    of any address, so the language of the page it was asked from says nothing about him (a player
    who has chosen none gets the language of the page, most often his own)."""

    def send_mail(self, *args, **kwargs) -> None:
        context = args[2] if len(args) > 2 else kwargs["context"]
        language = getattr(context.get("user"), "preferred_language", "")
        if not language:
            super().send_mail(*args, **kwargs)
            return
        with translation.override(language):
            super().send_mail(*args, **kwargs)


class ThrottledPasswordResetView(auth_views.PasswordResetView):
    form_class = ReaderLanguageResetForm

    def form_valid(self, form):
        client = getattr(self.request, "client_ip", None) or client_ip(self.request.META)
        network = _digest(client_network(client) or "-")
        if _recent("reset-network", network) >= settings.RESET_REQUESTS_PER_NETWORK:
            form.add_error(None, TOO_MANY)
            response = self.form_invalid(form)
            response.status_code = 429
            return response
        address = _digest(form.cleaned_data["email"].strip().casefold())
        now = timezone.now()
        MailThrottle.objects.filter(sent_at__lt=now - timedelta(days=1)).delete()
        MailThrottle.objects.create(kind="reset-network", key=network, sent_at=now)
        if _recent("reset-address", address) >= settings.RESET_MAILS_PER_ADDRESS:
            return HttpResponseRedirect(self.get_success_url())  # the same answer, no mail
        MailThrottle.objects.create(kind="reset-address", key=address, sent_at=now)
        return super().form_valid(form)


__all__ = ["ThrottledPasswordResetView"]
