"""Forms for the accounts and club pages. They check shapes; the rules live in club/services.py."""

from __future__ import annotations

import json
import unicodedata
import uuid
import zoneinfo
from functools import cache
from typing import Any

from django import forms
from django.conf import settings
from django.contrib.auth.forms import AuthenticationForm, PasswordChangeForm, UserCreationForm
from django.db.models import Q, QuerySet
from django.http import HttpRequest
from django.utils.translation import gettext_lazy as _

from .auth_backends import SWITCHED_OFF_PASSWORD
from .fields import BoundedUsernameField, WallClockField, WholeNumberField
from .login_throttle import password_confirmed
from .models import Club, Membership, User, validate_visible_text
from .password_change import change_sent_again


@cache
def _time_zone_choices() -> list[tuple[str, str]]:
    names = sorted(
        tz for tz in zoneinfo.available_timezones() if "/" in tz and not tz.startswith(("Etc/", "SystemV/"))
    )
    return [("UTC", "UTC"), *((tz, tz.replace("_", " ")) for tz in names)]


EMAIL_TAKEN = _("Another account already uses this email address.")


def _domain_forms(domain: str) -> list[str]:
    """A mail domain as its owner types it ("пример.рф") and as the mail system writes it
    ("xn--e1afmkfd.xn--p1ai"): one domain. Each label in small letters is punycode-encoded as
    it is: IDNA 2003's mapping (Python's "idna" codec) folds "ß" to "ss", and "straße.de" is
    another domain than "strasse.de". A domain that will not convert is only itself."""
    try:
        ascii_labels = [
            label
            if label.isascii()
            else "xn--" + unicodedata.normalize("NFC", label.lower()).encode("punycode").decode("ascii")
            for label in domain.split(".")
        ]
        own_labels = [
            label[4:].encode("ascii").decode("punycode") if label.lower().startswith("xn--") else label
            for label in ascii_labels
        ]
    except (UnicodeError, ValueError):
        return []
    return [".".join(ascii_labels), ".".join(own_labels)]


def mailbox_spellings(email: str) -> set[str]:
    """The spellings of one mailbox, each to be compared in any case: composed and decomposed ("é"
    typed as one character or as "e" and an accent), and its domain in its own letters or in
    punycode. Two accounts were opened on "vera@пример.рф" and "vera@xn--e1afmkfd.xn--p1ai", and
    a reset asked in the other spelling mailed nothing."""
    composed = unicodedata.normalize("NFC", (email or "").strip())
    local, at, domain = composed.rpartition("@")
    spellings = {composed}
    if at:
        spellings.update(f"{local}@{other}" for other in _domain_forms(domain))
    return spellings | {unicodedata.normalize("NFD", spelling) for spelling in spellings}


def mailbox_key(email: str) -> str:
    """One text for every spelling of a mailbox (``mailbox_spellings``), in small letters: what a
    limit per address counts."""
    composed = unicodedata.normalize("NFKC", (email or "").strip())
    local, at, domain = composed.rpartition("@")
    if at and (forms := _domain_forms(domain)):
        composed = f"{local}@{forms[0]}"
    return composed.casefold()


class _EmailNotTaken:
    def clean_email(self) -> str:
        # One spelling of a mailbox: "é" typed as one character or as "e" and an accent is one
        # address to a mail server and to the reset form (Django's compares them as equal), and
        # made two accounts; so is a domain in its letters or in punycode. Stored as NFC; an older
        # account's other spelling still counts.
        email = unicodedata.normalize("NFC", (self.cleaned_data.get("email") or "").strip())
        taken = Q()
        for spelling in mailbox_spellings(email):
            taken |= Q(email__iexact=spelling)
        others = User.objects.filter(taken)
        if self.instance.pk:
            others = others.exclude(pk=self.instance.pk)
        if email and others.exists():
            raise forms.ValidationError(EMAIL_TAKEN, code="email_taken")
        return email


