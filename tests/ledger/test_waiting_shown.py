"""The club page lists what waits for its managers, the oldest fifty of each kind (review 26 saw no
sign of a 51st): past fifty it says more wait after them, and the page's queries stay the same."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from club.models import Club, Membership, User
from ledger.models import Adjustment
from ledger.services import chips_request
from ledger.templatetags.ledger import WAITING_SHOWN

pytestmark = pytest.mark.django_db


def _page(club: Club, owner: User) -> tuple[str, int]:
    client = Client()
    client.force_login(owner, backend="django.contrib.auth.backends.ModelBackend")
    client.get(f"/clubs/{club.slug}/")  # warm the process's caches
    with CaptureQueriesContext(connection) as captured:
        page = client.get(f"/clubs/{club.slug}/")
    assert page.status_code == 200
    return page.content.decode(), len(captured.captured_queries)


def _ask(members: list[Membership]) -> None:
    for m in members:
        chips_request(member=m, amount=10, note=f"for {m.user.username}")


def test_fifty_requests_show_all_and_the_fifty_first_is_told(
    club: Club, owner: User, member_factory: Callable[..., Membership]
) -> None:
    members = [member_factory() for _ in range(WAITING_SHOWN + 1)]
    _ask(members[:WAITING_SHOWN])
    html, queries = _page(club, owner)
    assert f"for {members[WAITING_SHOWN - 1].user.username}”" in html
    assert 'id="more-requests"' not in html
    _ask(members[WAITING_SHOWN:])
    html_more, queries_more = _page(club, owner)
    assert 'id="more-requests"' in html_more
    assert f"The oldest {WAITING_SHOWN} are shown; more wait after them." in html_more
    assert f"for {members[WAITING_SHOWN].user.username}”" not in html_more  # the newest waits
    assert f"for {members[0].user.username}”" in html_more
    assert queries_more == queries


def test_adjustments_past_fifty_are_told_too(
    club: Club, owner: User, member_factory: Callable[..., Membership]
) -> None:
    member = member_factory()
    for i in range(WAITING_SHOWN + 1):
        html = _page(club, owner)[0] if i == WAITING_SHOWN else ""
        Adjustment.objects.create(
            club=club, member=member, kind="grant", amount=1000 + i, reason=f"big {i}",
            requested_by=owner, request_key=f"test-{club.pk}-{i}",
        )
    assert 'id="more-adjustments"' not in html
    html_more = _page(club, owner)[0]
    assert 'id="more-adjustments"' in html_more
    assert "+1000 ·" in html_more and f"+{1000 + WAITING_SHOWN} ·" not in html_more
