"""Review 59: the same suspension sent again (review 55) told the manager '... is already suspended
from the tables until Dec. 8, 2026, 5:05 a.m..': the English time ends with a full stop and the
sentence added its own, which review 53 had mended for every other such sentence."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest
from django.utils import timezone, translation

from club import services
from club.errors import ServiceError

from .conftest import m

pytestmark = pytest.mark.django_db


def test_the_same_suspension_again_ends_with_one_full_stop(club, owner, member):
    day = timezone.localdate() + timedelta(days=2)
    until = timezone.make_aware(datetime(day.year, day.month, day.day, 5, 5))
    services.membership_suspend(membership=m(club, member), actor=owner, reason="rude", until=until)
    with translation.override("en"), pytest.raises(ServiceError) as again:
        services.membership_suspend(membership=m(club, member), actor=owner, reason="rude", until=until)
    assert again.value.done
    text = again.value.message
    assert "a.m." in text and not text.endswith(".."), text