class RegisterForm(_EmailNotTaken, UserCreationForm):
    email = forms.EmailField(
        label=_("Email"), help_text=_("Only used to reset your password."), max_length=254
    )
    display_name = forms.CharField(
        label=_("Display name"),
        max_length=60,
        required=False,
        help_text=_("The name other players see. Leave empty to use your username."),
    )

    class Meta(UserCreationForm.Meta):
        model = User
        fields = ("username", "email", "display_name")
        field_classes = {"username": BoundedUsernameField}


def same_address(typed: str, stored: str) -> bool:
    """Is ``typed`` the mailbox ``stored`` names? A change of case alone keeps the mailbox; casefold()
    would also take "straße.de" (another domain) for "strasse.de", and a long "ſ" for "s". Compared
    composed: an address stored decomposed before review 65 is shown so and sent back so, read
    composed by the form, and was taken for a new address that needs the password."""
    typed, stored = (unicodedata.normalize("NFC", text) for text in (typed, stored))
    return typed == stored or (typed.isascii() and stored.isascii() and typed.lower() == stored.lower())


CHANGED_MEANWHILE = _(
    "This was changed meanwhile: it is now “%(value)s”. Nothing was saved: read the page again."
)


class ChoicesOpenedWithInput(forms.MultipleHiddenInput):
    """The choices of a list field (a person's groups) as its page was opened, after an empty marker:
    a page opened with none chosen sends the marker alone, and so says "none" rather than nothing."""

    def format_value(self, value: Any) -> list[Any]:
        return ["", *super().format_value(value)]

    def value_from_datadict(self, data: Any, files: Any, name: str) -> Any:
        values = super().value_from_datadict(data, files, name)
        return [value for value in values if value != ""] if isinstance(values, list) else values


