from __future__ import annotations

import uuid
from typing import Any

from django import forms
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from club.confusables import invisible_characters, username_forms
from club.fields import PlainIdChoiceField, WholeNumberField
from club.models import (
    INVISIBLE_MESSAGE,
    Club,
    Membership,
    User,
    username_look_alikes,
    validate_visible_text,
)

from .labels import user_label
from .services.posting import MAX_AMOUNT

#: A hidden field a person never typed was changed or lost: the page is stale or was tampered with.
DAMAGED = _("This form is damaged; reload the page.")


class MemberChoiceField(PlainIdChoiceField):
    #: The club whose active members are the choices (set by the form).
    club: Club | None = None

    def label_from_instance(self, obj: Membership) -> str:
        # Display names are not unique: the username tells the real Vera from an impostor.
        return user_label(obj.user)

    def to_python(self, value: Any) -> Membership | None:
        try:
            return super().to_python(value)
        except forms.ValidationError as exc:
            if exc.code != "invalid_choice" or self.club is None:
                raise
            # A member of the list who left or was banned since the page was loaded: said so, as the
            # username's form says it, not "Select a valid choice" (review 101). Another club's
            # member stays no choice, unnamed.
            text = str(value)
            gone = (
                Membership.objects.filter(club=self.club, pk=int(text)).select_related("user").first()
                if text.isascii() and text.isdigit() and len(text) < 19
                else None
            )
            if gone is None:
                raise
            raise forms.ValidationError(
                _("@%(username)s is not an active member of this club: chips go to active members only."),
                params={"username": gone.user.username},
            ) from exc


#: Up to this many active members the grant form offers a list of them; beyond, a username to type.
GRANT_SELECT_MAX = 50


class GrantForm(forms.Form):
    """A manager grants chips. ``token`` makes the grant idempotent: a form submitted twice (double
    click, browser retry) books one journal."""

    # A club of up to ``GRANT_SELECT_MAX`` active members gets a list to choose from (posting the
    # membership's id); a bigger one a username to type (``member_name``): a list of every member
    # was some 30 KB of the club page for 500 members, and no easier to use. Either is accepted.
    member = MemberChoiceField(label=_("Member"), queryset=Membership.objects.none(), required=False)
    member_name = forms.CharField(
        label=_("Member"),
        required=False,
        max_length=150,
        help_text=_("The member's username, as the members list shows it after the @."),
        widget=forms.TextInput(
            attrs={
                "autocomplete": "off",
                "autocapitalize": "none",
                "spellcheck": "false",
                "placeholder": _("username"),
            }
        ),
    )
    kind = forms.ChoiceField(
        label=_("Grant or take back"),
        choices=(("grant", _("Grant")), ("revoke", _("Take back"))),
        initial="grant",
        required=False,
    )
    amount = WholeNumberField(label=_("Chips"), min_value=1, max_value=MAX_AMOUNT)
    reason = forms.CharField(label=_("Reason"), max_length=500, validators=[validate_visible_text])
    token = forms.CharField(
        label=_("Form token"),
        widget=forms.HiddenInput,
        max_length=32,
        min_length=32,
        error_messages={key: DAMAGED for key in ("required", "min_length", "max_length")},
    )

    def __init__(self, *args: Any, club: Club, **kwargs: Any) -> None:
        kwargs.setdefault("initial", {}).setdefault("token", uuid.uuid4().hex)
        super().__init__(*args, **kwargs)
        self.club = club
        self.fields["member"].club = club
        self.fields["member"].queryset = (
            Membership.objects.filter(club=club, status=Membership.Status.ACTIVE)
            .select_related("user")
            .order_by("user__username")
        )
        self._by_name: bool | None = None

    @property
    def by_name(self) -> bool:
        """Whether the form asks for a username (a club of more than ``GRANT_SELECT_MAX`` active
        members) rather than offering the list of them; read once, with a bounded query."""
        if self._by_name is None:
            queryset = self.fields["member"].queryset
            self._by_name = queryset.values("pk")[: GRANT_SELECT_MAX + 1].count() > GRANT_SELECT_MAX
        return self._by_name

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if "member" in self.errors or "member_name" in self.errors:
            return data
        name = (data.get("member_name") or "").strip()
        if name:
            try:
                data["member"] = self._member_named(name.removeprefix("@").strip())
            except forms.ValidationError as exc:
                self.add_error("member_name", exc)
        elif data.get("member") is None:
            self.add_error(
                "member_name" if self.by_name else "member", _("Choose the member to grant chips to.")
            )
        return data

    def _member_named(self, name: str) -> Membership:
        """The club's active member of that username (in any case). A name that only looks like a
        member's (Cyrillic "а" for Latin "a", 0 for o) is not taken for his: chips go where the
        manager typed exactly, and he is shown whom he may have meant. Whether someone outside the
        club has the name is not told."""
        if not name:
            raise forms.ValidationError(_("Choose the member to grant chips to."))
        if invisible_characters(name):
            # "vera" with a zero-width space reads as "vera": "no member is called vera" would puzzle.
            raise forms.ValidationError(INVISIBLE_MESSAGE)
        # The name as typed too: of two old names that came to read alike, the later keeps a marked
        # form ("hana#7", club.migrations 0014) and was found by no form of what the manager typed.
        look_alikes = User.objects.filter(
            username_look_alikes(username_forms(name)) | Q(username__iexact=name)
        )
        found = list(
            Membership.objects.filter(club=self.club, user__in=look_alikes).select_related("user")[:5]
        )
        exact = [m for m in found if m.user.username.casefold() == name.casefold()]
        if exact:
            member = exact[0]
            if member.status != Membership.Status.ACTIVE:
                raise forms.ValidationError(
                    _("@%(username)s is not an active member of this club: chips go to active members only."),
                    params={"username": member.user.username},
                )
            return member
        if found:
            raise forms.ValidationError(
                _(
                    "No member's username is “%(name)s”. Did you mean %(member)s? Type the username "
                    "exactly as the members list shows it."
                ),
                params={"name": name, "member": user_label(found[0].user)},
            )
        raise forms.ValidationError(
            _("No member of this club has the username “%(name)s”."), params={"name": name}
        )

    def clean_token(self) -> str:
        token = self.cleaned_data["token"]
        if any(c not in "0123456789abcdef" for c in token):
            raise forms.ValidationError(DAMAGED)
        return token


class ChipRequestForm(forms.Form):
    """A member asks the managers for chips."""

    amount = WholeNumberField(label=_("Chips"), min_value=1, max_value=MAX_AMOUNT)
    note = forms.CharField(
        label=_("Why (optional)"), max_length=500, required=False, validators=[validate_visible_text]
    )


class AnswerForm(forms.Form):
    """A manager's answer to a request for chips, or to an adjustment waiting for a second manager."""

    answer = forms.CharField(
        label=_("Note"), max_length=500, required=False, validators=[validate_visible_text]
    )
    amount = WholeNumberField(label=_("Chips"), min_value=1, max_value=MAX_AMOUNT, required=False)
    token = forms.CharField(
        label=_("Form token"),
        widget=forms.HiddenInput,
        max_length=32,
        required=False,
        error_messages={"max_length": DAMAGED},
    )
