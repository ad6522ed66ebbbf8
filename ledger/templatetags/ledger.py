"""Template helpers for the club page's chips box (templates/ledger/_club_chips.html)."""

from __future__ import annotations

from django import template

from club.models import Club, Membership

from ..forms import GrantForm
from ..selectors import wallet_balance

register = template.Library()


@register.simple_tag
def ledger_wallet_balance(membership: Membership | None) -> int:
    return wallet_balance(membership=membership) if membership is not None and membership.pk else 0


@register.simple_tag
def ledger_grant_form(club: Club) -> GrantForm:
    return GrantForm(club=club)
