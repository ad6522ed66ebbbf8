"""What a ban did, for the banned member's notice (``club/_banned_notice.html``)."""

from __future__ import annotations

from typing import Any

from django import template

from club.models import Membership
from club.selectors import ban_reservations_cancelled

register = template.Library()


@register.simple_tag
def ban_reservations(membership: Membership) -> list[dict[str, Any]]:
    return ban_reservations_cancelled(membership=membership)
