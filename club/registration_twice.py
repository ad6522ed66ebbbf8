"""The registration form sent twice (a double click on "Register", a browser retry).

The browser shows the answer to the second copy, which found the username and the address taken
by the first: "A user with that username already exists.", not logged in, though his account was
open (review 29). The same form again within ``SAME_FORM_WITHIN`` of the account's opening, with
the same username, address and password, is taken for what it is: the person is logged in, as the
first copy would have done. Knowing all three, he could have logged in anyway. The password is
asked as a log-in asks it (``password_confirmed``): checked by itself, a name django-axes had locked
out still logged in here, and wrong guesses sent through this form in its first minute were never
counted (review 121).
"""

from __future__ import annotations

import unicodedata
from datetime import timedelta

from django.http import HttpRequest
from django.utils import timezone

from .confusables import LONGEST_TYPED_USERNAME
from .login_throttle import password_confirmed
from .models import User

SAME_FORM_WITHIN = timedelta(minutes=1)


def account_opened_by_this_form(request: HttpRequest) -> User | None:
    """The account the same registration form opened a moment ago, or None."""
    # As the form reads it (Django's ``UsernameField``: stripped, then NFKC): a phone's keyboard ends a
    # completed word with a space, the first copy opened "newbie", and "newbie " found no account.
    typed = request.POST.get("username") or ""
    if len(typed) > LONGEST_TYPED_USERNAME:
        return None  # nobody's name (the form refused it unread): not normalised nor looked up
    username = User.normalize_username(typed.strip())
    # Composed, as the first copy stored it (``forms._EmailNotTaken``): typed decomposed, the second
    # copy found no account and was refused as a stranger's.
    email = unicodedata.normalize("NFC", (request.POST.get("email") or "").strip())
    password = request.POST.get("password1") or ""
    if not (username and email and password) or password != request.POST.get("password2"):
        return None
    user = User.objects.filter(
        username=username,
        email__iexact=email,
        is_active=True,
        date_joined__gte=timezone.now() - SAME_FORM_WITHIN,
    ).first()
    if user is None or not password_confirmed(request, user, password):
        return None
    return user