class KeptIfUntouched:
    """A form of a person's own fields (his profile, an operator's change page of him) sends every
    field back as it was when its page was opened. The page carries what ``KEPT_IF_UNTOUCHED`` were
    opened with (Django's hidden "initial-" inputs): one its sender left as he found it keeps what is
    stored now, and one changed on both sides is refused, saying what it is now (review 99: a page
    left open put back an address, a name or a language changed meanwhile, in another tab or by the
    site's operators). A page sent without them is written as sent, as before. A list of rows (a
    person's groups) is kept the same way (review 113)."""

    KEPT_IF_UNTOUCHED: tuple[str, ...] = ("email", "display_name", "preferred_language", "time_zone")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._carry_what_was_opened()

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        self._kept_if_untouched(cleaned)
        return cleaned

    def _carry_what_was_opened(self) -> None:
        if self.instance.pk is None:
            return
        kept = []
        for name in self.KEPT_IF_UNTOUCHED:
            if name in self.fields:
                field = self.fields[name]
                field.show_hidden_initial = True
                if isinstance(field, forms.ModelMultipleChoiceField):
                    field.hidden_widget = ChoicesOpenedWithInput
                if self.is_bound and self.data.get(self[name].html_initial_name) is not None:
                    kept.append(name)
                elif self.is_bound:
                    # Sent without it: what changed is counted against what is stored, as Django
                    # counts it (against a missing "initial-" every field but an empty one read as
                    # changed, and the history named fields nobody touched).
                    field.show_hidden_initial = False
        # A field left as found is read, and checked, as what is stored: checked as sent, the old
        # address of a stale tab was refused as another account's, or counted as an address check
        # (review 100), though it was not to be written.
        untouched = [name for name in kept if not self[name]._has_changed()]
        if untouched:
            self.data = self.data.copy()
            for name in untouched:
                stored = self[name].field.prepare_value(self._stored(name))
                self._put(name, stored)
                self._put(self[name].html_initial_name, stored)

    def _stored(self, name: str) -> Any:
        """What ``self.instance`` holds of field ``name`` now (a list of rows for a many-to-many)."""
        if isinstance(self.fields[name], forms.ModelMultipleChoiceField):
            return list(getattr(self.instance, name).order_by("pk"))
        return getattr(self.instance, name)

    def _put(self, key: str, value: Any) -> None:
        if not isinstance(value, list):
            self.data[key] = value
        elif hasattr(self.data, "setlist"):
            self.data.setlist(key, [str(item) for item in value])
        else:  # a form given a plain dict
            self.data[key] = [str(item) for item in value]

    @staticmethod
    def _same(a: Any, b: Any) -> bool:
        if isinstance(a, list | tuple | QuerySet) and isinstance(b, list | tuple | QuerySet):
            return {row.pk for row in a} == {row.pk for row in b}
        return a == b

    def _kept_if_untouched(self, cleaned: dict[str, Any]) -> None:
        """Call from ``clean``: ``self.instance`` still holds what is stored now."""
        if self.instance.pk is None or not self.is_bound:
            return
        changed = set(self.changed_data)  # against what the page was opened with
        for name in self.KEPT_IF_UNTOUCHED:
            if name not in self.fields or name not in cleaned:
                continue
            stored = self._stored(name)
            sent = self[name].html_initial_name
            if self.data.get(sent) is None:
                continue
            if name not in changed:
                cleaned[name] = stored
                continue
            field = self.fields[name]
            try:
                opened = field.to_python(self._widget_data_value(field.hidden_widget(), sent))
            except forms.ValidationError:
                continue
            if not self._same(opened, stored) and not self._same(cleaned[name], stored):
                self.add_error(name, CHANGED_MEANWHILE % {"value": self._as_listed(field, stored)})
                # The page shown again carries what is stored as opened: sent again after reading
                # the refusal, his value is written.
                self.data = self.data.copy()
                self._put(sent, field.prepare_value(stored))

    @staticmethod
    def _as_listed(field: forms.Field, stored: Any) -> str:
        """What the page's list calls a stored choice ("Bulgarian", "As the browser asks"), not its
        code (review 100: "it is now “bg”", "it is now “—”"); a tick box's as yes or no; rows by
        their names."""
        if isinstance(field, forms.BooleanField):
            return str(_("Yes") if stored else _("No"))
        if isinstance(field, forms.ModelMultipleChoiceField):
            return ", ".join(field.label_from_instance(row) for row in stored) or "—"
        if isinstance(field, forms.ChoiceField):
            for value, label in field.choices:
                if value == stored and (stored or str(label).strip("-")):
                    return str(label)
        return stored or "—"


