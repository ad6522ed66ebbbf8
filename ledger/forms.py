from __future__ import annotations

import uuid
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from club.fields import WholeNumberField
from club.models import Club, Membership, validate_visible_text

from .labels import user_label
from .services.posting import MAX_AMOUNT

#: A hidden field a person never typed was changed or lost: the page is stale or was tampered with.
DAMAGED = _("This form is damaged; reload the page.")


class MemberChoiceField(forms.ModelChoiceField):
    def label_from_instance(self, obj: Membership) -> str:
        # Display names are not unique: the username tells the real Vera from an impostor.
        return user_label(obj.user)


class GrantForm(forms.Form):
    """A manager grants chips. ``token`` makes the grant idempotent: a form submitted twice (double
    click, browser retry) books one journal."""

    member = MemberChoiceField(label=_("Member"), queryset=Membership.objects.none())
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
        self.fields["member"].queryset = (
            Membership.objects.filter(club=club, status=Membership.Status.ACTIVE)
            .select_related("user")
            .order_by("user__username")
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
