"""Review 53: a banned member read "The ban ends on Dec. 6, 2030, 5:05 a.m.." and a suspended one
"... until Dec. 6, 2030, 5:05 a.m..": an English time of day ends with "a.m." or "p.m." and the
sentence added its own full stop. Each ends with one full stop now, the other languages unchanged."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from club import services

from .conftest import client_for, m

pytestmark = pytest.mark.django_db

UNTIL = datetime(2030, 12, 6, 5, 5, tzinfo=UTC)


@pytest.mark.parametrize("what", ["ban", "suspend"])
@pytest.mark.parametrize(
    ("language", "until"),
    # The zone named after each time since review 156 (``moment``): the bracket ends the time.
    [("en", "Dec. 6, 2030, 5:05 a.m. (UTC).</p>"), ("ru", "6 декабря 2030 г. 5:05 (UTC).</p>")],
)
def test_the_end_of_a_ban_or_a_suspension_ends_with_one_full_stop(club, owner, member, what, language, until):
    if what == "ban":
        services.membership_ban(membership=m(club, member), actor=owner, reason="cheating", until=UNTIL)
    else:
        services.membership_suspend(membership=m(club, member), actor=owner, reason="rude", until=UNTIL)
    member.preferred_language = language
    member.save(update_fields=["preferred_language"])
    page = client_for(member).get(club.get_absolute_url()).content.decode()
    assert until in page
    assert "..</p>" not in page


@pytest.mark.parametrize(
    ("code", "params", "expected"),
    [
        ("suspended", {"reason": "rude"}, "until Dec. 6, 2030, 5:05 a.m. (UTC). Reason: rude"),
        ("banned_until", {"reason": "cheating"}, "until Dec. 6, 2030, 5:05 a.m. (UTC). Reason: cheating"),
    ],
)
def test_the_tables_say_the_end_with_one_full_stop(code, params, expected):
    from django.utils import translation

    from games.services.errors import TableError

    with translation.override("en"):
        text = TableError(code, until=UNTIL, **params).message
    assert expected in text and ".." not in text


def test_the_table_limit_says_its_time_with_one_full_stop():
    from django.utils import translation

    from games.services.errors import TableError

    with translation.override("en"):
        text = TableError("sits_limit", limit=5, when=UNTIL).message
    # The zone named since review 160, as the notices write a time.
    assert text.endswith("5:05 a.m. (UTC).") and ".." not in text