class ProfileForm(KeptIfUntouched, _EmailNotTaken, forms.ModelForm):
    time_zone = forms.ChoiceField(label=_("Time zone"), choices=_time_zone_choices)
    preferred_language = forms.ChoiceField(
        label=_("Preferred language"),
        choices=[("", _("As the browser asks")), *settings.LANGUAGES],
        required=False,
    )
    # The address is where a password reset goes: whoever found a logged-in session could otherwise
    # point it at his own mailbox, ask for a reset and keep the account.
    current_password = forms.CharField(
        label=_("Current password"),
        required=False,
        strip=False,
        widget=forms.PasswordInput(attrs={"autocomplete": "current-password"}),
        help_text=_("Needed only to change the email address."),
    )

    class Meta:
        model = User
        fields = ("display_name", "email", "preferred_language", "time_zone")
        labels = {"display_name": _("Display name"), "email": _("Email")}

    def __init__(self, *args: Any, request: HttpRequest, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.request = request
        # The admin's form takes any zone the server knows ("Etc/GMT-3", "Poland"); left out of the
        # list, none showed as chosen and the next save of his profile moved him to its first, UTC.
        own = self.instance.time_zone
        choices = _time_zone_choices()
        if own and own not in dict(choices):
            self.fields["time_zone"].choices = [(own, own.replace("_", " ")), *choices]

    def clean(self) -> dict:
        cleaned = super().clean()
        email = cleaned.get("email")
        changed = email is not None and not same_address(email, self.instance.email or "")
        # Checked as a log-in is: wrong guesses count towards his lock-out (club.login_throttle).
        typed = cleaned.get("current_password") or ""
        if changed and not password_confirmed(self.request, self.instance, typed):
            self.add_error("current_password", _("Type your current password to change the email address."))
        return cleaned


ACCOUNT_SWITCHED_OFF = _(
    "This account has been switched off by the site's administrators, so it cannot log in. If you "
    "think this is a mistake, write to them."
)


class SiteAuthenticationForm(AuthenticationForm):
    """Django's log-in form. The right password of an account switched off was refused as a wrong
    one ("Please enter a correct username and password"): its owner typed it again, asked for a
    reset (which mails no account switched off) and never learnt why. Whoever types the right
    password is told; a wrong one is refused as any wrong password is."""

    username = BoundedUsernameField(widget=forms.TextInput(attrs={"autofocus": True}))

    def clean(self) -> dict:
        try:
            return super().clean()
        except forms.ValidationError as refusal:
            if refusal.code == "invalid_login" and self._switched_off_account_password():
                raise forms.ValidationError(ACCOUNT_SWITCHED_OFF, code="inactive") from None
            raise

    def _switched_off_account_password(self) -> bool:
        if getattr(self.request, "axes_locked_out", False):
            return False  # the lock-out's page answers, whatever was typed
        # Read as the log-in checked it (club.auth_backends): hashing the password again here made a
        # switched-off account's log-in take twice as long as any other's (review 112).
        return bool(getattr(self.request, SWITCHED_OFF_PASSWORD, False))


class CheckedPasswordChangeForm(PasswordChangeForm):
    """Django's password change, its old password checked as a log-in is (``password_confirmed``):
    wrong guesses count towards the lock-out, which Django's own form, asked without end, did not."""

    def __init__(self, user: User, *args: Any, request: HttpRequest, **kwargs: Any) -> None:
        super().__init__(user, *args, **kwargs)
        self.request = request

    #: The session's own change sent again (``change_sent_again``): refused unchecked, and the view
    #: says it is done.
    sent_again = False

    def clean_old_password(self) -> str:
        old_password = self.cleaned_data["old_password"]
        if change_sent_again(self.request, self.user, self.data):
            self.sent_again = True
            raise forms.ValidationError(self.error_messages["password_incorrect"], code="password_incorrect")
        if not password_confirmed(self.request, self.user, old_password):
            raise forms.ValidationError(self.error_messages["password_incorrect"], code="password_incorrect")
        return old_password


class ClubCreateForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=80)
    description = forms.CharField(
        label=_("Description"), max_length=2000, required=False, widget=forms.Textarea(attrs={"rows": 3})
    )
    join_policy = forms.ChoiceField(
        label=_("Who can join"),
        choices=Club.JoinPolicy.choices,
        initial=Club.JoinPolicy.OPEN,
        widget=forms.RadioSelect,
    )


#: The settings a club form shows, whose values when it was opened travel with it (``loaded``).
CLUB_FORM_KEYS = ("name", "description", "join_policy", "grant_limit", "self_grant_limit", "four_eyes_above")
FORM_DAMAGED = _("This form is damaged; reload the page.")


def club_form_loaded(club: Club) -> str:
    """The club's settings as the form opens them, for ``LoadedField``."""
    return json.dumps({key: getattr(club, key) for key in CLUB_FORM_KEYS}, ensure_ascii=False)


class LoadedField(forms.CharField):
    """Hidden: the values a club's settings form was opened with (``club_update(loaded=...)``), so
    a field its sender did not touch does not undo a change someone made meanwhile. Empty (a page
    from before it existed) is None: every field is written, as before."""

    widget = forms.HiddenInput

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("required", False)
        kwargs.setdefault("label", "")
        super().__init__(max_length=20000, error_messages={"max_length": FORM_DAMAGED}, **kwargs)

    def to_python(self, value: Any) -> dict[str, Any] | None:
        text = super().to_python(value)
        if not text:
            return None
        try:
            loaded = json.loads(text)
        except (ValueError, RecursionError):
            raise forms.ValidationError(FORM_DAMAGED) from None
        if not isinstance(loaded, dict) or not all(
            key in CLUB_FORM_KEYS and type(value) in (str, int) for key, value in loaded.items()
        ):
            raise forms.ValidationError(FORM_DAMAGED)
        return loaded

    def prepare_value(self, value: Any) -> Any:
        return json.dumps(value, ensure_ascii=False) if isinstance(value, dict) else value


class ClubSettingsForm(forms.Form):
    description = forms.CharField(
        label=_("Description"),
        max_length=2000,
        required=False,
        widget=forms.Textarea(attrs={"rows": 4}),
        help_text=_("What the club is about: shown on the club page and in the list of clubs."),
    )
    join_policy = forms.ChoiceField(
        label=_("Who can join"), choices=Club.JoinPolicy.choices, widget=forms.RadioSelect
    )
    grant_limit = WholeNumberField(
        required=False,
        label=_("Largest single grant"),
        min_value=1,
        max_value=10**15,
        help_text=_("No manager can grant more chips than this at once."),
    )
    self_grant_limit = WholeNumberField(
        required=False,
        label=_("Largest grant to oneself"),
        min_value=0,
        max_value=10**15,
        help_text=_(
            "0: managers cannot grant themselves chips. Any grant to oneself waits for a second manager."
        ),
    )
    four_eyes_above = WholeNumberField(
        required=False,
        label=_("A second manager approves above"),
        min_value=0,
        max_value=10**15,
        help_text=_("Grants and revokes of more chips than this wait for another manager's approval."),
    )
    loaded = LoadedField()


class InviteCreateForm(forms.Form):
    days_valid = WholeNumberField(label=_("Valid for (days)"), min_value=1, max_value=90, initial=7)
    max_uses = WholeNumberField(label=_("Number of uses"), min_value=1, max_value=1000, initial=1)
    # The same form sent twice (a double click, a browser's retry) makes one link (review 123), as
    # the table form's token opens one table. Optional: a page from before it makes a link each time.
    token = forms.CharField(widget=forms.HiddenInput, required=False, max_length=32)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("initial", {}).setdefault("token", uuid.uuid4().hex)
        super().__init__(*args, **kwargs)

    def clean_token(self) -> str:
        token = self.cleaned_data.get("token") or ""
        # Anything but the form's own hex (a damaged page) counts as no token: a link made each time.
        return token if all(c in "0123456789abcdef" for c in token) else ""


class RoleForm(forms.Form):
    role = forms.ChoiceField(choices=[(Membership.Role.MANAGER, ""), (Membership.Role.MEMBER, "")])


def _until_field(required: bool) -> WallClockField:
    # The hour the clocks change read as the table forms read it (Django's words said only that the
    # time "may be ambiguous or may not exist").
    return WallClockField(
        label=_("Until"),
        required=required,
        input_formats=["%Y-%m-%dT%H:%M", "%Y-%m-%d %H:%M", "%Y-%m-%d"],
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"),
    )


class BanForm(forms.Form):
    # The member reads the reason, and the audit log shows it: a right-to-left override would turn
    # it (and the row it stands in) around.
    reason = forms.CharField(
        label=_("Reason"), max_length=500, required=False, validators=[validate_visible_text]
    )
    until = _until_field(required=False)


class SuspendForm(forms.Form):
    reason = forms.CharField(label=_("Reason"), max_length=500, validators=[validate_visible_text])
    until = _until_field(required=True)


def form_problem(form: forms.Form) -> str:
    """The form's refusals in one sentence for a flash message: each field by its label, so a reason
    too long is not told as a bad date."""
    parts = []
    for name, errors in form.errors.items():
        field = form.fields.get(name)
        label = f"{field.label}: " if field is not None and field.label else ""
        parts.append(label + " ".join(str(e) for e in errors))
    return " ".join(parts)
